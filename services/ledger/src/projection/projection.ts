import { pipeline, type Pipeline, type SqlExecutor, type StoredEvent } from '@qal/events';
import { changesOf, type EntryRow, type OrderedChange } from './changes.ts';

/**
 * Applies one batch of events to the read model, through the transaction its checkpoint is saved in. Its statements
 * go in one pipeline: they still run in event order, without a round trip each while the transaction holds the
 * embedded database's one connection.
 */
export async function applyToReadModel(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
  const { ordered, accounts } = changesOf(events);
  const sql = pipeline(tx);
  let entries: EntryRow[] = [];
  const flushEntries = () => {
    if (entries.length === 0) return;
    sql.query(
      `insert into ledger_entries (entry_id, account_id, transfer_id, hold_id, amount, reason, status, counterparty_id,
                                   match_id, purchase_id, recorded_at, global_position)
       select entry_id, account_id, transfer_id, hold_id, amount, reason, status, counterparty_id, match_id, purchase_id,
              recorded_at, global_position
         from jsonb_to_recordset($1::jsonb) as x(entry_id text, account_id text, transfer_id text, hold_id text,
              amount bigint, reason text, status text, counterparty_id text, match_id text, purchase_id text,
              recorded_at timestamptz, global_position bigint)
       on conflict (entry_id) do nothing`,
      [JSON.stringify(entries)],
    );
    entries = [];
  };

  for (const change of ordered) {
    if (change.kind === 'entry') {
      entries.push(change.row);
      continue;
    }
    flushEntries();
    applyOrdered(sql, change);
  }
  flushEntries();

  if (accounts.size > 0) {
    sql.query(
      `insert into ledger_accounts as a (account_id, kind, user_id, balance, held, pending_credit, debits_posted,
                                         credits_posted, updated_at)
       select account_id, kind, user_id, balance, held, pending_credit, debits_posted, credits_posted, updated_at
         from jsonb_to_recordset($1::jsonb) as x(account_id text, kind text, user_id text, balance bigint, held bigint,
              pending_credit bigint, debits_posted bigint, credits_posted bigint, updated_at timestamptz)
       on conflict (account_id) do update set
         balance = a.balance + excluded.balance,
         held = a.held + excluded.held,
         pending_credit = a.pending_credit + excluded.pending_credit,
         debits_posted = a.debits_posted + excluded.debits_posted,
         credits_posted = a.credits_posted + excluded.credits_posted,
         updated_at = greatest(a.updated_at, excluded.updated_at)`,
      [JSON.stringify([...accounts.values()])],
    );
  }
  await sql.done();
}

function applyOrdered(sql: Pipeline, change: Exclude<OrderedChange, { kind: 'entry' }>): void {
  switch (change.kind) {
    case 'entry-status':
      sql.query(`update ledger_entries set status = $3 where hold_id = $1 and account_id = $2`, [
        change.holdId,
        change.accountId,
        change.status,
      ]);
      return;
    case 'hold': {
      const h = change.event;
      sql.query(
        `insert into ledger_holds (hold_id, debit_account_id, credit_account_id, amount, reason, match_id, status, expires_at, placed_at)
         values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8) on conflict (hold_id) do nothing`,
        [h.holdId, h.debitAccountId, h.creditAccountId, h.amount, h.reason, h.matchId, h.expiresAt, change.at],
      );
      return;
    }
    case 'hold-status':
      sql.query(`update ledger_holds set status = $2, resolved_at = $3 where hold_id = $1`, [change.holdId, change.status, change.at]);
      return;
    case 'purchase': {
      const p = change.event;
      sql.query(
        `insert into ledger_purchases (purchase_id, user_id, package_id, tokens, price_etb, provider, checkout_url, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) on conflict (purchase_id) do nothing`,
        [p.purchaseId, p.userId, p.packageId, p.tokens, p.priceEtb, p.provider, p.checkoutUrl, change.at],
      );
      return;
    }
    case 'purchase-completed': {
      const p = change.event;
      sql.query(
        `update ledger_purchases set status = 'completed', provider_reference = $2, transfer_id = $3, completed_at = $4
          where purchase_id = $1`,
        [p.purchaseId, p.providerReference, p.transferId, change.at],
      );
      return;
    }
  }
}
