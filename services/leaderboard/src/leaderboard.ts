/**
 * The leaderboard service: its projection (boards, badges, stats), the queries over it and the share links.
 * Embedded, the gateway's process runs it; distributed, its own process runs the projection (main.ts) and the
 * gateways only read (createLeaderboardQueries over the `leaderboard` schema).
 */
import type { EventStore, SqlDatabase } from '@qal/events';
import { createLeaderboardProjection, type LeaderboardProjection, type Logger } from './projection/projection.ts';
import { createLeaderboardQueries, type LeaderboardQueries } from './queries.ts';
import { createStatsShares, type StatsShares } from './shares.ts';

export interface Leaderboard extends LeaderboardProjection {
  readonly queries: LeaderboardQueries;
  readonly shares: StatsShares;
}

export function createLeaderboard(deps: { store: EventStore; db: SqlDatabase; logger?: Logger }): Leaderboard {
  const projection = createLeaderboardProjection(deps);
  return {
    ...projection,
    queries: createLeaderboardQueries(deps.db),
    shares: createStatsShares(deps.store),
  };
}
