import { Mutex, PGlite } from '@electric-sql/pglite';
import { createPgliteStatements, type PgliteStatements } from './pglite-statements.ts';
import type { SqlDatabase, SqlExecutor } from './port.ts';

/**
 * Runs `work` between `begin` and `commit` (`rollback` when it throws). A failed commit is thrown as it is; a failed
 * rollback gives way to the work's own error.
 */
async function inTransaction<T>(statements: PgliteStatements, work: () => Promise<T>): Promise<T> {
  await statements.control('begin');
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await statements.control('rollback').catch(() => undefined);
    throw error;
  }
  await statements.control('commit');
  return result;
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, in this process. One connection: a transaction holds
 * it until it ends, and statements from outside wait meanwhile. `dataDir` undefined means in memory (tests).
 */
export async function openPgliteDatabase(dataDir?: string): Promise<SqlDatabase> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const statements = createPgliteStatements(pglite);
  const connection = new Mutex();
  // What PGlite's own `query` does after a statement outside a transaction, and after a commit.
  const durably = async <T>(work: () => Promise<T>) => {
    const result = await work();
    await pglite.syncToFs();
    return result;
  };
  const inTx: SqlExecutor = { query: (text, params) => statements.run(text, params) };
  return {
    dialect: 'pglite',
    query: (text, params) => connection.runExclusive(() => durably(() => statements.run(text, params))),
    transaction: (work) => connection.runExclusive(() => durably(() => inTransaction(statements, () => work(inTx)))),
    close: () => pglite.close(),
  };
}
