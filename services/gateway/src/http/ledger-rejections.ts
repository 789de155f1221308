/**
 * What a client may hear of a ledger refusal: one of our own named rejections, with only the details chosen here.
 * The ledger's reasons can carry a payment provider's own words (Chapa's answer, amounts, references) and internal
 * ids (accounts, transfers); those stay in the server's log.
 */
export interface PublicRejection {
  readonly code: string;
  readonly details: Record<string, unknown>;
  /** Whether the ledger said more than the client hears (worth a log line). */
  readonly filtered: boolean;
}

/** Ledger reason → our rejection code and the detail fields a player may see. */
const PUBLIC_LEDGER_REJECTIONS: Readonly<Record<string, { readonly code: string; readonly keep: readonly string[] }>> = {
  insufficient_tokens: { code: 'insufficient_tokens', keep: ['available', 'amount'] },
  daily_bonus_already_claimed: { code: 'daily_bonus_already_claimed', keep: ['day'] },
  unknown_package: { code: 'unknown_package', keep: [] },
  purchase_not_found: { code: 'purchase_not_found', keep: [] },
  payment_not_verified: { code: 'payment_not_verified', keep: [] },
  transfer_id_conflict: { code: 'purchase_conflict', keep: [] },
  account_not_found: { code: 'wallet_not_found', keep: [] },
  invalid_command: { code: 'invalid_command', keep: [] },
};

/** Any other ledger reason (a new one, or one no player should meet). */
export const UNLISTED_LEDGER_REJECTION = 'request_refused';

export function publicLedgerRejection(reason: string, details: Readonly<Record<string, unknown>> = {}): PublicRejection {
  const known = PUBLIC_LEDGER_REJECTIONS[reason];
  const kept: Record<string, unknown> = {};
  for (const key of known?.keep ?? []) if (key in details) kept[key] = details[key];
  const filtered = !known || Object.keys(kept).length < Object.keys(details).length;
  return { code: known?.code ?? UNLISTED_LEDGER_REJECTION, details: kept, filtered };
}
