import { createMemoryEventStore, type EventStore, type StreamAppend } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { duelModule } from '../games/hangman-duel/module.ts';
import type { DuelState } from '../games/hangman-duel/state.ts';
import { FOLDED_OVER_MAX } from './game-stream.ts';
import { matchStream } from './room-match.ts';
import { eventsOf } from './shell.ts';

const AT = '2026-03-02T06:00:00.000Z';
const SEED = 'ab'.repeat(32);
const stream = matchStream(duelModule);

const matchIdOf = (i: number) => `hangman-duel.00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

async function append(
  store: EventStore,
  matchId: string,
  expectedVersion: StreamAppend['expectedVersion'],
  step: string,
  events: readonly { type: string; data: object }[],
) {
  const streamId = stream.streamId(matchId);
  const command = { commandId: `${matchId}:${step}`, correlationId: matchId, actorId: 'p1' };
  await store.append([
    { streamId, streamType: duelModule.stream.streamType, expectedVersion, events: eventsOf(command, streamId, events) },
  ]);
}

/** A two-player duel started and folded; unless it is to stay in play, ended by a player leaving and folded again. */
async function duel(store: EventStore, i: number, end: boolean) {
  const matchId = matchIdOf(i);
  const setup = {
    matchId,
    roomCode: 'ROOM01',
    players: ['p1', 'p2'],
    gameDuration: 'normal' as const,
    language: 'en' as const,
    startedAt: AT,
  };
  await append(store, matchId, 'no_stream', 'start', duelModule.start(setup, SEED));
  const started = await stream.load(store, matchId);
  if (!end) return started;
  const left = duelModule.step(duelModule.leaveCommand('p1', AT), started.state as DuelState);
  if (typeof left === 'string') throw new Error(left);
  await append(store, matchId, started.version!, 'leave', left.events);
  const over = await stream.load(store, matchId);
  expect(duelModule.clockOf(over.state as DuelState).status).toBe('finished');
  return over;
}

describe('folded matches', () => {
  it('a match over leaves the matches in play: only the last few ended stay folded', async () => {
    const store = createMemoryEventStore();
    await duel(store, 0, false);
    let last = null;
    for (let i = 1; i <= FOLDED_OVER_MAX + 50; i++) last = await duel(store, i, true);
    expect(stream.held(store)).toEqual({ inPlay: 1, atRest: FOLDED_OVER_MAX });
    expect(stream.cached(store, matchIdOf(0))).toBeDefined();
    expect(stream.cached(store, matchIdOf(FOLDED_OVER_MAX + 50))).toBe(last);
    expect(stream.cached(store, matchIdOf(1))).toBeUndefined();
  });

  it('a match no longer folded is read again whole from the store', async () => {
    const store = createMemoryEventStore();
    const first = await duel(store, 1, true);
    for (let i = 2; i <= FOLDED_OVER_MAX + 1; i++) await duel(store, i, true);
    expect(stream.cached(store, matchIdOf(1))).toBeUndefined();
    const again = await stream.load(store, matchIdOf(1));
    expect(again).not.toBe(first);
    expect(again.version).toBe(first.version);
    expect(again.events).toEqual(first.events);
    expect(again.commandIds).toEqual(new Set([`${matchIdOf(1)}:start`, `${matchIdOf(1)}:leave`]));
    expect(duelModule.clockOf(again.state as DuelState).status).toBe('finished');
  });
});

describe('a step this process appended', () => {
  /** A duel's leave, appended and remembered as the engine does after a move. */
  async function leaveAndRemember(store: EventStore, i: number, from: (loaded: Awaited<ReturnType<typeof stream.load>>) => typeof loaded) {
    const matchId = matchIdOf(i);
    const started = await duel(store, i, false);
    const left = duelModule.step(duelModule.leaveCommand('p1', AT), started.state as DuelState);
    if (typeof left === 'string') throw new Error(left);
    const streamId = stream.streamId(matchId);
    const command = { commandId: `${matchId}:leave`, correlationId: matchId, actorId: 'p1' };
    const result = await store.append([
      {
        streamId,
        streamType: duelModule.stream.streamType,
        expectedVersion: started.version!,
        events: eventsOf(command, streamId, left.events),
      },
    ]);
    if (result.outcome !== 'appended') throw new Error('expected an append');
    stream.remember(store, matchId, from(started), {
      events: left.events,
      state: left.state,
      commandId: command.commandId,
      stored: result.events,
    });
    return { matchId, started, left };
  }

  it('is folded as its decider folded it, exactly as a read of the stream folds it', async () => {
    const store = createMemoryEventStore();
    const { matchId, left } = await leaveAndRemember(store, 1, (started) => started);
    const remembered = stream.cached(store, matchId)!;
    expect(remembered.state).toBe(left.state);
    expect(await stream.load(store, matchId)).toBe(remembered);
    // The same match read whole by a process that did not append it.
    const fresh = createMemoryEventStore();
    for (const event of await store.readStream(stream.streamId(matchId))) {
      await fresh.append([
        {
          streamId: event.streamId,
          streamType: duelModule.stream.streamType,
          expectedVersion: 'any',
          events: [{ eventId: event.eventId, type: event.type, data: event.data, metadata: event.metadata }],
        },
      ]);
    }
    const read = await stream.load(fresh, matchId);
    expect(JSON.parse(JSON.stringify(remembered.state))).toEqual(JSON.parse(JSON.stringify(read.state)));
    expect(remembered.version).toBe(read.version);
    expect(remembered.commandIds).toEqual(read.commandIds);
    expect(remembered.events).toHaveLength(read.events.length);
  });

  it('is not remembered onto a fold the cache no longer holds: the next load reads it', async () => {
    const store = createMemoryEventStore();
    const { matchId, left } = await leaveAndRemember(store, 2, (started) => ({ ...started }));
    const loaded = await stream.load(store, matchId);
    expect(loaded.state).not.toBe(left.state);
    expect(duelModule.clockOf(loaded.state as DuelState).status).toBe('finished');
  });
});
