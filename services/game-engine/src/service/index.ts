/** The engine service shell: commands in, views and statistics out. */
export { createGameEngine, type GameEngine, type GameEngineDeps } from './engine.ts';
export { createEngineQueries } from './queries/index.ts';
export type {
  CrazyReplay,
  DailyPlaysSummary,
  DuelMatchSummary,
  RoomMatchSummary,
  DuelReplay,
  EngineQueries,
  HangmanReplay,
  HistoryItem,
  HistoryPage,
  InvitationView,
  MatchReplay,
  MatchSummary,
  PlayerStats,
  ReplayStep,
  RoomSnapshot,
  StatsBlock,
} from './queries/index.ts';
export type { MatchStatus } from './match.ts';
export type { RoomSweepReport, SweepReport } from './sweeper.ts';
export type { Logger } from './shell.ts';
export { feeTransferId, refundTransferId, rewardTransferId } from './handlers.ts';
export { addisDay } from './addis-day.ts';
export { matchStreamId, playsStreamId, MATCH_STREAM_TYPE } from './events.ts';
export type { HandlerResult } from './handler-result.ts';
