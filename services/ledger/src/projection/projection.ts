import { pipeline, type Pipeline, type SqlExecutor, type StoredEvent } from '@qal/events';
import { changesOf, type PurchaseChange } from './changes.ts';

/**
 * Applies one batch of events to the read model, through the transaction its checkpoint is saved in. Each kind of
 * change is one statement however many events the batch holds (changesOf folds a batch's statuses), and the
 * statements go in one pipeline: they still run in the order sent, without a round trip each while the transaction
 * holds the embedded database's one connection.
 */
export async function applyToReadModel(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
  const { entries, entryStatuses, holds, holdStatuses, purchases, accounts } = changesOf(events);
  const sql = pipeline(tx);
  const rows = (list: readonly object[]) => [JSON.stringify(list)];

  // Before the inserts: these reach the rows of earlier batches; this batch's rows carry their statuses already.
  // The rows are found by key (`any($2)`): joined with the batch's list alone, the planner may keep a plan made while
  // the table was small (a prepared statement's, or on statistics PGlite never gathers) and read the whole table.
  if (entryStatuses.length > 0) {
    sql.query(
      `update ledger_entries e set status = x.status
         from jsonb_to_recordset($1::jsonb) as x(hold_id text, account_id text, status text)
        where e.hold_id = any($2::text[]) and e.hold_id = x.hold_id and e.account_id = x.account_id`,
      [JSON.stringify(entryStatuses), entryStatuses.map((s) => s.hold_id)],
    );
  }
  if (entries.length > 0) {
    sql.query(
      `insert into ledger_entries (entry_id, account_id, transfer_id, hold_id, amount, reason, status, counterparty_id,
                                   match_id, purchase_id, recorded_at, global_position)
       select entry_id, account_id, transfer_id, hold_id, amount, reason, status, counterparty_id, match_id, purchase_id,
              recorded_at, global_position
         from jsonb_to_recordset($1::jsonb) as x(entry_id text, account_id text, transfer_id text, hold_id text,
              amount bigint, reason text, status text, counterparty_id text, match_id text, purchase_id text,
              recorded_at timestamptz, global_position bigint)
       on conflict (entry_id) do nothing`,
      rows(entries),
    );
  }
  if (holds.length > 0) {
    sql.query(
      `insert into ledger_holds (hold_id, debit_account_id, credit_account_id, amount, reason, match_id, status, expires_at, placed_at)
       select hold_id, debit_account_id, credit_account_id, amount, reason, match_id, 'pending', expires_at, placed_at
         from jsonb_to_recordset($1::jsonb) as x(hold_id text, debit_account_id text, credit_account_id text, amount bigint,
              reason text, match_id text, expires_at timestamptz, placed_at timestamptz)
       on conflict (hold_id) do nothing`,
      rows(holds),
    );
  }
  // After the inserts: a hold placed and resolved in the same batch is resolved here.
  if (holdStatuses.length > 0) {
    sql.query(
      `update ledger_holds h set status = x.status, resolved_at = x.resolved_at
         from jsonb_to_recordset($1::jsonb) as x(hold_id text, status text, resolved_at timestamptz)
        where h.hold_id = any($2::text[]) and h.hold_id = x.hold_id`,
      [JSON.stringify(holdStatuses), holdStatuses.map((s) => s.hold_id)],
    );
  }
  for (const change of purchases) applyPurchase(sql, change);

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
      rows([...accounts.values()]),
    );
  }
  await sql.done();
}

function applyPurchase(sql: Pipeline, change: PurchaseChange): void {
  if (change.kind === 'purchase') {
    const p = change.event;
    sql.query(
      `insert into ledger_purchases (purchase_id, user_id, package_id, tokens, price_etb, provider, checkout_url, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) on conflict (purchase_id) do nothing`,
      [p.purchaseId, p.userId, p.packageId, p.tokens, p.priceEtb, p.provider, p.checkoutUrl, change.at],
    );
    return;
  }
  sql.query(
    `update ledger_purchases set status = 'completed', provider_reference = $2, transfer_id = $3, completed_at = $4
      where purchase_id = $1`,
    [change.event.purchaseId, change.event.providerReference, change.event.transferId, change.at],
  );
}
