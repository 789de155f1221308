/**
 * Where a simulated seed keeps its data: an event store and the read models' database, empty at the start, so a
 * seed depends on nothing but itself. A test opens a PGlite database of its own; the swarm's worker opens one per
 * process (which takes seconds) and empties it between seeds (which takes milliseconds).
 */
import { createMemoryEventStore, createSqlEventStore, openPgliteDatabase, type EventStore, type SqlDatabase } from '@qal/events';

export interface SeedStorage {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  close(): Promise<void>;
}

/**
 * The memory store is the quick one; the SQL store keeps the events in the PGlite database with the read models, as
 * the embedded mode does (its only writer: group commit, heads and recent events in memory).
 */
export type StoreKind = 'memory' | 'sql';

async function storageOn(db: SqlDatabase, kind: StoreKind, closeDb: () => Promise<void>): Promise<SeedStorage> {
  const store = kind === 'memory' ? createMemoryEventStore() : await createSqlEventStore(db, { exclusiveWriter: true });
  return {
    store,
    db,
    async close() {
      await store.close();
      await closeDb();
    },
  };
}

/** A PGlite database of its own. */
export async function openSeedStorage(kind: StoreKind = 'memory'): Promise<SeedStorage> {
  const db = await openPgliteDatabase();
  return storageOn(db, kind, () => db.close());
}

/**
 * The schemas the services create (the read models in `public`, the SQL store in `eventstore`): dropped and
 * `public` made again, the database is as new, and the next seed's migrations run from scratch.
 */
const EMPTY_DATABASE = ['drop schema if exists eventstore cascade', 'drop schema if exists public cascade', 'create schema public'];

/** One PGlite database for a whole process: `open()` empties it for the next seed (one seed at a time). */
export function reusedSeedStorage(kind: StoreKind = 'memory') {
  let opened: Promise<SqlDatabase> | null = null;
  return {
    async open(): Promise<SeedStorage> {
      opened ??= openPgliteDatabase();
      const db = await opened;
      for (const statement of EMPTY_DATABASE) await db.query(statement);
      return storageOn(db, kind, async () => undefined);
    },
    async close() {
      if (opened) await (await opened).close();
    },
  };
}
