import { z } from 'zod';
import { LedgerAccountId, TransferReason } from '../events/ledger.ts';

/**
 * Commands owned by the ledger (services/ledger), sent in the command envelope with these `type`s and payloads.
 * Amounts are checked by the ledger itself, so a zero, negative or fractional amount gets the named rejection
 * `invalid_amount` rather than a schema error.
 */
const Id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _ . : -');
const Amount = z.number().finite();

/** Opens the wallet and grants the welcome tokens; idempotent. → `{ balance }` */
export const OpenWallet = z.object({ userId: Id });
/** Once per Africa/Addis_Ababa calendar day. → `{ amount, balance, available }` */
export const ClaimDailyBonus = z.object({ userId: Id });
/** → `{ purchaseId, status: 'pending', checkoutUrl }` */
export const StartPurchase = z.object({ userId: Id, purchaseId: Id, packageId: z.string().min(1).max(50) });
/** Verifies with the payment provider, then credits once. → `{ purchaseId, status: 'completed', tokens, alreadyCredited }` */
export const ConfirmPurchase = z.object({ purchaseId: Id, providerReference: z.string().min(1).max(500) });

/** Reasons a game process may use; grants, bonuses and purchases have their own commands and rules. */
export const GameTransferReason = TransferReason.extract([
  'game_fee',
  'entry_fee',
  'bet_stake',
  'penalty',
  'payout',
  'reward',
  'rake',
  'refund',
  'correction',
]);
export type GameTransferReason = z.infer<typeof GameTransferReason>;

const Movement = {
  from: LedgerAccountId,
  to: LedgerAccountId,
  amount: Amount,
  reason: GameTransferReason,
  matchId: Id.optional(),
};
const distinctAccounts = (m: { from: string; to: string }) => m.from !== m.to;

/** Moves tokens now. `transferId` is the idempotency key. → `{ transferId, status: 'posted', wallets }` */
export const Transfer = z.object({ transferId: Id, ...Movement }).refine(distinctAccounts, 'from and to must differ');
/** Reserves tokens until posted, voided or expired. → `{ holdId, status: 'pending', wallets }` */
export const PlaceHold = z
  .object({ holdId: Id, ...Movement, expiresAt: z.iso.datetime() })
  .refine(distinctAccounts, 'from and to must differ');
/** → `{ holdId, status: 'posted', wallets }` */
export const PostHold = z.object({ holdId: Id });
/** → `{ holdId, status: 'voided', wallets }` */
export const VoidHold = z.object({ holdId: Id });
/** Expires every pending hold whose `expiresAt` is at or before the command's `issuedAt`. → `{ expired: holdId[] }` */
export const ExpireHolds = z.object({});

export const LedgerCommands = {
  OpenWallet,
  ClaimDailyBonus,
  StartPurchase,
  ConfirmPurchase,
  Transfer,
  PlaceHold,
  PostHold,
  VoidHold,
  ExpireHolds,
} as const;
export type LedgerCommandType = keyof typeof LedgerCommands;
export type LedgerCommandPayload<K extends LedgerCommandType> = z.infer<(typeof LedgerCommands)[K]>;
export const LEDGER_COMMAND_TYPES = Object.keys(LedgerCommands) as LedgerCommandType[];
export const isLedgerCommandType = (type: string): type is LedgerCommandType => Object.hasOwn(LedgerCommands, type);

/** Every reason the ledger rejects a command with. */
export const LEDGER_REJECTIONS = [
  'insufficient_tokens',
  'invalid_amount',
  'account_not_found',
  'hold_not_found',
  'hold_already_resolved',
  'daily_bonus_already_claimed',
  'unknown_package',
  'purchase_not_found',
  'payment_not_verified',
  /** A transfer or hold id already used for a different movement. */
  'transfer_id_conflict',
  /** The payload does not match the command's schema, or the type is not a ledger command. */
  'invalid_command',
] as const;
export type LedgerRejection = (typeof LEDGER_REJECTIONS)[number];

// Outcome data ------------------------------------------------------------------------------------------------

export const LedgerWalletBalance = z.object({
  balance: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
});
export type LedgerWalletBalance = z.infer<typeof LedgerWalletBalance>;

export const OpenWalletResult = z.object({ balance: z.number().int() });
export const ClaimDailyBonusResult = z.object({
  amount: z.number().int(),
  balance: z.number().int(),
  available: z.number().int(),
});
export const StartPurchaseResult = z.object({
  purchaseId: z.string(),
  status: z.enum(['pending', 'completed']),
  checkoutUrl: z.string(),
});
export const ConfirmPurchaseResult = z.object({
  purchaseId: z.string(),
  status: z.literal('completed'),
  tokens: z.number().int(),
  alreadyCredited: z.boolean(),
});
/** `wallets`: the balances after the movement of every wallet it touched, keyed by account id. */
export const TransferResult = z.object({
  transferId: z.string(),
  status: z.literal('posted'),
  wallets: z.record(z.string(), LedgerWalletBalance),
});
export const HoldResult = z.object({
  holdId: z.string(),
  status: z.enum(['pending', 'posted', 'voided']),
  wallets: z.record(z.string(), LedgerWalletBalance),
});
export const ExpireHoldsResult = z.object({ expired: z.array(z.string()) });
