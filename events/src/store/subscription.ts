import { comparePositions, START, type Position, type StoredEvent, type Subscription, type SubscribeOptions, type SubscriptionHandlerContext } from './port.ts';

export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_POLL_INTERVAL_MS = 250;
const MAX_BACKOFF_MS = 5_000;
/**
 * First re-check after a wake-up that found nothing: the append may not be visible yet (see below). What hides it
 * is another transaction still open, and appends are one statement, so it is usually gone within milliseconds;
 * with `hasEventsAfter` a re-check is one cheap query.
 */
const FIRST_FOLLOW_UP_MS = 2;

export interface SubscriptionSource {
  loadCheckpoint(subscriber: string): Promise<Position | null>;
  /**
   * Reads the next batch after the stored checkpoint, hands it to `handle` and stores the new checkpoint,
   * all in one unit (one transaction for SQL stores). Returns the new position, or null when nothing was new.
   */
  processBatch(
    subscriber: string,
    batchSize: number,
    handle: (events: readonly StoredEvent[], context: SubscriptionHandlerContext) => Promise<void>,
  ): Promise<Position | null>;
  /** Registers a wake-up for local appends; returns the unregister function. */
  onAppend(listener: () => void): () => void;
  /**
   * Optional and cheap (one query, no transaction): whether any readable event follows `position`. Lets the loop
   * skip the batch transaction when a wake-up or poll finds nothing new; a false "yes" only costs that batch.
   */
  hasEventsAfter?(position: Position): Promise<boolean>;
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
  const waiters = new Set<{ target: Position; resolve: () => void }>();

  const unregister = source.onAppend(() => {
    dirty = true;
    wakeUps += 1;
    followUpMs = FIRST_FOLLOW_UP_MS;
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

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
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
        const worthABatch = !source.hasEventsAfter || (await source.hasEventsAfter(current));
        const next = worthABatch ? await source.processBatch(options.subscriber, batchSize, options.handle) : null;
        failures = 0;
        if (next) {
          current = next;
          if (wakeUps === wakeUpsBefore) followUpMs = 0;
          settleWaiters();
          continue;
        }
        if (worthABatch && source.hasEventsAfter) {
          // Events follow this instance's position, yet the batch found none: another instance of the subscriber
          // handled them (or holds it right now). Follow its checkpoint, so the next look is not a false "yes".
          const stored = await source.loadCheckpoint(options.subscriber);
          if (stored && comparePositions(stored, current) > 0) {
            current = stored;
            settleWaiters();
          }
        }
        if (dirty) continue;
        if (followUpMs > 0 && followUpMs < pollIntervalMs) {
          const delay = followUpMs;
          followUpMs *= 2;
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
      });
    },
    async stop() {
      stopped = true;
      unregister();
      wake?.();
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
