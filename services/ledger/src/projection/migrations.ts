import { migrate, type Migration, type SqlDatabase } from '@qal/events';

export const LEDGER_MIGRATION_SCOPE = 'ledger';

/**
 * The ledger's read model. Balances exist only here (and in the events they are rebuilt from); the audit
 * replays the events and compares. Amounts are bigint; always select them `::text` and parse (pg vs PGlite).
 */
export const ledgerMigrations: readonly Migration[] = [
  {
    id: '001-ledger-read-model',
    sql: `
      create table if not exists ledger_accounts (
        account_id text primary key,
        kind text not null,
        user_id text,
        balance bigint not null default 0,
        held bigint not null default 0,
        pending_credit bigint not null default 0,
        debits_posted bigint not null default 0,
        credits_posted bigint not null default 0,
        updated_at timestamptz not null
      );
      -- One row per account per transfer or hold, amount signed (+ into the account); a hold's row changes status.
      create table if not exists ledger_entries (
        entry_id text primary key,
        account_id text not null,
        transfer_id text not null,
        hold_id text,
        amount bigint not null,
        reason text not null,
        status text not null,
        counterparty_id text not null,
        match_id text,
        purchase_id text,
        recorded_at timestamptz not null,
        global_position bigint not null
      );
      create index if not exists ledger_entries_by_account on ledger_entries (account_id, global_position desc);
      create index if not exists ledger_entries_by_transfer on ledger_entries (transfer_id);
      create unique index if not exists ledger_entries_by_hold on ledger_entries (hold_id, account_id) where hold_id is not null;
      create table if not exists ledger_holds (
        hold_id text primary key,
        debit_account_id text not null,
        credit_account_id text not null,
        amount bigint not null,
        reason text not null,
        match_id text,
        status text not null,
        expires_at timestamptz not null,
        placed_at timestamptz not null,
        resolved_at timestamptz
      );
      create index if not exists ledger_holds_pending_by_expiry on ledger_holds (expires_at) where status = 'pending';
      create table if not exists ledger_purchases (
        purchase_id text primary key,
        user_id text not null,
        package_id text not null,
        tokens bigint not null,
        price_etb numeric not null,
        provider text not null,
        checkout_url text not null,
        status text not null,
        provider_reference text,
        transfer_id text,
        created_at timestamptz not null,
        completed_at timestamptz
      );
      create index if not exists ledger_purchases_by_user on ledger_purchases (user_id, created_at desc);
      -- Sign-ups seen by the wallet opener, kept until their wallet is open (survives a crash in between).
      create table if not exists ledger_wallet_requests (
        user_id text primary key,
        event_id text not null,
        requested_at timestamptz not null,
        opened_at timestamptz,
        attempts integer not null default 0,
        last_error text
      );
      create index if not exists ledger_wallet_requests_waiting on ledger_wallet_requests (requested_at) where opened_at is null;
    `,
  },
];

export const migrateLedger = (db: SqlDatabase) => migrate(db, LEDGER_MIGRATION_SCOPE, ledgerMigrations);
