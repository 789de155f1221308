import { createMemoryEventStore, newUuid, type StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { startStoreTail } from './store-tail.ts';

const appendOne = (store: ReturnType<typeof createMemoryEventStore>, streamId: string) =>
  store.append([
    { streamId, streamType: 'test', expectedVersion: 'any', events: [{ eventId: newUuid(), type: 'Happened', data: {}, metadata: {} }] },
  ]);

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('the push tail', () => {
  it('pushes a batch again when handling it failed, so a passing error loses no push', async () => {
    const store = createMemoryEventStore();
    const handled: string[][] = [];
    let failures = 1;
    const tail = startStoreTail({
      store,
      pollMs: 5,
      handle: async (events: readonly StoredEvent[]) => {
        if (failures-- > 0) throw new Error('hub briefly unavailable');
        handled.push(events.map((e) => e.streamId));
      },
    });
    await tail.ready();
    await appendOne(store, 'room-AAAAAA');
    await until(() => handled.length === 1);
    expect(handled).toEqual([['room-AAAAAA']]);
    await tail.stop();
  });

  it('moves past a batch that keeps failing, and goes on pushing what follows', async () => {
    const store = createMemoryEventStore();
    const handled: string[] = [];
    const errors: unknown[] = [];
    const tail = startStoreTail({
      store,
      pollMs: 5,
      onError: (error) => errors.push(error),
      handle: async (events: readonly StoredEvent[]) => {
        if (events.some((e) => e.streamId === 'poison')) throw new Error('cannot push this');
        handled.push(...events.map((e) => e.streamId));
      },
    });
    await tail.ready();
    await appendOne(store, 'poison');
    await until(() => errors.length >= 3);
    await appendOne(store, 'room-BBBBBB');
    await until(() => handled.includes('room-BBBBBB'));
    expect(errors).toHaveLength(3);
    await tail.stop();
  });
});
