import { describe, expect, it } from 'vitest';
import { newUuid } from '../uuid.ts';
import { createMemoryEventStore } from './memory.ts';
import { observeAppends, type AppendObservation } from './observe.ts';
import { WrongExpectedVersionError, type StreamAppend } from './port.ts';

const append = (streamId: string, eventIds: readonly string[], expectedVersion: StreamAppend['expectedVersion'] = 'any'): StreamAppend => ({
  streamId,
  streamType: 'test',
  expectedVersion,
  events: eventIds.map((eventId) => ({ eventId, type: 'Happened', data: {} })),
});

describe('observeAppends', () => {
  it('tells the observer how each append ended, how long it took and what it stored', async () => {
    const seen: AppendObservation[] = [];
    const store = observeAppends(createMemoryEventStore(), (observation) => seen.push(observation));
    const ids = [newUuid(), newUuid()];
    await store.append([append('s-1', ids), append('s-2', [newUuid()])]);
    await store.append([append('s-1', ids)]);
    await expect(store.append([append('s-1', [newUuid()], 'no_stream')])).rejects.toBeInstanceOf(WrongExpectedVersionError);

    expect(
      seen.map(({ outcome, requestedEvents, streams, events }) => ({ outcome, requestedEvents, streams, stored: events.length })),
    ).toEqual([
      { outcome: 'appended', requestedEvents: 3, streams: 2, stored: 3 },
      { outcome: 'duplicate', requestedEvents: 2, streams: 1, stored: 0 },
      { outcome: 'conflict', requestedEvents: 1, streams: 1, stored: 0 },
    ]);
    for (const { durationSeconds } of seen) expect(durationSeconds).toBeGreaterThanOrEqual(0);
    expect((await store.readStream('s-1')).length).toBe(2);
  });

  it('never fails an append because its observer threw', async () => {
    const store = observeAppends(createMemoryEventStore(), () => {
      throw new Error('observer bug');
    });
    await expect(store.append([append('s-1', [newUuid()])])).resolves.toMatchObject({ outcome: 'appended' });
  });
});
