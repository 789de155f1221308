/**
 * @qal/leaderboard: leaderboards, badges and player statistics as projections of the event stream, the queries
 * the gateway serves them with, share links, and the rebuild.
 */
export { createLeaderboard, type Leaderboard } from './leaderboard.ts';
export { createLeaderboardProjection, type LeaderboardProjection } from './projection/projection.ts';
export { createLeaderboardQueries, InvalidCursorError } from './queries.ts';
export type {
  Board,
  BoardEntry,
  BoardRequest,
  BoardUser,
  LeaderboardQueries,
  PlayerProfile,
  PlayerStats,
  RecentPlay,
  StatsBlock,
} from './queries.ts';
export { createStatsShares, SHARE_ID_PATTERN, type RevokeOutcome, type StatsShares } from './shares.ts';
export { migrateLeaderboard } from './projection/tables.ts';
export { rebuildLeaderboard, REBUILDABLE, type RebuildReport } from './projection/rebuild.ts';
export { BADGES, GAME_MAX_SCORES, HANGMAN_MAX_SCORE, PERIODS, PROJECTION_NAME, type Badge, type Period } from './config.ts';
export { isPeriod } from './core/periods.ts';
export { isLeaderboardEvent } from './core/facts.ts';
