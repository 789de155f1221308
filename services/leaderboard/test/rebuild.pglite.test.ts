import { afterAll, beforeAll } from 'vitest';
import { createSqlEventStore, openPgliteDatabase, type EventStore, type SqlDatabase } from '@qal/events';
import { createLeaderboard, type Leaderboard } from '../src/leaderboard.ts';
import { rebuildSuite } from './rebuild-suite.ts';

let db: SqlDatabase;
let store: EventStore;
let leaderboard: Leaderboard;

beforeAll(async () => {
  db = await openPgliteDatabase();
  store = await createSqlEventStore(db);
  leaderboard = createLeaderboard({ store, db });
  await leaderboard.start();
});
afterAll(async () => {
  await leaderboard?.stop();
  await store?.close();
  await db?.close();
});

rebuildSuite(() => ({ db, store, leaderboard }));
