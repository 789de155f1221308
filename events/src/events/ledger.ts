import { z } from 'zod';
import type { AccountId, MatchId, UserId } from '../ids.ts';

/**
 * The token ledger's events (services/ledger). Double entry after TigerBeetle: every transfer is one debit leg
 * and one credit leg of equal amount, each an event in its account's stream, plus one record of the transfer
 * itself; all of them are appended in one atomic multi-stream append.
 *
 * Streams:
 * - `account-<accountId>`: the legs of one account (`WalletOpened`, `AccountDebited`, `AccountCredited`,
 *   `DebitReserved`, `CreditReserved`, `ReservationReleased`). Wallet legs carry the running balance
 *   (`balanceAfter`, `heldAfter`); legs of accounts appended without a version check carry null there.
 * - `transfer-<transferId>`: `TransferPosted`, one per transfer id (a retried transfer is a duplicate).
 * - `hold-<holdId>`: `HoldPlaced`, then at most one of `HoldPosted` | `HoldVoided` | `HoldExpired`.
 * - `purchase-<purchaseId>`: `PurchaseStarted`, then at most one `PurchaseCompleted`.
 */

// Accounts ---------------------------------------------------------------------------------------------------

/** System accounts: `issuance` creates tokens (grants, bonuses, rewards), `purchases` sells them, `house` earns fees. */
export const LEDGER_SYSTEM_ACCOUNTS = ['issuance', 'purchases', 'house'] as const;
export type LedgerSystemAccount = (typeof LEDGER_SYSTEM_ACCOUNTS)[number];

export const walletAccountId = (userId: UserId | string) => `wallet:${userId}` as AccountId;
export const escrowAccountId = (matchId: MatchId | string) => `escrow:${matchId}` as AccountId;

/** `wallet:<userId>`, `escrow:<matchId>`, `issuance`, `purchases` or `house`. */
export const LedgerAccountId = z
  .string()
  .max(120)
  .regex(/^(?:(?:wallet|escrow):[A-Za-z0-9_.:-]{1,100}|issuance|purchases|house)$/, 'not a ledger account id');

export const accountStreamId = (accountId: AccountId | string) => `account-${accountId}`;
export const transferStreamId = (transferId: string) => `transfer-${transferId}`;
export const holdStreamId = (holdId: string) => `hold-${holdId}`;
export const purchaseStreamId = (purchaseId: string) => `purchase-${purchaseId}`;

export const LEDGER_STREAM_TYPES = {
  account: 'ledger-account',
  transfer: 'ledger-transfer',
  hold: 'ledger-hold',
  purchase: 'ledger-purchase',
} as const;

// Reasons ----------------------------------------------------------------------------------------------------

export const TRANSFER_REASONS = [
  'welcome_grant',
  'daily_bonus',
  'purchase',
  'game_fee',
  'entry_fee',
  'bet_stake',
  /** What a player forfeits for leaving a started room match (held at ready, posted only if they leave). */
  'penalty',
  'payout',
  'reward',
  'rake',
  'refund',
  'correction',
] as const;
export const TransferReason = z.enum(TRANSFER_REASONS);
export type TransferReason = z.infer<typeof TransferReason>;

// Event data -------------------------------------------------------------------------------------------------

const Tokens = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A running balance after the event; null on accounts appended without a version check (system, escrow). */
const RunningTotal = z.number().int().nullable();
const Id = z.string().min(1).max(120);

export const WalletOpened = z.object({
  accountId: LedgerAccountId,
  userId: Id,
  balanceAfter: z.literal(0),
  heldAfter: z.literal(0),
});
export type WalletOpened = z.infer<typeof WalletOpened>;

/** A posted leg: a direct transfer, or the posting of a hold (then `holdId` is set and `transferId` equals it). */
const PostedLeg = z.object({
  transferId: Id,
  holdId: Id.nullable(),
  accountId: LedgerAccountId,
  counterpartyId: LedgerAccountId,
  amount: Tokens,
  reason: TransferReason,
  matchId: Id.nullable(),
  purchaseId: Id.nullable(),
  balanceAfter: RunningTotal,
  heldAfter: RunningTotal,
});
export const AccountDebited = PostedLeg;
export type AccountDebited = z.infer<typeof AccountDebited>;
export const AccountCredited = PostedLeg;
export type AccountCredited = z.infer<typeof AccountCredited>;

/** A pending leg of a hold: the debit side reserves (counts against available), the credit side awaits. */
const PendingLeg = z.object({
  holdId: Id,
  accountId: LedgerAccountId,
  counterpartyId: LedgerAccountId,
  amount: Tokens,
  reason: TransferReason,
  matchId: Id.nullable(),
  expiresAt: z.iso.datetime(),
  balanceAfter: RunningTotal,
  heldAfter: RunningTotal,
});
export const DebitReserved = PendingLeg;
export type DebitReserved = z.infer<typeof DebitReserved>;
export const CreditReserved = PendingLeg;
export type CreditReserved = z.infer<typeof CreditReserved>;

export const HoldResolution = z.enum(['posted', 'voided', 'expired']);
export type HoldResolution = z.infer<typeof HoldResolution>;

/** A voided or expired hold gives its pending leg back, on each side. */
export const ReservationReleased = z.object({
  holdId: Id,
  accountId: LedgerAccountId,
  side: z.enum(['debit', 'credit']),
  amount: Tokens,
  resolution: z.enum(['voided', 'expired']),
  balanceAfter: RunningTotal,
  heldAfter: RunningTotal,
});
export type ReservationReleased = z.infer<typeof ReservationReleased>;

export const TransferPosted = z.object({
  transferId: Id,
  debitAccountId: LedgerAccountId,
  creditAccountId: LedgerAccountId,
  amount: Tokens,
  reason: TransferReason,
  matchId: Id.nullable(),
  purchaseId: Id.nullable(),
});
export type TransferPosted = z.infer<typeof TransferPosted>;

export const HoldPlaced = z.object({
  holdId: Id,
  debitAccountId: LedgerAccountId,
  creditAccountId: LedgerAccountId,
  amount: Tokens,
  reason: TransferReason,
  matchId: Id.nullable(),
  expiresAt: z.iso.datetime(),
});
export type HoldPlaced = z.infer<typeof HoldPlaced>;

export const HoldPosted = z.object({ holdId: Id, amount: Tokens });
export type HoldPosted = z.infer<typeof HoldPosted>;
export const HoldVoided = z.object({ holdId: Id, amount: Tokens });
export type HoldVoided = z.infer<typeof HoldVoided>;
/** `expiredAt` is the `issuedAt` of the ExpireHolds command that found it past `expiresAt`. */
export const HoldExpired = z.object({ holdId: Id, amount: Tokens, expiredAt: z.iso.datetime() });
export type HoldExpired = z.infer<typeof HoldExpired>;

export const PurchaseStarted = z.object({
  purchaseId: Id,
  userId: Id,
  packageId: Id,
  tokens: Tokens,
  priceEtb: z.number().positive(),
  provider: Id,
  checkoutReference: z.string().min(1).max(500),
  checkoutUrl: z.string().min(1).max(2000),
});
export type PurchaseStarted = z.infer<typeof PurchaseStarted>;

export const PurchaseCompleted = z.object({
  purchaseId: Id,
  userId: Id,
  tokens: Tokens,
  provider: Id,
  providerReference: z.string().min(1).max(500),
  transferId: Id,
});
export type PurchaseCompleted = z.infer<typeof PurchaseCompleted>;

export const LedgerEvents = {
  WalletOpened,
  AccountDebited,
  AccountCredited,
  DebitReserved,
  CreditReserved,
  ReservationReleased,
  TransferPosted,
  HoldPlaced,
  HoldPosted,
  HoldVoided,
  HoldExpired,
  PurchaseStarted,
  PurchaseCompleted,
} as const;
export type LedgerEventType = keyof typeof LedgerEvents;
export const LEDGER_EVENT_TYPES = Object.keys(LedgerEvents) as LedgerEventType[];

/** A ledger event with its data typed by its `type`. */
export type LedgerEvent = {
  [K in LedgerEventType]: { readonly type: K; readonly data: z.infer<(typeof LedgerEvents)[K]> };
}[LedgerEventType];

export const isLedgerEventType = (type: string): type is LedgerEventType => Object.hasOwn(LedgerEvents, type);

/** Validates a stored event's data against its type's schema; null when the type is not a ledger event. */
export function parseLedgerEvent(event: { readonly type: string; readonly data: unknown }): LedgerEvent | null {
  if (!isLedgerEventType(event.type)) return null;
  const data: unknown = LedgerEvents[event.type].parse(event.data);
  return { type: event.type, data } as LedgerEvent;
}
