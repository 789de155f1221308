import { describe, expect, it } from 'vitest';
import {
  createMemoryEventStore,
  escrowAccountId,
  START,
  uuidFrom,
  walletAccountId,
  type EventStore,
  type JsonObject,
  type SqlDatabase,
  type StoredEvent,
} from '@qal/events';
import { createLedger } from '../ledger.ts';
import { createSandboxPaymentProvider } from '../payments/sandbox.ts';
import { audit, type ReadModelAccount } from './audit.ts';

/** The handlers need no database except for ExpireHolds, which these tests do not send. */
const noDatabase = new Proxy({} as SqlDatabase, {
  get: () => () => {
    throw new Error('no database in this test');
  },
});

const issuedAt = '2026-03-01T09:00:00.000Z';
let n = 0;
const send = (ledger: Awaited<ReturnType<typeof createLedger>>, type: string, payload: Record<string, unknown>) =>
  ledger.handle({ commandId: `c-${++n}`, type, actorId: 'test', payload, issuedAt, correlationId: 'k' });

/**
 * Two players in a room match, settled as rooms settle (docs/product-rules.md, "Rooms"): both entry fees of 30 go
 * into the match's escrow (bob's penalty hold is voided: he stayed), then the house takes its rake (10 % of the
 * fees: 6) and the winner, bob, the rest (54). The escrow ends empty.
 */
async function scenario() {
  const store = createMemoryEventStore();
  const ledger = await createLedger({ store, db: noDatabase, payments: createSandboxPaymentProvider() });
  await send(ledger, 'OpenWallet', { userId: 'alice' });
  await send(ledger, 'OpenWallet', { userId: 'bob' });
  await send(ledger, 'ClaimDailyBonus', { userId: 'alice' });
  const escrow = escrowAccountId('m1');
  await send(ledger, 'PlaceHold', {
    holdId: 'h-a',
    from: walletAccountId('alice'),
    to: escrow,
    amount: 30,
    reason: 'entry_fee',
    matchId: 'm1',
    expiresAt: issuedAt,
  });
  await send(ledger, 'PlaceHold', {
    holdId: 'h-b',
    from: walletAccountId('bob'),
    to: escrow,
    amount: 30,
    reason: 'entry_fee',
    matchId: 'm1',
    expiresAt: issuedAt,
  });
  await send(ledger, 'PlaceHold', {
    holdId: 'h-b-penalty',
    from: walletAccountId('bob'),
    to: escrow,
    amount: 5,
    reason: 'penalty',
    matchId: 'm1',
    expiresAt: issuedAt,
  });
  await send(ledger, 'PostHold', { holdId: 'h-a' });
  await send(ledger, 'PostHold', { holdId: 'h-b' });
  await send(ledger, 'VoidHold', { holdId: 'h-b-penalty' });
  await send(ledger, 'Transfer', { transferId: 't-rake', from: escrow, to: 'house', amount: 6, reason: 'rake', matchId: 'm1' });
  await send(ledger, 'Transfer', {
    transferId: 't-pay',
    from: escrow,
    to: walletAccountId('bob'),
    amount: 54,
    reason: 'payout',
    matchId: 'm1',
  });
  return { store, events: await store.readAll(START, 10_000) };
}

const tamper = (events: StoredEvent[], index: number, change: (data: JsonObject) => JsonObject) =>
  events.map((e, i) => (i === index ? { ...e, data: change(structuredClone(e.data)) } : e));

/** Writes events straight into a store (valid hash chains, any content): how a buggy writer could corrupt the ledger. */
async function forge(store: EventStore, streamId: string, type: string, data: JsonObject) {
  await store.append([
    {
      streamId,
      streamType: 'ledger',
      expectedVersion: 'any',
      events: [{ eventId: uuidFrom('forged', streamId, type, JSON.stringify(data)), type, data }],
    },
  ]);
}

const leg = (over: JsonObject): JsonObject => ({
  transferId: 'x',
  holdId: null,
  accountId: 'house',
  counterpartyId: 'issuance',
  amount: 10,
  reason: 'correction',
  matchId: null,
  purchaseId: null,
  balanceAfter: null,
  heldAfter: null,
  ...over,
});

describe('audit', () => {
  it('finds a ledger kept by the handlers clean, with balanced totals and a statement per account', async () => {
    const { events } = await scenario();
    const report = audit(events, { statements: true });

    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.totals.debits).toBe(report.totals.credits);
    expect(report.totals.holds).toMatchObject({ placed: 3, posted: 2, voided: 1, pending: 0 });
    const alice = report.accounts.find((a) => a.accountId === walletAccountId('alice'));
    expect(alice).toMatchObject({ balance: 80, held: 0 });
    expect(alice?.lines.map((l) => [l.reason, l.balanceChange])).toEqual([
      ['welcome_grant', 100],
      ['daily_bonus', 10],
      ['entry_fee', 0],
      ['entry_fee', -30],
    ]);
    expect(report.accounts.find((a) => a.accountId === 'issuance')?.balance).toBe(-210);
    // The winner received the fees less the rake; the house the rake; the escrow is empty.
    expect(report.accounts.find((a) => a.accountId === walletAccountId('bob'))).toMatchObject({ balance: 124, held: 0 });
    expect(report.accounts.find((a) => a.accountId === 'house')).toMatchObject({ balance: 6 });
    expect(report.accounts.find((a) => a.accountId === escrowAccountId('m1'))).toMatchObject({ balance: 0, held: 0, pendingCredit: 0 });
  });

  it('reports an edited event as a broken hash chain', async () => {
    const { events } = await scenario();
    const index = events.findIndex((e) => e.type === 'AccountCredited' && e.data.reason === 'daily_bonus');
    const report = audit(tamper(events, index, (d) => ({ ...d, amount: 1000 })));
    expect(report.ok).toBe(false);
    expect(report.violations.join('\n')).toMatch(new RegExp(`${events[index]!.streamId}@\\d+: hash does not match`));
  });

  it('reports a removed event as a gap in its stream', async () => {
    const { events } = await scenario();
    const index = events.findIndex((e) => e.type === 'HoldVoided');
    const report = audit(events.filter((_, i) => i !== index));
    expect(report.violations.join('\n')).toMatch(/hold .* has release legs but was never resolved|stream position/);
  });

  it('reports a transfer with only one leg, and unequal sums', async () => {
    const store = createMemoryEventStore();
    await forge(store, 'account-house', 'AccountCredited', leg({ transferId: 'one-sided' }));
    const report = audit(await store.readAll(START, 100));
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/transfer one-sided: 0 debit and 1 credit legs/),
        expect.stringMatching(/transfer one-sided: legs without a TransferPosted/),
        expect.stringMatching(/Σ debits 0 ≠ Σ credits 10/),
      ]),
    );
  });

  it('reports a wallet driven below zero and a running balance that does not match the replay', async () => {
    const store = createMemoryEventStore();
    const wallet = walletAccountId('carol');
    await forge(store, `account-${wallet}`, 'WalletOpened', { accountId: wallet, userId: 'carol', balanceAfter: 0, heldAfter: 0 });
    await forge(
      store,
      `account-${wallet}`,
      'AccountDebited',
      leg({ transferId: 'overdraft', accountId: wallet, counterpartyId: 'house', balanceAfter: 5, heldAfter: 0 }),
    );
    await forge(store, 'account-house', 'AccountCredited', leg({ transferId: 'overdraft', accountId: 'house', counterpartyId: wallet }));
    await forge(store, 'transfer-overdraft', 'TransferPosted', {
      transferId: 'overdraft',
      debitAccountId: wallet,
      creditAccountId: 'house',
      amount: 10,
      reason: 'correction',
      matchId: null,
      purchaseId: null,
    });
    const report = audit(await store.readAll(START, 100));
    expect(report.violations).toEqual([
      expect.stringMatching(/wallet:carol went below zero \(balance -10/),
      expect.stringMatching(/running balance 5\/0 but replay gives -10\/0/),
    ]);
  });

  it('reports a hold resolved twice (posted and voided) and a transfer id recorded twice', async () => {
    const { store } = await scenario();
    await forge(store, 'hold-h-a', 'HoldVoided', { holdId: 'h-a', amount: 30 });
    await store.append([
      {
        streamId: 'transfer-t-pay',
        streamType: 'ledger',
        expectedVersion: 'any',
        events: [
          {
            eventId: uuidFrom('again'),
            type: 'TransferPosted',
            data: {
              transferId: 't-pay',
              debitAccountId: 'escrow:m1',
              creditAccountId: walletAccountId('bob'),
              amount: 54,
              reason: 'payout',
              matchId: 'm1',
              purchaseId: null,
            },
          },
        ],
      },
    ]);
    const report = audit(await store.readAll(START, 10_000));
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/hold h-a resolved more than once: HoldPosted, HoldVoided/),
        expect.stringMatching(/transfer t-pay recorded more than once/),
      ]),
    );
  });

  it('replays in its own order a stream whose later event the log hands out first, read model included', async () => {
    const { events } = await scenario();
    // Two of alice's wallet legs change places in the log (an appender that took its transaction id, then waited for
    // the stream), positions in the log following the new order.
    const alice = events.flatMap((e, i) => (e.streamId === `account-${walletAccountId('alice')}` ? [i] : []));
    const [first, second] = [alice[1]!, alice[2]!];
    const log = events.map((e, i) => (i === first ? events[second]! : i === second ? events[first]! : e));
    const moved = log.map((e, i) => ({ ...e, transactionId: events[i]!.transactionId, globalPosition: events[i]!.globalPosition }));
    const inOrder = audit(events);
    const report = audit(moved);
    expect(report.violations).toEqual([]);
    expect(report.accounts).toEqual(inOrder.accounts);

    // A read model projected up to the later leg (handed out first) holds it, and not the earlier one.
    const projected = moved.slice(0, first + 1);
    const readModel = audit(projected).accounts.map(({ accountId, balance, held, pendingCredit }) => ({
      accountId,
      balance,
      held,
      pendingCredit,
    }));
    expect(audit(moved, { readModel: { position: moved[first]!, accounts: readModel } }).violations).toEqual([]);
    expect(audit(moved, { readModel: { position: null, accounts: readModel } }).ok).toBe(false);
  });

  it('reports a second event at a position that waits for an earlier one of its stream', async () => {
    const { events } = await scenario();
    const alice = events.flatMap((e, i) => (e.streamId === `account-${walletAccountId('alice')}` ? [i] : []));
    const [second, third] = [events[alice[1]!]!, events[alice[2]!]!];
    const copy = { ...third, eventId: 'b0d5a7a4-0000-5000-8000-000000000001' };
    const log = events.filter((e) => e !== second && e !== third);
    log.splice(alice[1]!, 0, third, copy, second);
    expect(audit(log).violations.join('\n')).toMatch(/wallet:alice@3: stream position follows/);
  });

  it('compares the read model at its checkpoint with the replayed balances', async () => {
    const { events } = await scenario();
    const clean = audit(events).accounts.map((a): ReadModelAccount => ({
      accountId: a.accountId,
      balance: a.balance,
      held: a.held,
      pendingCredit: a.pendingCredit,
    }));
    expect(audit(events, { readModel: { position: null, accounts: clean } }).ok).toBe(true);

    const skewed = clean.map((a) => (a.accountId === walletAccountId('bob') ? { ...a, balance: a.balance + 1 } : a));
    expect(audit(events, { readModel: { position: null, accounts: skewed } }).violations).toEqual([
      expect.stringMatching(/read model wallet:bob: balance 125/),
    ]);

    // A read model taken when only the first transaction was projected matches the replay at that point.
    const firstTransaction = events.filter((e) => e.transactionId === events[0]!.transactionId);
    const early = audit(firstTransaction).accounts.map((a) => ({ ...a }));
    expect(audit(events, { readModel: { position: firstTransaction.at(-1)!, accounts: early } }).ok).toBe(true);
    expect(audit(events, { readModel: { position: null, accounts: early } }).ok).toBe(false);
  });
});
