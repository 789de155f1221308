import {
  accountStreamId,
  holdStreamId,
  LEDGER_STREAM_TYPES,
  purchaseStreamId,
  transferStreamId,
  walletAccountId,
  type AccountId,
  type ExpectedVersion,
  type JsonObject,
  type LedgerEvent,
  type LedgerRejection,
  type PurchaseStarted,
  type StreamAppend,
  type TransferReason,
} from '@qal/events';
import { WELCOME_GRANT_TOKENS } from '../config.ts';
import { parseAccountId } from './accounts.ts';
import { ledgerEventId, purchaseTransferId, welcomeTransferId } from './ids.ts';
import { availableOf, isValidAmount } from './money.ts';
import {
  emptyAccount,
  evolveAccount,
  walletBalanceOf,
  type AccountState,
  type HoldState,
  type PurchaseState,
  type WalletBalance,
} from './state.ts';

/**
 * The ledger's deciders: from loaded account states and a request, either the exact events to append (with
 * the expected version of every stream that needs one) or a named rejection. No I/O, no clock.
 */

export interface Movement {
  /** The transfer id, or the hold id for holds. */
  readonly id: string;
  readonly from: AccountId;
  readonly to: AccountId;
  readonly amount: number;
  readonly reason: TransferReason;
  readonly matchId: string | null;
  readonly purchaseId: string | null;
}

/** Loaded states, by account id, of the accounts `accountsToLoad` named. */
export type Accounts = ReadonlyMap<string, AccountState>;

export interface Accepted {
  readonly kind: 'accepted';
  readonly appends: readonly StreamAppend[];
  /** Balances after the append of every wallet it touches. */
  readonly wallets: Readonly<Record<string, WalletBalance>>;
}
export interface Rejected {
  readonly kind: 'rejected';
  readonly reason: LedgerRejection;
  readonly details: Readonly<Record<string, unknown>>;
}
export type Decision = Accepted | Rejected;

export const reject = (reason: LedgerRejection, details: Record<string, unknown> = {}): Rejected => ({ kind: 'rejected', reason, details });

export type Step = 'transfer' | 'place' | 'resolve';

/**
 * The accounts whose state a step needs: every wallet it touches (wallet legs carry running balances, so they
 * are always appended at their expected version), and an escrow it takes tokens from (to keep it from going
 * below zero). Resolving a hold never lowers what an escrow can spend, so an escrow is not loaded for that.
 */
export function accountsToLoad(step: Step, from: AccountId, to: AccountId): AccountId[] {
  const ids: AccountId[] = [];
  const debit = parseAccountId(from);
  if (debit && (debit.kind === 'wallet' || (debit.kind === 'escrow' && step !== 'resolve'))) ids.push(from);
  if (parseAccountId(to)?.kind === 'wallet') ids.push(to);
  return ids;
}

function eventToAppend(movementId: string, streamId: string, step: string, event: LedgerEvent) {
  return { eventId: ledgerEventId(movementId, streamId, step), type: event.type, data: event.data as JsonObject };
}

function lifecycle(
  streamId: string,
  streamType: string,
  expectedVersion: ExpectedVersion,
  movementId: string,
  step: string,
  event: LedgerEvent,
): StreamAppend {
  return { streamId, streamType, expectedVersion, events: [eventToAppend(movementId, streamId, step, event)] };
}

interface Leg {
  readonly append: StreamAppend;
  readonly after: AccountState | null;
}

/**
 * One leg in one account stream. A loaded account is appended at its version, and a wallet's event carries its
 * totals after the leg; an account not loaded is appended with `any` and carries none.
 */
function leg(accounts: Accounts, accountId: AccountId, movementId: string, step: string, event: LedgerEvent): Leg {
  const streamId = accountStreamId(accountId);
  const state = accounts.get(accountId);
  const after = state ? { ...evolveAccount(state, event), version: state.version + 1 } : null;
  const isWallet = accountId.startsWith('wallet:');
  const data = {
    ...event.data,
    balanceAfter: isWallet && after ? after.balance : null,
    heldAfter: isWallet && after ? after.held : null,
  };
  return {
    append: {
      streamId,
      streamType: LEDGER_STREAM_TYPES.account,
      expectedVersion: state ? state.version : 'any',
      events: [eventToAppend(movementId, streamId, step, { type: event.type, data } as LedgerEvent)],
    },
    after,
  };
}

function walletsOf(legs: readonly Leg[]): Record<string, WalletBalance> {
  const wallets: Record<string, WalletBalance> = {};
  for (const { after } of legs) if (after && after.accountId.startsWith('wallet:')) wallets[after.accountId] = walletBalanceOf(after);
  return wallets;
}

/** Amount, then existence of the wallets, then (when the step takes tokens) what the debit side can spend. */
function check(movement: Movement, accounts: Accounts, takesTokens: boolean): Rejected | null {
  if (!isValidAmount(movement.amount)) return reject('invalid_amount', { amount: movement.amount });
  for (const accountId of [movement.from, movement.to]) {
    if (accountId.startsWith('wallet:') && !accounts.get(accountId)?.opened) return reject('account_not_found', { accountId });
  }
  const debit = accounts.get(movement.from);
  if (takesTokens && debit && availableOf(debit) < movement.amount) {
    return reject('insufficient_tokens', { accountId: movement.from, available: availableOf(debit), amount: movement.amount });
  }
  return null;
}

const legFields = (m: Movement) => ({ amount: m.amount, reason: m.reason, matchId: m.matchId, balanceAfter: null, heldAfter: null });

/** A transfer posted at once: debit one account, credit another, record the transfer. */
export function decideTransfer(movement: Movement, accounts: Accounts): Decision {
  const rejection = check(movement, accounts, true);
  if (rejection) return rejection;
  const posted = { transferId: movement.id, holdId: null, purchaseId: movement.purchaseId, ...legFields(movement) };
  const debit = leg(accounts, movement.from, movement.id, 'debit', {
    type: 'AccountDebited',
    data: { ...posted, accountId: movement.from, counterpartyId: movement.to },
  });
  const credit = leg(accounts, movement.to, movement.id, 'credit', {
    type: 'AccountCredited',
    data: { ...posted, accountId: movement.to, counterpartyId: movement.from },
  });
  const record = lifecycle(transferStreamId(movement.id), LEDGER_STREAM_TYPES.transfer, 'no_stream', movement.id, 'posted', {
    type: 'TransferPosted',
    data: {
      transferId: movement.id,
      debitAccountId: movement.from,
      creditAccountId: movement.to,
      amount: movement.amount,
      reason: movement.reason,
      matchId: movement.matchId,
      purchaseId: movement.purchaseId,
    },
  });
  return { kind: 'accepted', appends: [record, debit.append, credit.append], wallets: walletsOf([debit, credit]) };
}

/** A pending transfer: the debit side reserves the amount (it counts against what it can spend) until resolved. */
export function decidePlaceHold(movement: Movement, expiresAt: string, accounts: Accounts): Decision {
  const rejection = check(movement, accounts, true);
  if (rejection) return rejection;
  const pending = { holdId: movement.id, expiresAt, ...legFields(movement) };
  const debit = leg(accounts, movement.from, movement.id, 'reserve-debit', {
    type: 'DebitReserved',
    data: { ...pending, accountId: movement.from, counterpartyId: movement.to },
  });
  const credit = leg(accounts, movement.to, movement.id, 'reserve-credit', {
    type: 'CreditReserved',
    data: { ...pending, accountId: movement.to, counterpartyId: movement.from },
  });
  const record = lifecycle(holdStreamId(movement.id), LEDGER_STREAM_TYPES.hold, 'no_stream', movement.id, 'placed', {
    type: 'HoldPlaced',
    data: {
      holdId: movement.id,
      debitAccountId: movement.from,
      creditAccountId: movement.to,
      amount: movement.amount,
      reason: movement.reason,
      matchId: movement.matchId,
      expiresAt,
    },
  });
  return { kind: 'accepted', appends: [record, debit.append, credit.append], wallets: walletsOf([debit, credit]) };
}

export type Resolution = { readonly kind: 'posted' } | { readonly kind: 'voided' } | { readonly kind: 'expired'; readonly at: string };

/**
 * Resolves a pending hold exactly once: the hold stream is appended at the version it was read at, so of two
 * racing resolutions only one can be stored. Posting moves the reserved amount; voiding or expiry releases it.
 */
export function decideResolveHold(hold: HoldState, resolution: Resolution, accounts: Accounts): Decision {
  const { placed } = hold;
  if (hold.status !== 'pending') return reject('hold_already_resolved', { holdId: placed.holdId, status: hold.status });
  const movement: Movement = {
    id: placed.holdId,
    from: placed.debitAccountId as AccountId,
    to: placed.creditAccountId as AccountId,
    amount: placed.amount,
    reason: placed.reason,
    matchId: placed.matchId,
    purchaseId: null,
  };
  const rejection = check(movement, accounts, false);
  if (rejection) return rejection;
  const holdStream = holdStreamId(placed.holdId);
  const amount = placed.amount;
  let legs: Leg[];
  let record: StreamAppend;
  if (resolution.kind === 'posted') {
    const posted = { transferId: placed.holdId, holdId: placed.holdId, purchaseId: null, ...legFields(movement) };
    legs = [
      leg(accounts, movement.from, movement.id, 'post-debit', {
        type: 'AccountDebited',
        data: { ...posted, accountId: movement.from, counterpartyId: movement.to },
      }),
      leg(accounts, movement.to, movement.id, 'post-credit', {
        type: 'AccountCredited',
        data: { ...posted, accountId: movement.to, counterpartyId: movement.from },
      }),
    ];
    record = lifecycle(holdStream, LEDGER_STREAM_TYPES.hold, hold.version, movement.id, 'posted', {
      type: 'HoldPosted',
      data: { holdId: placed.holdId, amount },
    });
  } else {
    const released = { holdId: placed.holdId, amount, resolution: resolution.kind, balanceAfter: null, heldAfter: null };
    legs = [
      leg(accounts, movement.from, movement.id, `${resolution.kind}-debit`, {
        type: 'ReservationReleased',
        data: { ...released, accountId: movement.from, side: 'debit' },
      }),
      leg(accounts, movement.to, movement.id, `${resolution.kind}-credit`, {
        type: 'ReservationReleased',
        data: { ...released, accountId: movement.to, side: 'credit' },
      }),
    ];
    record = lifecycle(
      holdStream,
      LEDGER_STREAM_TYPES.hold,
      hold.version,
      movement.id,
      resolution.kind,
      resolution.kind === 'voided'
        ? { type: 'HoldVoided', data: { holdId: placed.holdId, amount } }
        : { type: 'HoldExpired', data: { holdId: placed.holdId, amount, expiredAt: resolution.at } },
    );
  }
  return { kind: 'accepted', appends: [record, ...legs.map((l) => l.append)], wallets: walletsOf(legs) };
}

export type OpenWalletDecision = Accepted | { readonly kind: 'already_open'; readonly wallet: WalletBalance };

/** Opens a wallet and grants the welcome tokens in the same append, so no wallet ever exists without its grant. */
export function decideOpenWallet(userId: string, wallet: AccountState): OpenWalletDecision {
  if (wallet.opened) return { kind: 'already_open', wallet: walletBalanceOf(wallet) };
  const accountId = walletAccountId(userId);
  const transferId = welcomeTransferId(userId);
  const opened = evolveAccount(emptyAccount(accountId), {
    type: 'WalletOpened',
    data: { accountId, userId, balanceAfter: 0, heldAfter: 0 },
  });
  const granted = decideTransfer(
    {
      id: transferId,
      from: 'issuance' as AccountId,
      to: accountId,
      amount: WELCOME_GRANT_TOKENS,
      reason: 'welcome_grant',
      matchId: null,
      purchaseId: null,
    },
    new Map([[accountId, { ...opened, version: 1 }]]),
  );
  if (granted.kind === 'rejected') throw new Error(`welcome grant rejected: ${granted.reason}`);
  const walletStream = accountStreamId(accountId);
  const appends = granted.appends.map((append) =>
    append.streamId === walletStream
      ? {
          ...append,
          expectedVersion: 'no_stream' as const,
          events: [
            eventToAppend(transferId, walletStream, 'wallet-opened', {
              type: 'WalletOpened',
              data: { accountId, userId, balanceAfter: 0, heldAfter: 0 },
            }),
            ...append.events,
          ],
        }
      : append,
  );
  return { kind: 'accepted', appends, wallets: granted.wallets };
}

export function purchaseStartedAppend(started: PurchaseStarted): StreamAppend {
  return lifecycle(purchaseStreamId(started.purchaseId), LEDGER_STREAM_TYPES.purchase, 'no_stream', started.purchaseId, 'started', {
    type: 'PurchaseStarted',
    data: started,
  });
}

export type CompletePurchaseDecision = Decision | { readonly kind: 'already_completed'; readonly transferId: string };

/**
 * Credits a verified purchase: `purchases → wallet` under an id derived from the provider's reference (one
 * credit per payment), and the purchase completed at the version it was read at (one credit per purchase).
 */
export function decideCompletePurchase(
  purchase: PurchaseState,
  provider: string,
  providerReference: string,
  accounts: Accounts,
): CompletePurchaseDecision {
  if (purchase.completed) return { kind: 'already_completed', transferId: purchase.completed.transferId };
  const { started } = purchase;
  const transferId = purchaseTransferId(provider, providerReference);
  const credit = decideTransfer(
    {
      id: transferId,
      from: 'purchases' as AccountId,
      to: walletAccountId(started.userId),
      amount: started.tokens,
      reason: 'purchase',
      matchId: null,
      purchaseId: started.purchaseId,
    },
    accounts,
  );
  if (credit.kind === 'rejected') return credit;
  const completed = lifecycle(
    purchaseStreamId(started.purchaseId),
    LEDGER_STREAM_TYPES.purchase,
    purchase.version,
    transferId,
    'completed',
    {
      type: 'PurchaseCompleted',
      data: { purchaseId: started.purchaseId, userId: started.userId, tokens: started.tokens, provider, providerReference, transferId },
    },
  );
  return { ...credit, appends: [completed, ...credit.appends] };
}
