import { describe, expect, it } from 'vitest';
import { START, type Position, type StoredEvent } from './port.ts';
import { startSubscription, type SubscriptionSource } from './subscription.ts';

const fakeEvent = (position: number): StoredEvent => ({
  streamId: 's-1',
  streamPosition: position,
  eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  type: 'E',
  schemaVersion: 1,
  data: {},
  metadata: {},
  transactionId: 1n,
  globalPosition: BigInt(position),
  recordedAt: new Date(0),
});

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
      return { position, events: 1 };
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

  it('stops at once when stop() comes while a batch is being handled', async () => {
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let taken = false;
    const source: SubscriptionSource = {
      loadCheckpoint: async () => null,
      async processBatch(_subscriber, _batchSize, handle) {
        if (taken) return null;
        taken = true;
        await handle([fakeEvent(1)], { tx: null });
        return { position: { transactionId: 1n, globalPosition: 1n }, events: 1 };
      },
      onAppend: () => () => undefined,
    };
    const handle = async () => {
      started();
      await finished;
    };
    const subscription = startSubscription(source, { subscriber: 's', pollIntervalMs: 600_000, handle });
    await handling;
    const stopped = subscription.stop();
    finish();
    const outcome = await Promise.race([
      stopped.then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000)),
    ]);
    expect(outcome).toBe('stopped');
  });
});

describe('coalescing batches', () => {
  /**
   * A source handing out what was appended, up to a batch at a time, to the handler; appends `skipped` says so are
   * passed over without a handler call (as a store skips a batch of nothing the handler accepts).
   */
  function countingSource() {
    let listener: (() => void) | null = null;
    let appended = 0;
    let handled = 0;
    const batches: number[] = [];
    const skipped = new Set<number>();
    const source: SubscriptionSource = {
      loadCheckpoint: async () => null,
      async processBatch(_subscriber, batchSize, handle) {
        if (handled === appended) return null;
        const size = Math.min(batchSize, appended - handled);
        const positions = Array.from({ length: size }, (_, i) => handled + i + 1);
        batches.push(size);
        if (!positions.every((p) => skipped.has(p))) await handle(positions.map(fakeEvent), { tx: null });
        handled += size;
        return { position: { transactionId: 1n, globalPosition: BigInt(handled) }, events: size };
      },
      onAppend(l) {
        listener = l;
        return () => (listener = null);
      },
    };
    return {
      source,
      batches,
      append(options: { skipped?: boolean } = {}): Position {
        appended += 1;
        if (options.skipped) skipped.add(appended);
        listener?.();
        return { transactionId: 1n, globalPosition: BigInt(appended) };
      },
    };
  }

  it('does not wait after a full batch or a skipped one: the subscriber would only fall behind', async () => {
    const fake = countingSource();
    const options = { subscriber: 's', pollIntervalMs: 5, coalesceMs: 60_000, batchSize: 2, handle: async () => {} };
    const subscription = startSubscription(fake.source, options);
    try {
      await new Promise((resolve) => setTimeout(resolve, 20)); // started, and found nothing
      for (let i = 0; i < 4; i++) fake.append({ skipped: true });
      let last = fake.append();
      for (let i = 0; i < 4; i++) last = fake.append();
      // Two skipped batches, two full ones, then the last one, without a minute's wait in between.
      const deadline = Date.now() + 3_000;
      while (fake.batches.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.batches).toEqual([2, 2, 2, 2, 1]);
      expect(subscription.position()).toEqual(last);
    } finally {
      await subscription.stop();
    }
  });

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
