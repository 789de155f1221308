import * as z from 'zod/mini';

/** The wallet (GET /wallet, the snapshot and `wallet` pushes of `user:<id>`): tokens, those held, the rest. */
export const WalletView = z.object({
  balance: z.int(),
  held: z.int(),
  available: z.int(),
  /**
   * Global position of the wallet stream's last event the view includes (the `wallet` push's version; 0 before the
   * wallet is opened): of two views, the one with the higher version is the newer, whichever came first (a read
   * answered before a reward can reach the phone after the reward's push). Sent with every view of the wallet.
   */
  version: z.optional(z.int()),
});
export type WalletView = z.infer<typeof WalletView>;

export const TRANSACTION_STATUSES = ['posted', 'pending', 'voided', 'expired'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One movement of the wallet (GET /wallet/transactions): a transfer, or a hold while it is one. */
export const WalletTransaction = z.object({
  /** The transfer id, or the hold id for a hold. */
  id: z.string(),
  /** Signed: positive into the wallet. */
  amount: z.int(),
  /** A transfer's reason (TRANSFER_REASONS) or a hold's kind; shown through the client's labels. */
  reason: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  matchId: z.nullable(z.string()),
  purchaseId: z.nullable(z.string()),
  /** ISO time the movement was first recorded. */
  at: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;

/** Newest first; `nextCursor` (opaque) asks for the next page, null on the last. */
export const TransactionPage = z.object({ items: z.array(WalletTransaction), nextCursor: z.nullable(z.string()) });
export type TransactionPage = z.infer<typeof TransactionPage>;
