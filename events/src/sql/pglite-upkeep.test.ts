import { describe, expect, it } from 'vitest';
import { openThreadedPgliteDatabase } from './pglite-thread.ts';
import { FREEZE_AGE, upkeepStatements, type TableActivity } from './pglite-upkeep.ts';

const table = (name: string, activity: Partial<TableActivity>): TableActivity => ({
  name,
  live: 1_000,
  dead: 0,
  age: 1_000,
  ...activity,
});

describe("the embedded database's upkeep (autovacuum's threshold)", () => {
  it('vacuums a table once a fifth of its rows are dead, the one with most dead rows first', () => {
    expect(
      upkeepStatements([table('public.quiet', { dead: 250 }), table('public.rooms', { dead: 9_000 }), table('public.busy', { dead: 251 })]),
    ).toEqual(['vacuum public.rooms', 'vacuum public.busy']);
  });

  it('vacuums a table with no dead rows (the events) only to freeze its rows, long before the transaction-id limit', () => {
    expect(upkeepStatements([table('eventstore.events', { live: 60_000, age: FREEZE_AGE })])).toEqual([]);
    expect(upkeepStatements([table('eventstore.events', { live: 60_000, age: FREEZE_AGE + 1 })])).toEqual([
      'vacuum (freeze) eventstore.events',
    ]);
  });
});

describe('PGlite on its worker thread keeps its tables up', { timeout: 60_000 }, () => {
  it('vacuums a table whose rows are rewritten, and the rewrites reuse the space', async () => {
    const db = await openThreadedPgliteDatabase(undefined, { upkeepIntervalMs: 100 });
    try {
      await db.query('create table rooms (code integer primary key, state text not null)');
      await db.query(`insert into rooms select i, repeat('x', 500) from generate_series(1, 500) i`);
      const rewrite = () => db.query(`update rooms set state = repeat(chr(65 + (random() * 20)::int), 500)`);
      const size = async () => Number((await db.query<{ bytes: string }>(`select pg_table_size('rooms')::text as bytes`)).rows[0]!.bytes);
      const vacuums = async () =>
        Number(
          (await db.query<{ vacuums: string }>(`select vacuum_count::text as vacuums from pg_stat_user_tables where relname = 'rooms'`))
            .rows[0]!.vacuums,
        );
      await rewrite();
      // The activity counts reach the statistics at most once a second: the upkeep sees them after that.
      for (let tries = 0; (await vacuums()) === 0; tries++) {
        expect(tries).toBeLessThan(300);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const vacuumed = await size();
      await rewrite();
      expect(await size()).toBe(vacuumed);
    } finally {
      await db.close();
    }
  });
});
