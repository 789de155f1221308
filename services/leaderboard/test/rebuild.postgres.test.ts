import { afterAll, beforeAll, describe } from 'vitest';
import { createSqlEventStore, type EventStore, type SqlDatabase } from '@qal/events';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { createLeaderboard, type Leaderboard } from '../src/leaderboard.ts';
import { rebuildSuite } from './rebuild-suite.ts';

const url = await findTestPostgres();

describe.skipIf(!url)('on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: SqlDatabase;
  let store: EventStore;
  let leaderboard: Leaderboard;

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    db = scratch.db;
    store = await createSqlEventStore(db);
    leaderboard = createLeaderboard({ store, db });
    await leaderboard.start();
  });
  afterAll(async () => {
    await leaderboard?.stop();
    await store?.close();
    await scratch?.drop();
  });

  rebuildSuite(() => ({ db, store, leaderboard }));
});
