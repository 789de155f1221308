/**
 * npm run projections:rebuild [name]
 *
 * Replays the event store from position 0 into fresh tables and swaps them in (see projection/rebuild.ts).
 * Without a name, every projection of REBUILDABLE is rebuilt. The database:
 * - QAL_MODE=distributed: DATABASE_URL, the leaderboard's own schema (the leaderboard process may keep running:
 *   the swap waits for its batch in flight and it carries on from the new tables);
 * - else DATABASE_URL if set, or the embedded PGlite under QAL_DATA_DIR (default .data). PGlite is one process's
 *   database: stop `npm start` first.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  createSqlEventStore,
  openPgliteDatabase,
  openPostgresDatabase,
  openServiceDatabase,
  SERVICE_SCHEMAS,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { REBUILDABLE } from './projection/rebuild.ts';

async function open(): Promise<{ db: SqlDatabase; store: EventStore; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (process.env.QAL_MODE === 'distributed') {
    if (!url) throw new Error('DATABASE_URL is required in distributed mode');
    const service = await openServiceDatabase({ url, schema: SERVICE_SCHEMAS.leaderboard, listen: false });
    return { db: service.db, store: service.store, close: () => service.close() };
  }
  let db: SqlDatabase;
  if (url) {
    db = openPostgresDatabase({ connectionString: url });
  } else {
    const dir = path.resolve(process.env.QAL_DATA_DIR ?? '.data', 'pglite');
    mkdirSync(dir, { recursive: true });
    db = await openPgliteDatabase(dir);
  }
  const store = await createSqlEventStore(db);
  return {
    db,
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

const requested = process.argv[2];
const names = requested ? [requested] : Object.keys(REBUILDABLE);
const unknown = names.filter((name) => !Object.hasOwn(REBUILDABLE, name));
if (unknown.length > 0) {
  console.error(`unknown projection: ${unknown.join(', ')} (known: ${Object.keys(REBUILDABLE).join(', ')})`);
  process.exit(2);
}

const { db, store, close } = await open();
try {
  for (const name of names) {
    const rebuild = REBUILDABLE[name as keyof typeof REBUILDABLE];
    let shown = 0;
    const report = await rebuild(db, store, {
      onProgress: (events) => {
        if (events - shown >= 100_000) {
          shown = events;
          console.log(`${name}: ${events} events replayed`);
        }
      },
    });
    console.log(`${name}: rebuilt from ${report.events} events in ${report.ms} ms (${report.eventsPerSecond} events/s), swapped in`);
  }
} catch (error) {
  console.error(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await close();
}
