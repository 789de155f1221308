/**
 * Read-only questions the gateway asks the engine, one file per kind of question. A match's view and replay are
 * folded from its stream (always current, and the only place its secrets are); a room match's game is known from
 * its id (games/registry.ts). Statistics, history, the lobby and daily counts come from the read model.
 */
import type { EventStore, SqlExecutor } from '@qal/events';
import { DEFAULT_GAME_REGISTRY, type GameRegistry } from '../../games/registry.ts';
import { roomHistory } from './history.ts';
import { roomMatchReplay, roomMatchSummary, roomMatchView, roomMatchViews } from './room-match.ts';
import { invitations, myRooms, openRooms, roomSnapshot } from './rooms.ts';
import { arcadeSummary, arcadeViewAt, currentArcade, fairnessProfile, finishedArcadeGames } from './arcade.ts';
import { currentSoloMatch, soloReplay, soloSummary, soloViewAt } from './solo-match.ts';
import { dailyPlays, playerStats } from './stats.ts';
import type { EngineQueries, MatchReplay } from './types.ts';

export type * from './types.ts';

export function createEngineQueries(deps: { store: EventStore; db: SqlExecutor; games?: GameRegistry }): EngineQueries {
  const { store, db, games = DEFAULT_GAME_REGISTRY } = deps;
  return {
    match: async (matchId) => {
      const module = games.roomGameOfMatch(matchId);
      if (module) return roomMatchSummary(store, module, matchId);
      const arcade = games.arcadeOfMatch(matchId);
      return arcade ? arcadeSummary(store, arcade, matchId) : soloSummary(store, matchId);
    },
    arcadeView: async (matchId, viewerId, now) => {
      const arcade = games.arcadeOfMatch(matchId);
      return arcade ? arcadeViewAt(store, arcade, matchId, viewerId, now) : null;
    },
    currentArcade: (game, userId, now) => currentArcade(store, db, games, game, userId, now),
    fairness: (userId) => fairnessProfile(store, userId),
    finishedArcadeGames: (userId) => finishedArcadeGames(db, userId),
    replay: async (matchId) => {
      if (games.arcadeOfMatch(matchId)) return null;
      const module = games.roomGameOfMatch(matchId);
      return module
        ? ((await roomMatchReplay(store, module, matchId)) as MatchReplay | 'match_not_over' | null)
        : soloReplay(store, matchId);
    },
    matchView: async (matchId, viewerId, now = new Date(0)) => {
      if (games.arcadeOfMatch(matchId)) return null;
      const module = games.roomGameOfMatch(matchId);
      if (module) return roomMatchView(store, module, matchId, viewerId) as ReturnType<EngineQueries['matchView']>;
      return soloViewAt(store, matchId, viewerId, now);
    },
    roomMatchViews: async (matchId, wanted) => {
      const module = games.roomGameOfMatch(matchId);
      return module ? (roomMatchViews(store, module, matchId, wanted) as ReturnType<EngineQueries['roomMatchViews']>) : null;
    },
    room: (code) => roomSnapshot(store, code),
    openRooms: (options) => openRooms(db, options),
    myRooms: (userId) => myRooms(db, userId),
    invitations: (userId) => invitations(db, userId),
    history: (userId, options) => roomHistory(db, userId, options),
    stats: (userId) => playerStats(db, userId),
    dailyPlays: (userId, now) => dailyPlays(db, userId, now),
    currentMatch: (userId, now) => currentSoloMatch(store, db, userId, now),
  };
}
