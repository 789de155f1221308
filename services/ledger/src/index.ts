export { createLedger, type Ledger, type LedgerDeps } from './ledger.ts';
export type { LedgerQueries, WalletSummary, WalletTransaction, PurchaseSummary } from './projection/queries.ts';
export { createLedgerQueries, InvalidCursorError } from './projection/queries.ts';
export { TOKEN_PACKAGES, WELCOME_GRANT_TOKENS, DAILY_BONUS_TOKENS, type TokenPackage } from './config.ts';
export { addisDate } from './core/addis-date.ts';
export type { PaymentProvider, CheckoutRequest, Checkout, VerifyRequest, Verification, WebhookNotice } from './payments/port.ts';
export { PaymentProviderError } from './payments/port.ts';
export { createSandboxPaymentProvider, sandboxReference, SANDBOX_PROVIDER, type SandboxOptions } from './payments/sandbox.ts';
export { createChapaPaymentProvider, chapaOptionsFromEnv, CHAPA_PROVIDER, type ChapaOptions } from './payments/chapa.ts';
export { openWalletCommand } from './subscribers/wallet-opener.ts';
export { audit, type AuditReport } from './audit/audit.ts';
/** The pure core: decisions and folds without I/O (the ledger benchmark measures them alone). */
export { decideOpenWallet, decideTransfer } from './core/decide.ts';
export { emptyAccount, foldAccount, walletFromLastEvent, type AccountState } from './core/state.ts';
export { ledgerTransferMetrics, LEDGER_PROJECTIONS } from './metrics.ts';
