/**
 * The live projection: a checkpointed store subscription that applies each batch to the read-model tables in
 * the subscription's own transaction. With a store that has no transaction to share (the memory store in unit
 * tests) it uses one of its own; the tables' position makes a batch applied twice harmless either way.
 */
import {
  comparePositions,
  pipeline,
  type EventStore,
  type Position,
  type SqlDatabase,
  type SqlExecutor,
  type StoredEvent,
  type Subscription,
} from '@qal/events';
import {
  CATCH_UP_TIMEOUT_MS,
  CHECKPOINT_POLL_MS,
  LIVE_BATCH_SIZE,
  LIVE_CACHE_ROWS,
  LIVE_COALESCE_MS,
  LIVE_POLL_INTERVAL_MS,
  PROJECTION_NAME,
} from '../config.ts';
import { applyEvents, newRowCache, type RowCache } from './apply.ts';
import { FACT_EVENT_TYPES, isLeaderboardEvent } from '../core/facts.ts';
import { LIVE_TABLES, migrateLeaderboard } from './tables.ts';

export interface Logger {
  info(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** Held by every live batch and by a rebuild's swap, so a swap never lands in the middle of a batch. */
export const PROJECTION_LOCK = `qal-projection:${PROJECTION_NAME}`;

export async function applyLiveBatch(sql: SqlExecutor, events: readonly StoredEvent[], cache?: RowCache): Promise<void> {
  // Sent with the first read where the transaction can (it runs before it all the same).
  const lock = pipeline(sql);
  lock.query(`select pg_advisory_xact_lock(hashtext($1))`, [PROJECTION_LOCK]);
  await lock.done();
  await applyEvents(sql, LIVE_TABLES, PROJECTION_NAME, events, cache);
}

export interface LeaderboardProjection {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Where this process's live subscription has applied up to (null before start): read without waking it. */
  position(): Position | null;
  /** Resolves once the tables include every event up to `position` (default: the store's head now). */
  catchUp(position?: Position, timeoutMs?: number): Promise<void>;
}

/** Waiters for the stored checkpoint to reach their positions, served by one poll loop however many there are. */
function checkpointWatch(store: EventStore) {
  const waiting = new Set<{ readonly target: Position; readonly reached: () => void }>();
  let polling = false;
  async function poll() {
    polling = true;
    try {
      while (waiting.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_POLL_MS));
        const checkpoint = await store.loadCheckpoint(PROJECTION_NAME).catch(() => null);
        if (!checkpoint) continue;
        for (const waiter of waiting) {
          if (comparePositions(checkpoint, waiter.target) >= 0) {
            waiting.delete(waiter);
            waiter.reached();
          }
        }
      }
    } finally {
      polling = false;
    }
  }
  return {
    watch(target: Position, reached: () => void) {
      const waiter = { target, reached };
      waiting.add(waiter);
      if (!polling) void poll();
      return waiter;
    },
    forget(waiter: { readonly target: Position; readonly reached: () => void }) {
      waiting.delete(waiter);
    },
  };
}

export function createLeaderboardProjection(deps: {
  store: EventStore;
  db: SqlDatabase;
  logger?: Logger;
  batchSize?: number;
}): LeaderboardProjection {
  let subscription: Subscription | null = null;
  // The rows of recent batches: the next batch reads back only what it has not seen (players, today's boards).
  const cache = newRowCache(LIVE_CACHE_ROWS);
  const checkpoints = checkpointWatch(deps.store);
  return {
    async start() {
      if (subscription) return;
      await migrateLeaderboard(deps.db);
      subscription = deps.store.subscribe({
        subscriber: PROJECTION_NAME,
        accepts: isLeaderboardEvent,
        wakesFor: (type) => FACT_EVENT_TYPES.has(type),
        coalesceMs: LIVE_COALESCE_MS,
        batchSize: deps.batchSize ?? LIVE_BATCH_SIZE,
        pollIntervalMs: LIVE_POLL_INTERVAL_MS,
        handle: (events, { tx }) => (tx ? applyLiveBatch(tx, events, cache) : deps.db.transaction((t) => applyLiveBatch(t, events, cache))),
        onError: (error) => deps.logger?.error({ err: String(error) }, 'leaderboard projection failed; retrying'),
      });
    },
    async stop() {
      await subscription?.stop();
      subscription = null;
    },
    position: () => subscription?.position() ?? null,
    async catchUp(position, timeoutMs = CATCH_UP_TIMEOUT_MS) {
      const sub = subscription;
      if (!sub) return;
      const target = position ?? (await deps.store.head());
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          checkpoints.forget(watch);
          resolve();
        };
        const timer = setTimeout(() => {
          checkpoints.forget(watch);
          reject(new Error(`leaderboard projection did not reach ${target.globalPosition} within ${timeoutMs} ms`));
        }, timeoutMs);
        // This process's subscription says so at once; the stored checkpoint says so when another process's
        // instance took the batch. One poll of it serves every waiter.
        const watch = checkpoints.watch(target, done);
        sub.waitFor(target, timeoutMs).then(done, () => undefined);
      });
    },
  };
}
