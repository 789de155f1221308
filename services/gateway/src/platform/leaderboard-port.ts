import type { Position } from '@qal/events';
import type { LeaderboardQueries, StatsShares } from '@qal/leaderboard';

/** What the gateway needs of the leaderboard service: its queries, share links, and (embedded) its projection. */
export interface LeaderboardService {
  readonly queries: LeaderboardQueries;
  readonly shares: StatsShares;
  /**
   * Waits for the projection to include what is stored so far (read-your-writes after a game). Present only where
   * this process runs the projection (embedded); elsewhere the answer reflects the projection as it stands.
   */
  readonly catchUp?: (position?: Position, timeoutMs?: number) => Promise<void>;
}
