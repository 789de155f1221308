import { createMemoryEventStore, newUuid, type EventStore, type StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { createRelayedStreams } from './relayed-streams.ts';

/** A store that counts its stream reads (what a push would ask PostgreSQL). */
function countingStore() {
  const store = createMemoryEventStore();
  const reads: string[] = [];
  const counted: EventStore = new Proxy(store, {
    get(target, property) {
      if (property === 'readStream')
        return (streamId: string, options?: { after?: number }) => (reads.push(streamId), target.readStream(streamId, options));
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, counted, reads };
}

async function appendMoves(store: EventStore, streamId: string, count: number): Promise<StoredEvent[]> {
  const result = await store.append([
    {
      streamId,
      streamType: 'duel',
      expectedVersion: 'any',
      events: Array.from({ length: count }, () => ({ eventId: newUuid(), type: 'Guessed', data: {}, metadata: {} })),
    },
  ]);
  if (result.outcome !== 'appended') throw new Error('not appended');
  return [...result.events];
}

describe('relayed engine streams (a distributed gateway folding pushes from what the relay brought)', () => {
  it('answers a push from the relayed events, without asking the database', async () => {
    const { store, counted, reads } = countingStore();
    const relayed = createRelayedStreams();
    const view = relayed.over(counted);
    const first = await appendMoves(store, 'duel-m1', 2);
    first.forEach((event) => relayed.record(event));
    const inPush = await relayed.duringPush(() => view.readStream('duel-m1'));
    expect(inPush.map((e) => e.streamPosition)).toEqual([1, 2]);
    const later = await appendMoves(store, 'duel-m1', 1);
    later.forEach((event) => relayed.record(event));
    expect((await relayed.duringPush(() => view.readStream('duel-m1', { after: 2 }))).map((e) => e.streamPosition)).toEqual([3]);
    expect(reads).toEqual([]);
  });

  it('asks the database outside a push (a command reads what the engine appended, relayed or not)', async () => {
    const { store, counted, reads } = countingStore();
    const relayed = createRelayedStreams();
    const events = await appendMoves(store, 'duel-m2', 2);
    relayed.record(events[0]!);
    // the second event is appended but not relayed yet: a snapshot must still show it
    expect((await relayed.over(counted).readStream('duel-m2')).map((e) => e.streamPosition)).toEqual([1, 2]);
    expect(reads).toEqual(['duel-m2']);
  });

  it('asks the database for what came before the first relayed event, and for streams the gateway writes', async () => {
    const { store, counted, reads } = countingStore();
    const relayed = createRelayedStreams();
    const events = await appendMoves(store, 'room-ABCDEF', 3);
    relayed.record(events[2]!); // followed from the third on
    const player = await appendMoves(store, 'player-u1', 1);
    relayed.record(player[0]!);
    const view = relayed.over(counted);
    await relayed.duringPush(async () => {
      expect((await view.readStream('room-ABCDEF')).map((e) => e.streamPosition)).toEqual([1, 2, 3]);
      expect((await view.readStream('room-ABCDEF', { after: 2 })).map((e) => e.streamPosition)).toEqual([3]);
      await view.readStream('player-u1');
    });
    expect(reads).toEqual(['room-ABCDEF', 'player-u1']);
  });
});
