import { asAccountId, LedgerAccountId, type AccountId } from '@qal/events';

export type AccountKind = 'wallet' | 'escrow' | 'issuance' | 'purchases' | 'house';

export interface ParsedAccount {
  readonly id: AccountId;
  readonly kind: AccountKind;
  /** The user of a wallet, the match of an escrow. */
  readonly owner: string | null;
}

/** Reads an account id (`wallet:<userId>`, `escrow:<matchId>`, `issuance`, `purchases`, `house`); null if invalid. */
export function parseAccountId(id: string): ParsedAccount | null {
  if (!LedgerAccountId.safeParse(id).success) return null;
  const colon = id.indexOf(':');
  if (colon < 0) return { id: asAccountId(id), kind: id as AccountKind, owner: null };
  return { id: asAccountId(id), kind: id.slice(0, colon) as AccountKind, owner: id.slice(colon + 1) };
}

/**
 * Guarded accounts may never go below zero (holds included). Wallets carry running balances and are always
 * appended with their expected version; an escrow is short-lived and folded, and only its debits need a version.
 * System accounts are never guarded and always appended with `any`, so hot accounts do not serialize writers.
 */
export const isGuarded = (kind: AccountKind) => kind === 'wallet' || kind === 'escrow';

export const userIdOfWallet = (accountId: string): string | null =>
  accountId.startsWith('wallet:') ? accountId.slice('wallet:'.length) : null;
