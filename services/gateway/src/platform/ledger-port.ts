import type { CommandHandler, EventStore, SqlDatabase, WalletTransaction, WalletView } from '@qal/events';
import type { PaymentProvider } from '@qal/ledger';

/**
 * What the gateway uses of the ledger (services/ledger `createLedger`): its command handler and its
 * read-only queries. Kept structural so the composition root decides which ledger plugs in.
 */
/** The wallet and its movements are the client contracts' (@qal/events contracts/wallet.ts). */
export type WalletBalance = WalletView;
export type { WalletTransaction };

export interface PurchaseView {
  readonly purchaseId: string;
  readonly userId: string;
  readonly status: string;
}

export interface TokenPackageView {
  readonly id: string;
  readonly tokens: number;
  readonly priceEtb: number;
}

export interface LedgerQueries {
  wallet(userId: string): Promise<WalletBalance | null>;
  transactions(
    userId: string,
    page: { cursor?: string; limit: number },
  ): Promise<{ items: readonly WalletTransaction[]; nextCursor: string | null }>;
  canClaimDailyBonus(userId: string, now: Date): Promise<boolean>;
  purchase(purchaseId: string): Promise<PurchaseView | null>;
}

export interface LedgerService {
  readonly handle: CommandHandler;
  readonly queries: LedgerQueries;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The payment provider the ledger is given (sandbox or Chapa); the gateway only passes it through. */
export type PaymentProviderHandle = PaymentProvider;

export interface LedgerLogger {
  info(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** The parts of `@qal/ledger` the composition root uses, injectable so tests can swap the ledger. */
export interface LedgerModule {
  createLedger(deps: {
    store: EventStore;
    db: SqlDatabase;
    payments: PaymentProviderHandle;
    logger?: LedgerLogger;
  }): Promise<LedgerService>;
  createSandboxPaymentProvider(): PaymentProviderHandle;
  createChapaPaymentProvider(options: {
    secretKey: string;
    webhookSecret: string;
    callbackUrl: string;
    returnUrl: string;
  }): PaymentProviderHandle;
  /** The reference the sandbox provider gave a purchase; confirming with it is the sandbox's "payment". */
  sandboxReference(purchaseId: string): string;
  readonly TOKEN_PACKAGES: readonly TokenPackageView[];
}
