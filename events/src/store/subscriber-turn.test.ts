import { describe, expect, it } from 'vitest';
import { openThreadedPgliteDatabase } from '../sql/pglite-thread.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { migrateEventStore } from './schema.ts';
import { saveCheckpoint, SUBSCRIBER_TURN_REFUSED, takeSubscriberTurn } from './sql-rows.ts';

const serverUrl = await findTestPostgres();
const at = (n: number) => ({ transactionId: 10n, globalPosition: BigInt(n) });
const LOCK = 'qal-subscriber:turn-test';

/** A batch's transaction: the turn, a row written, the checkpoint; answers what it threw, or null. */
async function batch(db: SqlDatabase, known: number, to: number) {
  return db
    .transaction(async (tx) => {
      await takeSubscriberTurn(tx, LOCK, 'turn-test', at(known));
      await tx.query('insert into projected (n) values ($1)', [to]);
      await saveCheckpoint(tx, 'turn-test', at(to));
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
}

async function refusesWhenAhead(db: SqlDatabase) {
  await migrateEventStore(db);
  await db.query('create table projected (n int not null)');
  expect(await batch(db, 0, 5)).toBeNull();
  // Another instance stored 5 while this one still thought it was at 3: its batch is refused and leaves nothing.
  expect(await batch(db, 3, 7)).toMatchObject({ code: SUBSCRIBER_TURN_REFUSED.ahead });
  expect(await batch(db, 5, 9)).toBeNull();
  const { rows } = await db.query<{ n: number }>('select n from projected order by n');
  expect(rows.map((r) => r.n)).toEqual([5, 9]);
}

describe("a subscriber's turn at its next batch", { timeout: 60_000 }, () => {
  it('is refused, keeping nothing of the batch, when the stored checkpoint is past the caller’s (PGlite on its thread)', async () => {
    const db = await openThreadedPgliteDatabase();
    try {
      await refusesWhenAhead(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!serverUrl)('is refused when the stored checkpoint is ahead, or while another session holds it (PostgreSQL)', async () => {
    const scratch = await createScratchDatabase(serverUrl!);
    try {
      await refusesWhenAhead(scratch.db);
      const holder = scratch.db.transaction(async (tx) => {
        await takeSubscriberTurn(tx, LOCK, 'turn-test', at(9));
        expect(await batch(scratch.db, 9, 11)).toMatchObject({ code: SUBSCRIBER_TURN_REFUSED.taken });
      });
      await holder;
      expect(await batch(scratch.db, 9, 11)).toBeNull();
    } finally {
      await scratch.drop();
    }
  });
});
