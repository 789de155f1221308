import { describe, expect, it } from 'vitest';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { openThreadedPgliteDatabase } from './pglite-thread.ts';
import { pipeline, type SqlDatabase } from './port.ts';

const serverUrl = await findTestPostgres();

async function pipelinedInTransaction(db: SqlDatabase) {
  await db.query('create table t (n int primary key)');
  await db.transaction(async (tx) => {
    const sql = pipeline(tx);
    sql.query('insert into t values (1)');
    sql.query('update t set n = n + 10 where n = 1');
    sql.query('insert into t values (3)');
    await sql.done();
  });
  const failure = await db
    .transaction(async (tx) => {
      const sql = pipeline(tx);
      sql.query('insert into t values (5)');
      sql.query('insert into t values (3)');
      sql.query('insert into t values (6)');
      await sql.done();
    })
    .catch((error: unknown) => error);
  expect(failure).toMatchObject({ code: '23505' });
  const { rows } = await db.query<{ n: number }>('select n from t order by n');
  expect(rows.map((r) => r.n)).toEqual([3, 11]);
}

describe('a pipeline of statements in a transaction', { timeout: 60_000 }, () => {
  const spec = 'runs them in the order sent, each seeing the ones before it, and a failure rolls them all back';

  it(`${spec} (PGlite on its thread)`, async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await pipelinedInTransaction(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!serverUrl)(`${spec} (PostgreSQL)`, async () => {
    const scratch = await createScratchDatabase(serverUrl!);
    try {
      await pipelinedInTransaction(scratch.db);
    } finally {
      await scratch.drop();
    }
  });
});
