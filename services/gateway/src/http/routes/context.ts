import type { EngineQueries } from '@qal/game-engine';
import type { Clock } from '../../clock.ts';
import type { Identity } from '../../identity/index.ts';
import type { LeaderboardService } from '../../platform/leaderboard-port.ts';
import type { LedgerService, TokenPackageView, WalletBalance } from '../../platform/ledger-port.ts';
import type { Idempotent } from '../idempotency.ts';
import type { LedgerCommandRunner } from '../ledger-commands.ts';

/** What the route modules need; built once by buildApp. */
export interface RouteContext {
  readonly identity: Identity;
  readonly ledger: LedgerService;
  /** The user's wallet now, with its version, from the store its pushes come from (realtime/wallet-channel.ts). */
  readonly wallet: (userId: string) => Promise<WalletBalance>;
  readonly tokenPackages: readonly TokenPackageView[];
  readonly paymentProvider: 'sandbox' | 'chapa';
  readonly sandboxReference: (purchaseId: string) => string;
  readonly runLedger: LedgerCommandRunner;
  readonly clock: Clock;
  /** Route hooks that replay the first answer of a POST retried with the same Idempotency-Key. */
  readonly idempotent: Idempotent;
  /** The game engine's queries (matches, replays, daily plays). */
  readonly engine: EngineQueries;
  /** Boards, badges, statistics and share links. */
  readonly leaderboard: LeaderboardService;
}
