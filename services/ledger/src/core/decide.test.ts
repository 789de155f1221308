import { describe, expect, it } from 'vitest';
import { asAccountId, escrowAccountId, walletAccountId, type AccountId, type PurchaseStarted, type StreamAppend } from '@qal/events';
import { MAX_TRANSFER_AMOUNT, WELCOME_GRANT_TOKENS } from '../config.ts';
import {
  accountsToLoad,
  decideCompletePurchase,
  decideOpenWallet,
  decidePlaceHold,
  decideResolveHold,
  decideTransfer,
  type Accounts,
  type Decision,
  type Movement,
} from './decide.ts';
import { emptyAccount, type AccountState, type HoldState } from './state.ts';

// Given: account states as a handler would load them.
const alice = walletAccountId('alice');
const bob = walletAccountId('bob');
const escrow = escrowAccountId('m1');
const house = asAccountId('house');

const wallet = (accountId: AccountId, balance: number, held = 0, version = 5): AccountState => ({
  accountId,
  version,
  opened: true,
  balance,
  held,
  pendingCredit: 0,
});
const given = (...states: AccountState[]): Accounts => new Map(states.map((s) => [s.accountId, s]));

const move = (overrides: Partial<Movement> = {}): Movement => ({
  id: 't-1',
  from: alice,
  to: escrow,
  amount: 30,
  reason: 'entry_fee',
  matchId: 'm1',
  purchaseId: null,
  ...overrides,
});

function accepted(decision: Decision | { kind: string }) {
  if (decision.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(decision)}`);
  return decision as Extract<Decision, { kind: 'accepted' }>;
}
const stream = (appends: readonly StreamAppend[], streamId: string) => {
  const found = appends.find((a) => a.streamId === streamId);
  if (!found) throw new Error(`no append to ${streamId}`);
  return found;
};

describe('decideTransfer', () => {
  it('debits the wallet at its version, credits the escrow, and records the transfer once', () => {
    const decision = accepted(decideTransfer(move(), given(wallet(alice, 100, 0, 7))));

    const debit = stream(decision.appends, `account-${alice}`);
    expect(debit.expectedVersion).toBe(7);
    expect(debit.events[0]).toMatchObject({
      type: 'AccountDebited',
      data: { amount: 30, balanceAfter: 70, heldAfter: 0, counterpartyId: escrow },
    });
    const credit = stream(decision.appends, `account-${escrow}`);
    expect(credit.expectedVersion).toBe('any');
    expect(credit.events[0]).toMatchObject({ type: 'AccountCredited', data: { amount: 30, balanceAfter: null } });
    expect(stream(decision.appends, 'transfer-t-1')).toMatchObject({ expectedVersion: 'no_stream', events: [{ type: 'TransferPosted' }] });
    expect(decision.wallets).toEqual({ [alice]: { balance: 70, held: 0, available: 70 } });
  });

  it('rejects with insufficient_tokens when holds leave too little available', () => {
    const decision = decideTransfer(move({ amount: 30 }), given(wallet(alice, 100, 80)));
    expect(decision).toEqual({ kind: 'rejected', reason: 'insufficient_tokens', details: { accountId: alice, available: 20, amount: 30 } });
  });

  it('allows spending exactly everything that is available', () => {
    const decision = accepted(decideTransfer(move({ amount: 20 }), given(wallet(alice, 100, 80))));
    expect(decision.wallets[alice]).toEqual({ balance: 80, held: 80, available: 0 });
  });

  it.each([0, -5, 1.5, Number.NaN, MAX_TRANSFER_AMOUNT + 1])('rejects the amount %s as invalid_amount', (amount) => {
    expect(decideTransfer(move({ amount }), given(wallet(alice, 100)))).toMatchObject({ kind: 'rejected', reason: 'invalid_amount' });
  });

  it('rejects a wallet that was never opened, on either side', () => {
    expect(decideTransfer(move(), given(emptyAccount(alice)))).toMatchObject({
      reason: 'account_not_found',
      details: { accountId: alice },
    });
    const payout = move({ from: escrow, to: bob, reason: 'payout' });
    expect(decideTransfer(payout, given({ ...emptyAccount(escrow, true), balance: 50, version: 2 }, emptyAccount(bob)))).toMatchObject({
      reason: 'account_not_found',
      details: { accountId: bob },
    });
  });

  it('never pays out of an escrow more than it holds, and appends a paying escrow at its version', () => {
    const payout = move({ from: escrow, to: bob, reason: 'payout', amount: 60 });
    const escrowState = { ...emptyAccount(escrow, true), balance: 50, version: 2 };
    expect(decideTransfer(payout, given(escrowState, wallet(bob, 0)))).toMatchObject({ reason: 'insufficient_tokens' });
    const ok = accepted(decideTransfer({ ...payout, amount: 50 }, given(escrowState, wallet(bob, 0, 0, 1))));
    expect(stream(ok.appends, `account-${escrow}`).expectedVersion).toBe(2);
    expect(ok.wallets[bob]).toEqual({ balance: 50, held: 0, available: 50 });
  });

  it('lets a system account go below zero, appended with any', () => {
    const grant = move({ from: asAccountId('issuance'), to: alice, reason: 'reward', amount: 5 });
    const decision = accepted(decideTransfer(grant, given(wallet(alice, 0))));
    expect(stream(decision.appends, 'account-issuance').expectedVersion).toBe('any');
  });

  it('derives the same event ids for the same transfer every time', () => {
    const ids = (d: Decision) => accepted(d).appends.flatMap((a) => a.events.map((e) => e.eventId));
    expect(ids(decideTransfer(move(), given(wallet(alice, 100))))).toEqual(ids(decideTransfer(move(), given(wallet(alice, 100, 0, 9)))));
    expect(ids(decideTransfer(move(), given(wallet(alice, 100))))).not.toEqual(
      ids(decideTransfer(move({ id: 't-2' }), given(wallet(alice, 100)))),
    );
  });
});

describe('holds', () => {
  const placed = (status: HoldState['status'] = 'pending'): HoldState => ({
    version: 1,
    status,
    placed: {
      holdId: 'h-1',
      debitAccountId: alice,
      creditAccountId: escrow,
      amount: 40,
      reason: 'entry_fee',
      matchId: 'm1',
      expiresAt: '2026-01-01T01:00:00.000Z',
    },
  });

  it('placing a hold reserves the amount: the balance stays, what is available drops', () => {
    const decision = accepted(decidePlaceHold(move({ id: 'h-1', amount: 40 }), '2026-01-01T01:00:00.000Z', given(wallet(alice, 100))));
    expect(decision.wallets[alice]).toEqual({ balance: 100, held: 40, available: 60 });
    expect(stream(decision.appends, 'hold-h-1')).toMatchObject({ expectedVersion: 'no_stream', events: [{ type: 'HoldPlaced' }] });
    expect(stream(decision.appends, `account-${escrow}`).events[0]?.type).toBe('CreditReserved');
  });

  it('a hold cannot reserve more than is available', () => {
    expect(decidePlaceHold(move({ amount: 61 }), '2026-01-01T01:00:00.000Z', given(wallet(alice, 100, 40)))).toMatchObject({
      reason: 'insufficient_tokens',
    });
  });

  it('posting takes the reserved tokens from balance and held, at the hold stream version it was read at', () => {
    const decision = accepted(decideResolveHold(placed(), { kind: 'posted' }, given(wallet(alice, 100, 40))));
    expect(decision.wallets[alice]).toEqual({ balance: 60, held: 0, available: 60 });
    expect(stream(decision.appends, 'hold-h-1')).toMatchObject({ expectedVersion: 1, events: [{ type: 'HoldPosted' }] });
    expect(stream(decision.appends, `account-${escrow}`).events[0]).toMatchObject({
      type: 'AccountCredited',
      data: { holdId: 'h-1', amount: 40 },
    });
  });

  it('voiding gives the reservation back', () => {
    const decision = accepted(decideResolveHold(placed(), { kind: 'voided' }, given(wallet(alice, 100, 40))));
    expect(decision.wallets[alice]).toEqual({ balance: 100, held: 0, available: 100 });
    expect(stream(decision.appends, 'hold-h-1').events[0]?.type).toBe('HoldVoided');
  });

  it('expiry releases like a void and records when it expired', () => {
    const decision = accepted(
      decideResolveHold(placed(), { kind: 'expired', at: '2026-01-01T02:00:00.000Z' }, given(wallet(alice, 100, 40))),
    );
    expect(stream(decision.appends, 'hold-h-1').events[0]).toMatchObject({
      type: 'HoldExpired',
      data: { expiredAt: '2026-01-01T02:00:00.000Z' },
    });
    expect(decision.wallets[alice]?.available).toBe(100);
  });

  it.each(['posted', 'voided', 'expired'] as const)('a %s hold resolves no more', (status) => {
    expect(decideResolveHold(placed(status), { kind: 'voided' }, given(wallet(alice, 100)))).toEqual({
      kind: 'rejected',
      reason: 'hold_already_resolved',
      details: { holdId: 'h-1', status },
    });
  });

  it('posting and voiding one hold are different appends, so they cannot both be stored', () => {
    const post = accepted(decideResolveHold(placed(), { kind: 'posted' }, given(wallet(alice, 100, 40))));
    const cancel = accepted(decideResolveHold(placed(), { kind: 'voided' }, given(wallet(alice, 100, 40))));
    const ids = (d: typeof post) => new Set(d.appends.flatMap((a) => a.events.map((e) => e.eventId)));
    const overlap = [...ids(post)].filter((id) => ids(cancel).has(id));
    expect(overlap).toEqual([]);
  });
});

describe('decideOpenWallet', () => {
  it('opens the wallet and grants the welcome tokens in one append', () => {
    const decision = accepted(decideOpenWallet('alice', emptyAccount(alice)));
    const walletAppend = stream(decision.appends, `account-${alice}`);
    expect(walletAppend.expectedVersion).toBe('no_stream');
    expect(walletAppend.events.map((e) => e.type)).toEqual(['WalletOpened', 'AccountCredited']);
    expect(walletAppend.events[1]?.data).toMatchObject({
      reason: 'welcome_grant',
      amount: WELCOME_GRANT_TOKENS,
      balanceAfter: WELCOME_GRANT_TOKENS,
    });
    expect(stream(decision.appends, 'account-issuance').events[0]?.type).toBe('AccountDebited');
    expect(decision.wallets[alice]?.balance).toBe(WELCOME_GRANT_TOKENS);
  });

  it('does nothing for a wallet that is open', () => {
    expect(decideOpenWallet('alice', wallet(alice, 42))).toEqual({ kind: 'already_open', wallet: { balance: 42, held: 0, available: 42 } });
  });
});

describe('decideCompletePurchase', () => {
  const started: PurchaseStarted = {
    purchaseId: 'p-1',
    userId: 'alice',
    packageId: 'tokens_250',
    tokens: 250,
    priceEtb: 20,
    provider: 'sandbox',
    checkoutReference: 'ref',
    checkoutUrl: '/checkout',
  };

  it('credits purchases → wallet and completes the purchase at its version', () => {
    const decision = accepted(decideCompletePurchase({ version: 1, started, completed: null }, 'sandbox', 'ref', given(wallet(alice, 10))));
    expect(stream(decision.appends, 'purchase-p-1')).toMatchObject({ expectedVersion: 1, events: [{ type: 'PurchaseCompleted' }] });
    expect(stream(decision.appends, `account-${alice}`).events[0]?.data).toMatchObject({
      reason: 'purchase',
      purchaseId: 'p-1',
      balanceAfter: 260,
    });
    expect(stream(decision.appends, 'account-purchases').events[0]?.type).toBe('AccountDebited');
  });

  it('credits a completed purchase no more', () => {
    const completed = { purchaseId: 'p-1', userId: 'alice', tokens: 250, provider: 'sandbox', providerReference: 'ref', transferId: 'x' };
    expect(decideCompletePurchase({ version: 2, started, completed }, 'sandbox', 'ref', given(wallet(alice, 10)))).toEqual({
      kind: 'already_completed',
      transferId: 'x',
    });
  });
});

describe('accountsToLoad', () => {
  it('loads wallets always, an escrow only when tokens leave it, system accounts never', () => {
    expect(accountsToLoad('transfer', alice, escrow)).toEqual([alice]);
    expect(accountsToLoad('transfer', escrow, bob)).toEqual([escrow, bob]);
    expect(accountsToLoad('resolve', escrow, bob)).toEqual([bob]);
    expect(accountsToLoad('transfer', escrow, house)).toEqual([escrow]);
    expect(accountsToLoad('transfer', asAccountId('issuance'), house)).toEqual([]);
  });
});
