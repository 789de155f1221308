/** The engine service shell: commands in, views and statistics out. */
export { createGameEngine, type GameEngine, type GameEngineDeps } from './engine.ts';
export type { DailyPlaysSummary, EngineQueries, MatchReplay, MatchSummary, PlayerStats, ReplayStep, StatsBlock } from './queries.ts';
export type { MatchStatus } from './match.ts';
export type { SweepReport } from './sweeper.ts';
export type { Logger } from './shell.ts';
export { feeTransferId, refundTransferId, rewardTransferId } from './handlers.ts';
export { addisDay } from './addis-day.ts';
export { matchStreamId, playsStreamId, MATCH_STREAM_TYPE } from './events.ts';
