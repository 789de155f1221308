import {
  comparePositions,
  START,
  type AppendedTypes,
  type Position,
  type StoredEvent,
  type Subscription,
  type SubscribeOptions,
  type SubscriptionHandlerContext,
} from './port.ts';

export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_POLL_INTERVAL_MS = 250;
const MAX_BACKOFF_MS = 5_000;
/**
 * First re-check after a wake-up that found nothing: the append may not be visible yet (see below). What hides it
 * is another transaction still open, and appends are one statement, so it is usually gone within milliseconds;
 * with `hasEventsAfter` a re-check is one cheap query.
 */
const FIRST_FOLLOW_UP_MS = 2;
/** Re-checks double up to this interval (they are one query each with `peek`)... */
const MAX_FOLLOW_UP_MS = 20;
/** ...for this long after the last wake-up; a horizon held back longer than that is left to the regular poll. */
const FOLLOW_UP_WINDOW_MS = 1_000;

/** A batch a source took: where it ends, and how many events it held (handled, or passed over as none of the handler's). */
export interface TakenBatch {
  readonly position: Position;
  readonly events: number;
}

export interface SubscriptionSource {
  loadCheckpoint(subscriber: string): Promise<Position | null>;
  /**
   * Reads the next batch after the stored checkpoint, hands it to `handle` and stores the new checkpoint,
   * all in one unit (one transaction for SQL stores). Returns the batch taken, or null when nothing was new (or
   * another instance holds the subscriber's turn).
   */
  processBatch(
    subscriber: string,
    batchSize: number,
    handle: (events: readonly StoredEvent[], context: SubscriptionHandlerContext) => Promise<void>,
  ): Promise<TakenBatch | null>;
  /** Registers a wake-up for appends (with their types when known); returns the unregister function. */
  onAppend(listener: (types?: AppendedTypes) => void): () => void;
  /**
   * Optional and cheap (one query, no transaction): the subscriber's stored checkpoint and whether a readable event
   * follows its position. Lets the loop skip the batch when a wake-up or poll finds nothing new (a false "yes" only
   * costs that batch), and a standby instance follow the checkpoint of the one doing the work. A source may read
   * the next batch (up to `batchSize`) with it, for the `processBatch` that follows. `standingBy`: events wait, but
   * another instance is handling them; this one follows its checkpoint without re-checking at every wake-up.
   */
  peek?(
    subscriber: string,
    batchSize: number,
  ): Promise<{ readonly checkpoint: Position | null; readonly more: boolean; readonly standingBy?: boolean }>;
}

/** A catch-up subscription: reads history from its checkpoint, then follows live appends. */
export function startSubscription(source: SubscriptionSource, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  let current: Position = START;
  let stopped = false;
  let wake: (() => void) | null = null;
  let dirty = true;
  // A wake-up can come before the append is readable: SQL readers only see it once every older transaction
  // has ended. Until a wake-up's events show up, re-check at growing intervals instead of a full poll.
  let wakeUps = 0;
  let followUpMs = 0;
  let followUpUntil = 0;
  const waiters = new Set<{ target: Position; resolve: () => void }>();

  const { wakesFor } = options;
  const unregister = source.onAppend((types) => {
    if (types && wakesFor && ![...types].some(wakesFor)) return;
    dirty = true;
    wakeUps += 1;
    followUpMs = FIRST_FOLLOW_UP_MS;
    followUpUntil = Date.now() + FOLLOW_UP_WINDOW_MS;
    wake?.();
  });

  const settleWaiters = () => {
    for (const waiter of waiters) {
      if (comparePositions(current, waiter.target) >= 0) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  let hurry: (() => void) | null = null;
  const coalesce = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        hurry = null;
        resolve();
      }
      hurry = done;
    });

  // stop() wakes a sleep under way; one that starts after it (stop came while a batch ran) must not begin.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    let failures = 0;
    let started = false;
    while (!stopped) {
      try {
        if (!started) {
          current = (await source.loadCheckpoint(options.subscriber)) ?? START;
          started = true;
          settleWaiters();
        }
        dirty = false;
        const wakeUpsBefore = wakeUps;
        const peeked = source.peek ? await source.peek(options.subscriber, batchSize) : null;
        if (peeked?.checkpoint && comparePositions(peeked.checkpoint, current) > 0) {
          // Another instance of this subscriber got there: what it handled counts as handled (waitFor). With
          // nothing left to read, the wake-up is that instance's to follow up, not this standby's.
          current = peeked.checkpoint;
          if (!peeked.more && wakeUps === wakeUpsBefore) followUpMs = 0;
          settleWaiters();
        }
        if (peeked?.standingBy) followUpMs = 0;
        let handled = 0;
        const handle: typeof options.handle = (events, context) => {
          handled = events.length;
          return options.handle(events, context);
        };
        const next = !peeked || peeked.more ? await source.processBatch(options.subscriber, batchSize, handle) : null;
        failures = 0;
        if (next) {
          current = next.position;
          if (wakeUps === wakeUpsBefore) followUpMs = 0;
          settleWaiters();
          // Appends do not cut the wait short (that is the point); someone waiting for a position, or stop(), does.
          // Only after a batch that caught up: a full one leaves more waiting, and one skipped (nothing its handler
          // accepts) cost no transaction; waiting then would only let the subscriber fall behind.
          const caughtUp = handled > 0 && handled < batchSize;
          if (options.coalesceMs && caughtUp && waiters.size === 0) await coalesce(options.coalesceMs);
          // A batch short of full took everything readable when it was read: with no append since, looking again
          // would find nothing (an append held back by an older transaction is the poll's to find).
          if (next.events >= batchSize || dirty) continue;
        }
        if (dirty) continue;
        if (followUpMs > 0 && followUpMs < pollIntervalMs && Date.now() < followUpUntil) {
          const delay = followUpMs;
          followUpMs = source.peek ? Math.min(MAX_FOLLOW_UP_MS, followUpMs * 2) : followUpMs * 2;
          await sleep(delay);
        } else {
          followUpMs = 0;
          await sleep(pollIntervalMs);
        }
      } catch (error) {
        if (stopped) break;
        failures += 1;
        options.onError?.(error);
        await sleep(Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures));
      }
    }
  })();

  return {
    position: () => current,
    waitFor(target, timeoutMs = 10_000) {
      if (comparePositions(current, target) >= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`subscriber ${options.subscriber} did not reach position ${target.globalPosition} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
        dirty = true;
        wake?.();
        hurry?.();
      });
    },
    async stop() {
      stopped = true;
      unregister();
      wake?.();
      hurry?.();
      await loop;
    },
  };
}

/** Remembers a store's live subscriptions so that closing the store stops them. */
export function subscriptionRegistry() {
  const live = new Set<Subscription>();
  return {
    track(subscription: Subscription): Subscription {
      live.add(subscription);
      return {
        ...subscription,
        stop() {
          live.delete(subscription);
          return subscription.stop();
        },
      };
    },
    async stopAll(): Promise<void> {
      const all = [...live];
      live.clear();
      await Promise.all(all.map((s) => s.stop()));
    },
  };
}
