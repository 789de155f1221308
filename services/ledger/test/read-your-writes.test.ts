import { afterEach, describe, expect, it } from 'vitest';
import { asUserId, createMemoryEventStore, openPgliteDatabase, uuidFrom, type SqlDatabase } from '@qal/events';
import { createLedger, createSandboxPaymentProvider, type Ledger } from '../src/index.ts';
import { command, data, uniqueUser } from './support.ts';

/** A read model database whose transactions (the projection's batches) wait until `release` is called. */
function stallable(db: SqlDatabase) {
  let release = () => {};
  let gate: Promise<void> = Promise.resolve();
  const stalled: SqlDatabase = { ...db, transaction: async (work) => (await gate, db.transaction(work)) };
  return {
    db: stalled,
    stall() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe("the ledger's answer and its read model", () => {
  let ledger: Ledger | null = null;
  let close = async () => {};
  let release = () => {};
  afterEach(async () => {
    release(); // a failed test must not leave the projection stalled while the ledger stops
    await ledger?.stop();
    await close();
  });

  it("answers a person once their transfer shows in the read model, and a process manager's once it is stored", async () => {
    const store = createMemoryEventStore();
    const pglite = await openPgliteDatabase();
    close = async () => (await store.close(), pglite.close());
    const read = stallable(pglite);
    release = read.release;
    ledger = await createLedger({ store, db: read.db, payments: createSandboxPaymentProvider() });
    await ledger.start();
    const [alice, bob] = [uniqueUser('alice'), uniqueUser('bob')];
    for (const userId of [alice, bob]) data(await ledger.handle(command('OpenWallet', { userId })));
    const transfer = (from: string, actorId: string) =>
      command(
        'Transfer',
        { transferId: uuidFrom('t', from, actorId), from: `wallet:${from}`, to: 'house', amount: 5, reason: 'entry_fee' },
        { actorId },
      );

    read.stall();
    let personAnswered = false;
    const person = ledger.handle(transfer(alice, alice)).then((outcome) => ((personAnswered = true), outcome));
    const system = data(await ledger.handle(transfer(bob, 'system:game-engine')));

    expect(system).toMatchObject({ status: 'posted', wallets: { [`wallet:${bob}`]: { balance: 95 } } });
    expect(personAnswered).toBe(false);
    expect((await ledger.queries.transactions(asUserId(bob), { limit: 10 })).items).toHaveLength(1); // the grant only, so far

    read.release();
    data(await person);
    const { items } = await ledger.queries.transactions(asUserId(alice), { limit: 10 });
    expect(items.map((i) => i.reason).sort()).toEqual(['entry_fee', 'welcome_grant']);
  });
});
