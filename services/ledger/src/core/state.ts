import type { AccountId, HoldPlaced, LedgerEvent, PurchaseCompleted, PurchaseStarted } from '@qal/events';
import { availableOf } from './money.ts';

/**
 * One account as the deciders see it, after the events of its stream up to `version` (0: no stream yet).
 * `held` is what pending debits reserve; `pendingCredit` what pending credits await.
 */
export interface AccountState {
  readonly accountId: AccountId;
  readonly version: number;
  /** Wallets only exist once opened; other accounts need no opening. */
  readonly opened: boolean;
  readonly balance: number;
  readonly held: number;
  readonly pendingCredit: number;
}

/** A type, not an interface: outcomes holding it must stay assignable to JSON. */
export type WalletBalance = {
  readonly balance: number;
  readonly held: number;
  readonly available: number;
};

export const emptyAccount = (accountId: AccountId, opened = false): AccountState => ({
  accountId,
  version: 0,
  opened,
  balance: 0,
  held: 0,
  pendingCredit: 0,
});

export const walletBalanceOf = (state: AccountState): WalletBalance => ({
  balance: state.balance,
  held: state.held,
  available: availableOf(state),
});

/** How one event of an account's stream changes the account. Unrelated event types leave it as it was. */
export function evolveAccount(state: AccountState, event: LedgerEvent): AccountState {
  switch (event.type) {
    case 'WalletOpened':
      return { ...state, opened: true };
    case 'AccountDebited':
      return {
        ...state,
        balance: state.balance - event.data.amount,
        held: event.data.holdId ? state.held - event.data.amount : state.held,
      };
    case 'AccountCredited':
      return {
        ...state,
        balance: state.balance + event.data.amount,
        pendingCredit: event.data.holdId ? state.pendingCredit - event.data.amount : state.pendingCredit,
      };
    case 'DebitReserved':
      return { ...state, held: state.held + event.data.amount };
    case 'CreditReserved':
      return { ...state, pendingCredit: state.pendingCredit + event.data.amount };
    case 'ReservationReleased':
      return event.data.side === 'debit'
        ? { ...state, held: state.held - event.data.amount }
        : { ...state, pendingCredit: state.pendingCredit - event.data.amount };
    default:
      return state;
  }
}

/** Replays a whole account stream (escrows are short, so they are folded rather than snapshotted). */
export function foldAccount(
  accountId: AccountId,
  events: readonly { readonly event: LedgerEvent; readonly streamPosition: number }[],
): AccountState {
  let state = emptyAccount(accountId, !accountId.startsWith('wallet:'));
  for (const { event, streamPosition } of events) state = { ...evolveAccount(state, event), version: streamPosition };
  return state;
}

/**
 * A wallet's state from its last event alone: every wallet event carries the running totals after it, so
 * loading a wallet is one indexed read however long its history is.
 */
export function walletFromLastEvent(
  accountId: AccountId,
  last: { readonly data: { readonly balanceAfter?: unknown; readonly heldAfter?: unknown }; readonly streamPosition: number } | undefined,
): AccountState {
  if (!last) return emptyAccount(accountId);
  const { balanceAfter, heldAfter } = last.data;
  if (typeof balanceAfter !== 'number' || typeof heldAfter !== 'number') {
    throw new Error(`wallet ${accountId}: event ${last.streamPosition} carries no running balance`);
  }
  return { accountId, version: last.streamPosition, opened: true, balance: balanceAfter, held: heldAfter, pendingCredit: 0 };
}

export type HoldStatus = 'pending' | 'posted' | 'voided' | 'expired';

export interface HoldState {
  readonly version: number;
  readonly placed: HoldPlaced;
  readonly status: HoldStatus;
}

/** A hold from its stream; null when it was never placed. */
export function foldHold(events: readonly { readonly event: LedgerEvent; readonly streamPosition: number }[]): HoldState | null {
  const resolutions = { HoldPosted: 'posted', HoldVoided: 'voided', HoldExpired: 'expired' } as const;
  let hold: HoldState | null = null;
  for (const { event, streamPosition } of events) {
    if (event.type === 'HoldPlaced') hold = { version: streamPosition, placed: event.data, status: 'pending' };
    else if (hold !== null && event.type in resolutions) {
      const status: HoldStatus = resolutions[event.type as keyof typeof resolutions];
      hold = { version: streamPosition, placed: hold.placed, status };
    }
  }
  return hold;
}

export interface PurchaseState {
  readonly version: number;
  readonly started: PurchaseStarted;
  readonly completed: PurchaseCompleted | null;
}

export function foldPurchase(events: readonly { readonly event: LedgerEvent; readonly streamPosition: number }[]): PurchaseState | null {
  let purchase: PurchaseState | null = null;
  for (const { event, streamPosition } of events) {
    if (event.type === 'PurchaseStarted') purchase = { version: streamPosition, started: event.data, completed: null };
    else if (purchase !== null && event.type === 'PurchaseCompleted') {
      purchase = { version: streamPosition, started: purchase.started, completed: event.data };
    }
  }
  return purchase;
}
