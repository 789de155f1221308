import * as z from 'zod/mini';
import { TransactionPage, type WalletTransaction } from '@qal/events/contracts';
import { TRANSACTIONS_PAGE_SIZE } from '../../config/constants.ts';
import { api } from '../../lib/api-client.ts';
import { userSchema } from '../../lib/auth/user.ts';

const packageSchema = z.object({ id: z.string(), tokens: z.number(), priceEtb: z.number() });
export type TokenPackage = z.infer<typeof packageSchema>;

const packagesSchema = z.object({ packages: z.array(packageSchema), provider: z.string() });
export type PackageOffer = z.infer<typeof packagesSchema>;

/** One movement of the wallet, and a page of them (@qal/events contracts/wallet.ts). */
export type Transaction = WalletTransaction;
export type { TransactionPage };

const bonusSchema = z.object({ user_tokens: z.number(), amount: z.number(), user: userSchema });
const purchaseSchema = z.object({ purchaseId: z.string(), status: z.string(), checkoutUrl: z.nullable(z.string()) });
export type Purchase = z.infer<typeof purchaseSchema>;
const confirmationSchema = z.object({
  purchaseId: z.string(),
  status: z.string(),
  tokens: z.number(),
  alreadyCredited: z.boolean(),
});

export function fetchPackages(signal?: AbortSignal): Promise<PackageOffer> {
  return api.request('/wallet/packages', packagesSchema, { signal });
}

export function fetchTransactions(cursor: string | null, signal?: AbortSignal): Promise<TransactionPage> {
  const query = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.request(`/wallet/transactions?${query.toString()}`, TransactionPage, { signal });
}

export function claimDailyBonus(idempotencyKey: string) {
  return api.request('/user/claim-daily-bonus', bonusSchema, { method: 'POST', idempotencyKey, requireSession: true });
}

export function startPurchase(packageId: string, idempotencyKey: string): Promise<Purchase> {
  return api.request('/wallet/purchases', purchaseSchema, { method: 'POST', body: { package: packageId }, idempotencyKey });
}

export function confirmSandboxPurchase(purchaseId: string, idempotencyKey: string) {
  return api.request(`/payments/sandbox/${encodeURIComponent(purchaseId)}/confirm`, confirmationSchema, {
    method: 'POST',
    idempotencyKey,
  });
}
