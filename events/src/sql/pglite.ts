import { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port.ts';

/** PGlite (or one of its transactions) as a SqlExecutor; the worker thread answers with the same results. */
export function pgliteExecutor(target: Pick<PGlite, 'query'>): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await target.query<Row>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in this process. One connection, so PGlite
 * itself runs transactions one at a time. `dataDir` undefined means in memory (tests).
 */
export async function openPgliteDatabase(dataDir?: string): Promise<SqlDatabase> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const executor = pgliteExecutor(pglite);
  return {
    dialect: 'pglite',
    query: executor.query,
    transaction: (work) => pglite.transaction((tx) => work(pgliteExecutor(tx))),
    close: () => pglite.close(),
  };
}
