import { openPgliteDatabase } from '../sql/pglite.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { createScratchDatabase, findTestPostgres } from './postgres.ts';

export type OpenDatabase = () => Promise<{ readonly db: SqlDatabase; readonly drop: () => Promise<void> }>;

/**
 * The databases a store that is one of several writers runs on, for `describe.each`: PGlite in memory, and the test
 * PostgreSQL when there is one (a scratch database each).
 */
export async function sharedWriterDatabases(): Promise<[string, OpenDatabase][]> {
  const databases: [string, OpenDatabase][] = [
    [
      'PGlite, one of several writers',
      async () => {
        const db = await openPgliteDatabase();
        return { db, drop: () => db.close() };
      },
    ],
  ];
  const serverUrl = await findTestPostgres();
  if (serverUrl) databases.push(['PostgreSQL', () => createScratchDatabase(serverUrl)]);
  return databases;
}
