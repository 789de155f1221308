/** Every number the ledger's rules and plumbing depend on, in one place. */

/** Tokens granted once when a wallet opens (docs/product-rules.md, "Tokens"). */
export const WELCOME_GRANT_TOKENS = 100;
/** Tokens of the daily bonus, claimable once per Africa/Addis_Ababa calendar day. */
export const DAILY_BONUS_TOKENS = 10;
/** Africa/Addis_Ababa is UTC+3 all year (no daylight saving time). */
export const ADDIS_ABABA_UTC_OFFSET_HOURS = 3;

export interface TokenPackage {
  readonly id: string;
  readonly tokens: number;
  readonly priceEtb: number;
}

/** What a player can buy: tokens for Ethiopian birr. */
export const TOKEN_PACKAGES: readonly TokenPackage[] = [
  { id: 'tokens_100', tokens: 100, priceEtb: 10 },
  { id: 'tokens_250', tokens: 250, priceEtb: 20 },
  { id: 'tokens_500', tokens: 500, priceEtb: 35 },
  { id: 'tokens_1000', tokens: 1000, priceEtb: 60 },
];

/** No single movement may exceed this; it keeps every sum far inside the safe integer range. */
export const MAX_TRANSFER_AMOUNT = 1_000_000_000;

/** A command that keeps losing optimistic-concurrency races gives up after this many attempts. */
export const MAX_APPEND_ATTEMPTS = 100;
/** Backoff between attempts: a random wait up to this many ms times the attempt number (capped). */
export const RETRY_JITTER_MS = 2;
export const RETRY_MAX_WAIT_MS = 50;

/**
 * Wallets whose state a ledger process keeps from its own last write, to decide its next command on them unread
 * (about 200 bytes each); past this many the oldest are forgotten and read again when next needed.
 */
export const MAX_REMEMBERED_WALLETS = 100_000;

/** How long `handle()` waits for the read model to show its own write before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;
/** How many expired holds one ExpireHolds command resolves at most (the timer sends it again). */
export const EXPIRE_HOLDS_BATCH = 200;
/** The largest page of wallet transactions a query returns. */
export const MAX_TRANSACTIONS_PAGE = 100;

/** The ledger's subscriber (read model and sign-ups); its checkpoint is stored under this name. */
export const PROJECTION_SUBSCRIBER = 'ledger-projection';
/** How often the wallet opener retries sign-ups whose wallet could not be opened yet. */
export const WALLET_OPENER_RETRY_MS = 1_000;

/** The actor of commands the ledger sends itself. */
export const LEDGER_ACTOR = 'system:ledger';

/** Where the process answers /metrics (Prometheus) when METRICS_PORT is not set. */
export const METRICS_PORT_DEFAULT = 9101;
