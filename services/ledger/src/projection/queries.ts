import { walletAccountId, type PurchaseId, type SqlExecutor, type UserId } from '@qal/events';
import { MAX_TRANSACTIONS_PAGE } from '../config.ts';
import { addisDate } from '../core/addis-date.ts';
import { dailyBonusTransferId } from '../core/ids.ts';

export interface WalletSummary {
  readonly balance: number;
  readonly held: number;
  readonly available: number;
}

export interface WalletTransaction {
  /** The transfer id, or the hold id for a hold. */
  readonly id: string;
  /** Signed: positive into the wallet. */
  readonly amount: number;
  readonly reason: string;
  readonly status: 'posted' | 'pending' | 'voided' | 'expired';
  readonly matchId: string | null;
  readonly purchaseId: string | null;
  /** ISO time the movement was first recorded. */
  readonly at: string;
}

export interface PurchaseSummary {
  readonly purchaseId: string;
  readonly userId: string;
  readonly packageId: string;
  readonly tokens: number;
  readonly status: 'pending' | 'completed';
  readonly providerReference: string | null;
}

export interface LedgerQueries {
  /** Zeros when the user has no wallet yet. */
  wallet(userId: UserId): Promise<WalletSummary>;
  /** Newest first; pass `nextCursor` back for the next page (null when there is none). */
  transactions(
    userId: UserId,
    page: { cursor?: string; limit: number },
  ): Promise<{ items: WalletTransaction[]; nextCursor: string | null }>;
  canClaimDailyBonus(userId: UserId, now: Date): Promise<boolean>;
  purchase(purchaseId: PurchaseId): Promise<PurchaseSummary | null>;
}

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`not a wallet transactions cursor: ${cursor}`);
    this.name = 'InvalidCursorError';
  }
}

// Cursors are opaque to callers: the position of the last item shown, so pages never shift as new rows arrive.
const encodeCursor = (position: string) => Buffer.from(`p:${position}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^p:(\d{1,19})$/.exec(decoded);
  if (!match?.[1]) throw new InvalidCursorError(cursor);
  return match[1];
}

const toNumber = (text: string) => Number(text);

/** Read-only queries over the ledger's tables (the gateway calls these). */
export function createLedgerQueries(sql: SqlExecutor): LedgerQueries {
  return {
    async wallet(userId) {
      const { rows } = await sql.query<{ balance: string; held: string }>(
        `select balance::text as balance, held::text as held from ledger_accounts where account_id = $1`,
        [walletAccountId(userId)],
      );
      const row = rows[0];
      if (!row) return { balance: 0, held: 0, available: 0 };
      const balance = toNumber(row.balance);
      const held = toNumber(row.held);
      return { balance, held, available: balance - held };
    },

    async transactions(userId, page) {
      const limit = Math.max(1, Math.min(MAX_TRANSACTIONS_PAGE, Math.floor(page.limit)));
      const params: unknown[] = [walletAccountId(userId), limit + 1];
      let before = '';
      if (page.cursor) {
        params.push(decodeCursor(page.cursor));
        before = `and global_position < $3::bigint`;
      }
      const { rows } = await sql.query<{
        transfer_id: string;
        amount: string;
        reason: string;
        status: WalletTransaction['status'];
        match_id: string | null;
        purchase_id: string | null;
        recorded_at: Date | string;
        global_position: string;
      }>(
        `select transfer_id, amount::text as amount, reason, status, match_id, purchase_id, recorded_at,
                global_position::text as global_position
           from ledger_entries where account_id = $1 ${before}
          order by global_position desc limit $2`,
        params,
      );
      const items = rows.slice(0, limit).map((r) => ({
        id: r.transfer_id,
        amount: toNumber(r.amount),
        reason: r.reason,
        status: r.status,
        matchId: r.match_id,
        purchaseId: r.purchase_id,
        at: new Date(r.recorded_at).toISOString(),
      }));
      const last = rows[limit - 1];
      return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.global_position) : null };
    },

    async canClaimDailyBonus(userId, now) {
      const accountId = walletAccountId(userId);
      const { rows } = await sql.query<{ opened: boolean; claimed: boolean }>(
        `select exists (select 1 from ledger_accounts where account_id = $1) as opened,
                exists (select 1 from ledger_entries where transfer_id = $2 and account_id = $1) as claimed`,
        [accountId, dailyBonusTransferId(userId, addisDate(now))],
      );
      const row = rows[0];
      return Boolean(row?.opened) && !row?.claimed;
    },

    async purchase(purchaseId) {
      const { rows } = await sql.query<{
        purchase_id: string;
        user_id: string;
        package_id: string;
        tokens: string;
        status: 'pending' | 'completed';
        provider_reference: string | null;
      }>(
        `select purchase_id, user_id, package_id, tokens::text as tokens, status, provider_reference
           from ledger_purchases where purchase_id = $1`,
        [purchaseId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        purchaseId: row.purchase_id,
        userId: row.user_id,
        packageId: row.package_id,
        tokens: toNumber(row.tokens),
        status: row.status,
        providerReference: row.provider_reference,
      };
    },
  };
}
