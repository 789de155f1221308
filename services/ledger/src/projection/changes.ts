import { parseLedgerEvent, type LedgerEvent, type StoredEvent } from '@qal/events';
import { parseAccountId } from '../core/accounts.ts';

/**
 * What ledger events change in the read model, computed without I/O: entry rows to insert, entry and hold
 * statuses to set, holds and purchases to record, and per-account deltas summed over the whole batch (so a hot
 * system account costs one row update per batch, not one per transfer).
 */

export interface EntryRow {
  entry_id: string;
  account_id: string;
  transfer_id: string;
  hold_id: string | null;
  amount: number;
  reason: string;
  status: 'posted' | 'pending';
  counterparty_id: string;
  match_id: string | null;
  purchase_id: string | null;
  recorded_at: string;
  global_position: string;
}

export interface AccountDelta {
  account_id: string;
  kind: string;
  user_id: string | null;
  balance: number;
  held: number;
  pending_credit: number;
  debits_posted: number;
  credits_posted: number;
  updated_at: string;
}

/** Changes that must run in event order (a hold's entry row exists before its status changes). */
export type OrderedChange =
  | { readonly kind: 'entry'; readonly row: EntryRow }
  | { readonly kind: 'entry-status'; readonly holdId: string; readonly accountId: string; readonly status: 'posted' | 'voided' | 'expired' }
  | { readonly kind: 'hold'; readonly event: Extract<LedgerEvent, { type: 'HoldPlaced' }>['data']; readonly at: string }
  | { readonly kind: 'hold-status'; readonly holdId: string; readonly status: 'posted' | 'voided' | 'expired'; readonly at: string }
  | { readonly kind: 'purchase'; readonly event: Extract<LedgerEvent, { type: 'PurchaseStarted' }>['data']; readonly at: string }
  | {
      readonly kind: 'purchase-completed';
      readonly event: Extract<LedgerEvent, { type: 'PurchaseCompleted' }>['data'];
      readonly at: string;
    };

export interface ReadModelChanges {
  readonly ordered: OrderedChange[];
  readonly accounts: Map<string, AccountDelta>;
}

const LEDGER_STREAM = /^(account|transfer|hold|purchase)-/;
/** Whether an event is the ledger's own (the read model is made of nothing else). */
export const isLedgerEvent = (stored: Pick<StoredEvent, 'streamId'>): boolean => LEDGER_STREAM.test(stored.streamId);

/** Ledger events of a batch, typed; events of other contexts are skipped. */
export function ledgerEventsOf(events: readonly StoredEvent[]): { stored: StoredEvent; event: LedgerEvent }[] {
  const result: { stored: StoredEvent; event: LedgerEvent }[] = [];
  for (const stored of events) {
    if (!LEDGER_STREAM.test(stored.streamId)) continue;
    const event = parseLedgerEvent(stored);
    if (event) result.push({ stored, event });
  }
  return result;
}

export function changesOf(events: readonly StoredEvent[]): ReadModelChanges {
  const ordered: OrderedChange[] = [];
  const accounts = new Map<string, AccountDelta>();
  const delta = (accountId: string, at: string): AccountDelta => {
    let d = accounts.get(accountId);
    if (!d) {
      const parsed = parseAccountId(accountId);
      d = {
        account_id: accountId,
        kind: parsed?.kind ?? 'unknown',
        user_id: parsed?.kind === 'wallet' ? parsed.owner : null,
        balance: 0,
        held: 0,
        pending_credit: 0,
        debits_posted: 0,
        credits_posted: 0,
        updated_at: at,
      };
      accounts.set(accountId, d);
    }
    d.updated_at = at;
    return d;
  };

  for (const { stored, event } of ledgerEventsOf(events)) {
    const at = stored.recordedAt.toISOString();
    const entry = (
      e: { accountId: string; counterpartyId: string; reason: string; matchId: string | null },
      fields: Pick<EntryRow, 'transfer_id' | 'hold_id' | 'amount' | 'status' | 'purchase_id'>,
    ): OrderedChange => ({
      kind: 'entry',
      row: {
        entry_id: stored.eventId,
        account_id: e.accountId,
        counterparty_id: e.counterpartyId,
        reason: e.reason,
        match_id: e.matchId,
        recorded_at: at,
        global_position: stored.globalPosition.toString(),
        ...fields,
      },
    });
    switch (event.type) {
      case 'WalletOpened':
        delta(event.data.accountId, at);
        break;
      case 'AccountDebited':
      case 'AccountCredited': {
        const data = event.data;
        const sign = event.type === 'AccountDebited' ? -1 : 1;
        const d = delta(data.accountId, at);
        d.balance += sign * data.amount;
        if (sign < 0) d.debits_posted += data.amount;
        else d.credits_posted += data.amount;
        if (data.holdId) {
          if (sign < 0) d.held -= data.amount;
          else d.pending_credit -= data.amount;
          ordered.push({ kind: 'entry-status', holdId: data.holdId, accountId: data.accountId, status: 'posted' });
        } else {
          ordered.push(
            entry(data, {
              transfer_id: data.transferId,
              hold_id: null,
              amount: sign * data.amount,
              status: 'posted',
              purchase_id: data.purchaseId,
            }),
          );
        }
        break;
      }
      case 'DebitReserved':
      case 'CreditReserved': {
        const data = event.data;
        const debit = event.type === 'DebitReserved';
        const d = delta(data.accountId, at);
        if (debit) d.held += data.amount;
        else d.pending_credit += data.amount;
        ordered.push(
          entry(data, {
            transfer_id: data.holdId,
            hold_id: data.holdId,
            amount: (debit ? -1 : 1) * data.amount,
            status: 'pending',
            purchase_id: null,
          }),
        );
        break;
      }
      case 'ReservationReleased': {
        const data = event.data;
        const d = delta(data.accountId, at);
        if (data.side === 'debit') d.held -= data.amount;
        else d.pending_credit -= data.amount;
        ordered.push({ kind: 'entry-status', holdId: data.holdId, accountId: data.accountId, status: data.resolution });
        break;
      }
      case 'HoldPlaced':
        ordered.push({ kind: 'hold', event: event.data, at });
        break;
      case 'HoldPosted':
        ordered.push({ kind: 'hold-status', holdId: event.data.holdId, status: 'posted', at });
        break;
      case 'HoldVoided':
        ordered.push({ kind: 'hold-status', holdId: event.data.holdId, status: 'voided', at });
        break;
      case 'HoldExpired':
        ordered.push({ kind: 'hold-status', holdId: event.data.holdId, status: 'expired', at });
        break;
      case 'PurchaseStarted':
        ordered.push({ kind: 'purchase', event: event.data, at });
        break;
      case 'PurchaseCompleted':
        ordered.push({ kind: 'purchase-completed', event: event.data, at });
        break;
      case 'TransferPosted':
        break; // its legs carry everything the read model shows
    }
  }
  return { ordered, accounts };
}
