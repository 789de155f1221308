import { parseLedgerEvent, type HoldResolution, type LedgerEvent, type StoredEvent } from '@qal/events';
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
  status: 'pending' | HoldResolution;
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

/** A hold's entry row (one per hold and account) set to a status: the last change of the batch for that row. */
export interface EntryStatus {
  hold_id: string;
  account_id: string;
  status: HoldResolution;
}

export interface HoldRow {
  hold_id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: number;
  reason: string;
  match_id: string | null;
  expires_at: string;
  placed_at: string;
}

/** A hold resolved: the last resolution of the batch for that hold. */
export interface HoldStatus {
  hold_id: string;
  status: HoldResolution;
  resolved_at: string;
}

/** Purchases are few; their changes run one by one, in event order (a purchase completes after it started). */
export type PurchaseChange =
  | { readonly kind: 'purchase'; readonly event: Extract<LedgerEvent, { type: 'PurchaseStarted' }>['data']; readonly at: string }
  | {
      readonly kind: 'purchase-completed';
      readonly event: Extract<LedgerEvent, { type: 'PurchaseCompleted' }>['data'];
      readonly at: string;
    };

/**
 * A batch's changes, folded so that each kind is one statement: entry rows of the batch carry the statuses set
 * after them in the batch; `entryStatuses` are set before the rows are inserted, so they reach the rows of earlier
 * batches only (a batch applied again finds its own rows there already: they take the statuses they end with);
 * `holds` are inserted pending and `holdStatuses` set after them.
 */
export interface ReadModelChanges {
  readonly entries: EntryRow[];
  readonly entryStatuses: EntryStatus[];
  readonly holds: HoldRow[];
  readonly holdStatuses: HoldStatus[];
  readonly purchases: PurchaseChange[];
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
  const entries: EntryRow[] = [];
  /** The batch's own hold entry rows by hold and account (unique in the table), so later statuses fold into them. */
  const holdEntries = new Map<string, EntryRow>();
  const entryStatuses = new Map<string, EntryStatus>();
  const holds: HoldRow[] = [];
  const holdStatuses = new Map<string, HoldStatus>();
  const purchases: PurchaseChange[] = [];
  const entryKey = (holdId: string, accountId: string) => `${holdId}\u0000${accountId}`;
  const setEntryStatus = (holdId: string, accountId: string, status: HoldResolution) => {
    const key = entryKey(holdId, accountId);
    entryStatuses.set(key, { hold_id: holdId, account_id: accountId, status });
    const row = holdEntries.get(key);
    if (row) row.status = status;
  };
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
    ): EntryRow => ({
      entry_id: stored.eventId,
      account_id: e.accountId,
      counterparty_id: e.counterpartyId,
      reason: e.reason,
      match_id: e.matchId,
      recorded_at: at,
      global_position: stored.globalPosition.toString(),
      ...fields,
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
          setEntryStatus(data.holdId, data.accountId, 'posted');
        } else {
          entries.push(
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
        const row = entry(data, {
          transfer_id: data.holdId,
          hold_id: data.holdId,
          amount: (debit ? -1 : 1) * data.amount,
          status: 'pending',
          purchase_id: null,
        });
        entries.push(row);
        holdEntries.set(entryKey(data.holdId, data.accountId), row);
        break;
      }
      case 'ReservationReleased': {
        const data = event.data;
        const d = delta(data.accountId, at);
        if (data.side === 'debit') d.held -= data.amount;
        else d.pending_credit -= data.amount;
        setEntryStatus(data.holdId, data.accountId, data.resolution);
        break;
      }
      case 'HoldPlaced': {
        const h = event.data;
        holds.push({
          hold_id: h.holdId,
          debit_account_id: h.debitAccountId,
          credit_account_id: h.creditAccountId,
          amount: h.amount,
          reason: h.reason,
          match_id: h.matchId,
          expires_at: h.expiresAt,
          placed_at: at,
        });
        break;
      }
      case 'HoldPosted':
      case 'HoldVoided':
      case 'HoldExpired':
        holdStatuses.set(event.data.holdId, { hold_id: event.data.holdId, status: HOLD_RESOLUTION[event.type], resolved_at: at });
        break;
      case 'PurchaseStarted':
        purchases.push({ kind: 'purchase', event: event.data, at });
        break;
      case 'PurchaseCompleted':
        purchases.push({ kind: 'purchase-completed', event: event.data, at });
        break;
      case 'TransferPosted':
        break; // its legs carry everything the read model shows
    }
  }
  return { entries, entryStatuses: [...entryStatuses.values()], holds, holdStatuses: [...holdStatuses.values()], purchases, accounts };
}

const HOLD_RESOLUTION = { HoldPosted: 'posted', HoldVoided: 'voided', HoldExpired: 'expired' } as const satisfies Record<
  string,
  HoldResolution
>;
