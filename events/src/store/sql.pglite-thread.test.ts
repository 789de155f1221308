import { describe, expect, it } from 'vitest';
import { openThreadedPgliteDatabase } from '../sql/pglite-thread.ts';
import { newUuid } from '../uuid.ts';
import { eventStoreContract, onlyWriterHarness } from './contract.ts';
import { observeAppends } from './observe.ts';
import { createSqlEventStore } from './sql.ts';

// The embedded mode's store: PGlite on its own thread, this store its only writer.
eventStoreContract('PGlite on a worker thread, only writer', async () => onlyWriterHarness(await openThreadedPgliteDatabase()));

describe('PGlite on a worker thread', { timeout: 60_000 }, () => {
  it('tells the size of its WebAssembly memory, which holds at least the shared buffers', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      const { rows } = await db.query<{ bytes: string }>(`select pg_size_bytes(current_setting('shared_buffers'))::text as bytes`);
      expect(await db.wasmMemoryBytes()).toBeGreaterThan(Number(rows[0]!.bytes));
    } finally {
      await db.close();
    }
  });

  it('tells how long each kind of statement held the database, then counts from zero again', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await db.statementTimes();
      await db.query('create table t (n integer)');
      for (let n = 0; n < 3; n++) await db.query('insert into t values ($1)', [n]);
      await db.transaction(async (tx) => tx.query('select count(*) from t'));
      const times = await db.statementTimes();
      expect(times.find((t) => t.text === 'insert into t values ($1)')).toMatchObject({ count: 3 });
      expect(times.map((t) => t.text)).toEqual(
        expect.arrayContaining(['create table t (n integer)', 'begin', 'select count(*) from t', 'commit']),
      );
      expect(times.every((t) => t.ms >= 0)).toBe(true);
      expect(times.map((t) => t.ms)).toEqual([...times.map((t) => t.ms)].sort((a, b) => b - a));
      expect((await db.statementTimes()).filter((t) => t.text.startsWith('insert into t'))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("reads a stream through a transaction its caller holds (a subscription's batch), as the platform's store wraps it", async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await createSqlEventStore(db, { exclusiveWriter: true }).then(async (writer) => {
        const events = ['A', 'B', 'C'].map((type) => ({ eventId: newUuid(), type, data: { type } }));
        await writer.append([{ streamId: 'match-1', streamType: 'match', expectedVersion: 'no_stream', events }]);
        await writer.close();
      });
      // A store that has never read the stream, so nothing of it is in memory.
      const store = observeAppends(await createSqlEventStore(db, { exclusiveWriter: true }), () => undefined);
      const read = await db.transaction(async (tx) => {
        await tx.query('select 1'); // the transaction takes the connection with its first statement
        return store.readStreamIn!(tx, 'match-1');
      });
      expect(read.map((e) => [e.streamPosition, e.type])).toEqual([
        [1, 'A'],
        [2, 'B'],
        [3, 'C'],
      ]);
      expect(read).toEqual(await store.readStream('match-1'));
      await store.close();
    } finally {
      await db.close();
    }
  });

  it('begins a transaction with its first statement, running statements sent before it began in order', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await db.query('create table t (n int primary key)');
      // Another transaction holds the connection, so the next one's statements all arrive before it can begin.
      const holding = db.transaction(async (tx) => {
        await tx.query('insert into t values (0)');
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const ordered = db.transaction((tx) =>
        Promise.all(
          [1, 2, 3].map((n) => tx.query<{ n: number }>('insert into t values ($1) returning (select count(*)::int from t) as n', [n])),
        ),
      );
      await holding;
      expect((await ordered).map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
      await expect(
        db.transaction(async (tx) => {
          await Promise.all([tx.query('insert into t values (4)'), tx.query('insert into t values (5)')]);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // Work that sent no statement: nothing to commit, and the connection is free.
      expect(await db.transaction(async () => 'nothing')).toBe('nothing');
      const { rows } = await db.query<{ n: number }>('select n from t order by n');
      expect(rows.map((r) => r.n)).toEqual([0, 1, 2, 3]);
    } finally {
      await db.close();
    }
  });

  it('runs the streams lane first, then the subscribers lane, then the rest, each in the order sent, never inside a running transaction', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await db.query('create table t (seq serial primary key, label text not null)');
      const insert = (label: string) => [`insert into t (label) values ($1)`, [label]] as const;
      // The first transaction holds the connection while everything else arrives (messages reach the worker in order).
      const holding = db.transaction(async (tx) => {
        await tx.query(...insert('held'));
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.query(...insert('held, second'));
      });
      const sent = [
        db.query(...insert('rest')),
        db.transaction((tx) => tx.query(...insert('rest, transaction'))),
        db.inLane!('subscribers').transaction(async (tx) => {
          await tx.query(...insert('subscriber batch'));
          await tx.query(...insert('subscriber batch, second'));
        }),
        db.inLane!('streams').query(...insert('append')),
        db.inLane!('subscribers').query(...insert('subscriber statement')),
        db.inLane!('streams').query(...insert('append, second')),
        db.query(...insert('rest, last')),
      ];
      await Promise.all([holding, ...sent]);
      const { rows } = await db.query<{ label: string }>('select label from t order by seq');
      expect(rows.map((r) => r.label)).toEqual([
        'held',
        'held, second',
        'append',
        'append, second',
        'subscriber batch',
        'subscriber batch, second',
        'subscriber statement',
        'rest',
        'rest, transaction',
        'rest, last',
      ]);
    } finally {
      await db.close();
    }
  });

  it('sends statements without waiting for them; the first to fail rolls its transaction back and is what it throws', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await db.query('create table t (n int primary key)');
      await db.transaction(async (tx) => {
        tx.send!('insert into t values (1)');
        tx.send!('insert into t values (2)');
      });
      // A failure shows at the commit: the statements before it are not kept either.
      const atCommit = await db
        .transaction(async (tx) => {
          tx.send!('insert into t values (3)');
          tx.send!('insert into t values (1)');
          tx.send!('insert into t values (4)');
        })
        .catch((error: unknown) => error);
      expect(atCommit).toMatchObject({ code: '23505', constraint: 't_pkey' });
      // A statement waited for after it fails as aborted; the transaction throws the failure that caused it.
      const beforeRead = await db
        .transaction(async (tx) => {
          tx.send!('insert into t values (2)');
          await tx.query('select count(*) from t');
        })
        .catch((error: unknown) => error);
      expect(beforeRead).toMatchObject({ code: '23505', constraint: 't_pkey' });
      const { rows } = await db.query<{ n: number }>('select n from t order by n');
      expect(rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await db.close();
    }
  });

  it('keeps a transaction to itself, rolls it back on a throw and answers database errors with their fields', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await db.query('create table t (id int primary key, at timestamptz, big bigint, doc jsonb)');
      const at = new Date('2026-11-25T10:00:00Z');
      let outsideRan = false;
      const outside = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        // Sent while the transaction holds the connection: it waits, then sees the committed row.
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t');
        outsideRan = true;
        return rows[0]!.n;
      })();
      await db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2, $3, $4)', [1, at, 9007199254740993n, JSON.stringify({ a: [1] })]);
        await new Promise((resolve) => setTimeout(resolve, 60));
        expect(outsideRan).toBe(false);
      });
      expect(await outside).toBe(1);

      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into t values (2, now(), 0, null)');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const error = await db.query('insert into t values (1, now(), 0, null)').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });

      expect((await db.query('update t set big = big + 1 where id = 1')).rowCount).toBe(1);
      const { rows } = await db.query<{ id: number; at: Date; big: bigint; doc: unknown }>('select * from t order by id');
      expect(rows).toEqual([{ id: 1, at, big: 9007199254740994n, doc: { a: [1] } }]);
    } finally {
      await db.close();
    }
    await expect(db.query('select 1')).rejects.toThrow('closed');
  });
});
