/**
 * Rebuilding the read model from zero: the store is replayed from position 0 into fresh `_shadow` tables (big
 * batches, one transaction each), then, in one transaction holding the projection's lock, the shadow tables
 * replace the live ones (tables and indexes renamed). If the live projection has moved past the shadow tables
 * by then, the swap is called off, the shadow catches up, and the swap is tried again. The swapped-in tables
 * carry their own position, so the live subscription skips whatever they already include.
 */
import { comparePositions, readPages, START, type EventStore, type Position, type SqlDatabase } from '@qal/events';
import { PROJECTION_NAME, REBUILD_BATCH_SIZE, REBUILD_CACHE_ROWS, REBUILD_SWAP_ATTEMPTS } from '../config.ts';
import { applyEvents, loadPosition, newRowCache, type RowCache } from './apply.ts';
import { PROJECTION_LOCK } from './projection.ts';
import { indexesDdl, INDEXES, LIVE_TABLES, migrateLeaderboard, runDdl, SHADOW_SUFFIX, TABLES, tableSet, tablesDdl } from './tables.ts';

export interface RebuildReport {
  readonly projection: string;
  readonly events: number;
  readonly ms: number;
  readonly eventsPerSecond: number;
  readonly swapAttempts: number;
}

export interface RebuildOptions {
  readonly batchSize?: number;
  /** Rows the rebuild keeps in memory between batches (default REBUILD_CACHE_ROWS). */
  readonly cacheRows?: number;
  /** Called after each batch (progress for the CLI). */
  readonly onProgress?: (events: number) => void;
}

const SHADOW = tableSet(SHADOW_SUFFIX);

class LiveMovedAhead extends Error {}

/** The projections this service can rebuild, by name (`npm run projections:rebuild [name]`). */
export const REBUILDABLE = { [PROJECTION_NAME]: rebuildLeaderboard } as const;

export async function rebuildLeaderboard(db: SqlDatabase, store: EventStore, options: RebuildOptions = {}): Promise<RebuildReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
  await migrateLeaderboard(db);
  await db.transaction(async (tx) => {
    for (const table of TABLES) await tx.query(`drop table if exists ${SHADOW[table]}`);
    await runDdl(tx, tablesDdl(SHADOW_SUFFIX));
  });

  let position: Position = START;
  let events = 0;
  // The shadow tables start empty and nobody else writes them: every row is in the cache until it grows too big.
  const cache: RowCache = newRowCache(options.cacheRows ?? REBUILD_CACHE_ROWS, true);
  const catchUp = async () => {
    // The next batch is read while this one is written: the two overlap on PostgreSQL.
    for await (const batch of readPages(store, position, batchSize)) {
      const last = batch.at(-1)!;
      position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      await db.transaction(async (tx) => {
        // A crash mid-rebuild loses nothing that matters (the shadow tables start over), so a batch need not
        // wait for its commit to reach the disk; the swap commits normally.
        if (db.dialect === 'postgres') await tx.query('set local synchronous_commit = off');
        await applyEvents(tx, SHADOW, PROJECTION_NAME, batch, cache);
      });
      events += batch.length;
      options.onProgress?.(events);
    }
  };

  await catchUp();
  await runDdl(db, indexesDdl(SHADOW_SUFFIX));
  for (let attempt = 1; ; attempt += 1) {
    await catchUp();
    try {
      await db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [PROJECTION_LOCK]);
        const live = await loadPosition(tx, LIVE_TABLES, PROJECTION_NAME);
        const shadow = (await loadPosition(tx, SHADOW, PROJECTION_NAME)) ?? START;
        if (live && comparePositions(live, shadow) > 0) throw new LiveMovedAhead();
        for (const table of TABLES) {
          await tx.query(`drop table ${LIVE_TABLES[table]}`);
          await tx.query(`alter table ${SHADOW[table]} rename to ${LIVE_TABLES[table]}`);
          for (const index of INDEXES[table])
            await tx.query(`alter index ${SHADOW[table]}_${index} rename to ${LIVE_TABLES[table]}_${index}`);
        }
      });
      const ms = performance.now() - started;
      return {
        projection: PROJECTION_NAME,
        events,
        ms: Math.round(ms),
        eventsPerSecond: Math.round((events / ms) * 1000),
        swapAttempts: attempt,
      };
    } catch (error) {
      if (!(error instanceof LiveMovedAhead) || attempt >= REBUILD_SWAP_ATTEMPTS) throw error;
    }
  }
}
