import { describe, expect, it } from 'vitest';
import { START, type Position } from './port.ts';
import { startSubscription, type SubscriptionSource } from './subscription.ts';

/** A source whose appends become readable only after a few reads, like a commit behind an open transaction. */
function lateVisibilitySource(readsUntilVisible: number) {
  let listener: (() => void) | null = null;
  let pendingReads = -1;
  let handled = 0;
  const source: SubscriptionSource = {
    loadCheckpoint: async () => null,
    async processBatch() {
      if (pendingReads < 0) return null;
      if (pendingReads-- > 0) return null;
      handled += 1;
      const position: Position = { transactionId: 1n, globalPosition: BigInt(handled) };
      return position;
    },
    onAppend(l) {
      listener = l;
      return () => (listener = null);
    },
  };
  return {
    source,
    append() {
      pendingReads = readsUntilVisible;
      listener?.();
    },
    handled: () => handled,
  };
}

describe('catch-up subscription loop', () => {
  it('follows up a wake-up whose events are not readable yet, instead of sleeping a whole poll interval', async () => {
    const fake = lateVisibilitySource(4);
    const subscription = startSubscription(fake.source, { subscriber: 's', pollIntervalMs: 600_000, handle: async () => {} });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // asleep on its long poll
      fake.append();
      const deadline = Date.now() + 10_000;
      while (fake.handled() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.handled()).toBe(1);
      expect(subscription.position()).not.toEqual(START);
    } finally {
      await subscription.stop();
    }
  });
});

describe('coalescing batches', () => {
  /** A source with `available` events to hand out one batch (all of them) at a time. */
  function countingSource() {
    let listener: (() => void) | null = null;
    let appended = 0;
    let handled = 0;
    const batches: number[] = [];
    const source: SubscriptionSource = {
      loadCheckpoint: async () => null,
      async processBatch() {
        if (handled === appended) return null;
        batches.push(appended - handled);
        handled = appended;
        return { transactionId: 1n, globalPosition: BigInt(handled) };
      },
      onAppend(l) {
        listener = l;
        return () => (listener = null);
      },
    };
    return {
      source,
      batches,
      append(): Position {
        appended += 1;
        listener?.();
        return { transactionId: 1n, globalPosition: BigInt(appended) };
      },
    };
  }

  it('takes the appends that came while it waited in one batch', async () => {
    const fake = countingSource();
    const subscription = startSubscription(fake.source, { subscriber: 's', pollIntervalMs: 5, coalesceMs: 200, handle: async () => {} });
    try {
      await subscription.waitFor(fake.append());
      for (let i = 0; i < 5; i++) fake.append();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(fake.batches).toEqual([1, 5]);
    } finally {
      await subscription.stop();
    }
  });

  it('stops waiting as soon as someone waits for a position', async () => {
    const fake = countingSource();
    const subscription = startSubscription(fake.source, { subscriber: 's', pollIntervalMs: 5, coalesceMs: 60_000, handle: async () => {} });
    try {
      await subscription.waitFor(fake.append());
      const started = Date.now();
      await subscription.waitFor(fake.append(), 10_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await subscription.stop();
    }
  });
});
