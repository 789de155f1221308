import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore } from './memory.ts';
import { START, type EventStore, type Position, type Subscription } from './port.ts';
import { waitForSubscriber } from './wait-for-subscriber.ts';

const target: Position = { transactionId: 1n, globalPosition: 10n };
/** How long the stored checkpoint takes to read, like a busy database. */
const READ_MS = 20;

/** A local subscription that never gets there: another instance holds the subscriber's lock and moves it on. */
const standby = (): Subscription => ({
  waitFor: (_position, timeoutMs = 0) => new Promise((_resolve, reject) => setTimeout(() => reject(new Error('behind')), timeoutMs)),
  position: () => START,
  stop: async () => undefined,
});

/** A store whose stored checkpoint the other instance sets, counting the reads of it. */
function storeWithCheckpoint() {
  const state = { stored: null as Position | null, reads: 0 };
  const store: EventStore = {
    ...createMemoryEventStore(),
    loadCheckpoint: () => {
      state.reads += 1;
      const stored = state.stored;
      return new Promise((resolve) => setTimeout(() => resolve(stored), READ_MS));
    },
  };
  return { store, state };
}

describe('waitForSubscriber while another instance runs the subscriber', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers every waiter once the stored checkpoint gets there, the waiters sharing each read of it', async () => {
    const { store, state } = storeWithCheckpoint();
    const subscription = standby();
    const settled: string[] = [];
    for (let i = 0; i < 100; i++) {
      setTimeout(() => {
        waitForSubscriber({ store, subscription, subscriber: 'engine', position: target, timeoutMs: 10_000 }).then(
          () => settled.push('reached'),
          () => settled.push('timed out'),
        );
      }, i);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toEqual([]);
    state.stored = target;
    await vi.advanceTimersByTimeAsync(600);
    expect(settled).toEqual(Array(100).fill('reached'));
    // One read a slice or so for all of them; one per waiter and slice would be 500 or more.
    expect(state.reads).toBeLessThanOrEqual(10);
  });

  it('still gives up at the deadline when the checkpoint never gets there', async () => {
    const { store } = storeWithCheckpoint();
    const subscription = standby();
    const waiting = waitForSubscriber({ store, subscription, subscriber: 'engine', position: target, timeoutMs: 600 });
    const outcome = waiting.then(
      () => 'reached',
      (error: unknown) => String(error),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBe('Error: engine did not reach 10 within 600 ms');
  });

  it('does not share a failed read with the waiters after it', async () => {
    const { store, state } = storeWithCheckpoint();
    const subscription = standby();
    let failNext = true;
    const load = store.loadCheckpoint;
    store.loadCheckpoint = (subscriber) => {
      if (!failNext) return load(subscriber);
      failNext = false;
      state.reads += 1;
      return Promise.reject(new Error('connection lost'));
    };
    const first = waitForSubscriber({ store, subscription, subscriber: 'engine', position: target, timeoutMs: 10_000 }).then(
      () => 'reached',
      (error: unknown) => String(error),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(await first).toBe('Error: connection lost');
    state.stored = target;
    const second = waitForSubscriber({ store, subscription, subscriber: 'engine', position: target, timeoutMs: 10_000 });
    await vi.advanceTimersByTimeAsync(300);
    await expect(second).resolves.toBeUndefined();
  });
});
