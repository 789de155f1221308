import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteStatements, PREPARED_STATEMENTS, type PgliteStatements } from './pglite-statements.ts';

let pglite: PGlite;
let statements: PgliteStatements;

beforeAll(async () => {
  pglite = await PGlite.create();
  statements = createPgliteStatements(pglite);
  await statements.run('create table items (id text primary key, amount bigint not null, data jsonb)');
});
afterAll(() => pglite.close());

const preparedCount = async () =>
  Number((await statements.run<{ n: string }>('select count(*)::text as n from pg_prepared_statements')).rows[0]!.n);

describe('PGlite statements', () => {
  it('answers a statement run again with other values, its parameters turned into text as node-postgres does', async () => {
    const text = `select $1::int as n, $2::text as s, $3::boolean as b, $4::jsonb as j, $5::timestamptz as t, $6::text[] as a, $7::text as nothing`;
    const at = new Date('2026-11-27T06:00:00.000Z');
    const first = await statements.run(text, [1, 'ቃል', true, JSON.stringify({ k: [1, 2] }), at, ['x', 'y'], null]);
    const second = await statements.run(text, [2, 'word', false, { k: 'v' }, at, [], undefined]);
    expect(first.rows).toEqual([{ n: 1, s: 'ቃል', b: true, j: { k: [1, 2] }, t: at, a: ['x', 'y'], nothing: null }]);
    expect(second.rows).toEqual([{ n: 2, s: 'word', b: false, j: { k: 'v' }, t: at, a: [], nothing: null }]);
  });

  it('counts the rows a write changed', async () => {
    const inserted = await statements.run(`insert into items (id, amount) values ($1, 1), ($2, 2)`, ['count-a', 'count-b']);
    const updated = await statements.run(`update items set amount = amount + 1 where id like $1`, ['count-%']);
    expect([inserted.rowCount, updated.rowCount]).toEqual([2, 2]);
  });

  it('gives each of several statements sent at once its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => statements.run<{ n: number }>('select $1::int as n', [i])));
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('runs a statement again after it failed once prepared (a duplicate key), and reports the failure as Postgres did', async () => {
    const insert = 'insert into items (id, amount) values ($1, $2)';
    await statements.run(insert, ['dup', 1]);
    await expect(statements.run(insert, ['dup', 2])).rejects.toMatchObject({ code: '23505', constraint: 'items_pkey' });
    await statements.run(insert, ['dup-2', 3]);
    expect((await statements.run('select amount from items where id = $1', ['dup-2'])).rows).toEqual([{ amount: 3 }]);
  });

  it('answers a text that does not parse with its syntax error every time, and goes on', async () => {
    for (let i = 0; i < 2; i += 1) await expect(statements.run('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await statements.run('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps at most PREPARED_STATEMENTS texts prepared, and still answers the ones it let go', async () => {
    for (let i = 0; i < PREPARED_STATEMENTS + 20; i += 1) await statements.run(`select ${i} as n`);
    expect(await preparedCount()).toBeLessThanOrEqual(PREPARED_STATEMENTS);
    expect((await statements.run('select 0 as n')).rows).toEqual([{ n: 0 }]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    await statements.run('create table changing (a int)');
    await statements.run('insert into changing values (1)');
    expect((await statements.run('select * from changing')).rows).toEqual([{ a: 1 }]);
    await statements.run('alter table changing add column b int default 2');
    expect((await statements.run('select * from changing')).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('ends a transaction with commit or rollback in the simple protocol', async () => {
    await statements.control('begin');
    await statements.run('insert into items (id, amount) values ($1, 1)', ['rolled-back']);
    await statements.control('rollback');
    await statements.control('begin');
    await statements.run('insert into items (id, amount) values ($1, 1)', ['committed']);
    await statements.control('commit');
    const { rows } = await statements.run<{ id: string }>(`select id from items where id in ('rolled-back', 'committed')`);
    expect(rows).toEqual([{ id: 'committed' }]);
    await expect(statements.control('commit; selec')).rejects.toMatchObject({ code: '42601' });
  });
});
