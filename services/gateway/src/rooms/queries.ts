import type { EngineQueries } from '@qal/game-engine';
import { Rejection } from '../http/errors.ts';

/**
 * The room and room-match questions of EngineQueries: what the gateway reads of rooms. The shapes they answer are
 * the contracts' (@qal/events contracts/rooms.ts: RoomView, RoomSnapshot, InvitationView, HistoryItem; the match
 * views of contracts/matches.ts); the gateway passes them through, adding only names (present.ts).
 */
export type RoomQueries = Pick<EngineQueries, 'room' | 'openRooms' | 'myRooms' | 'invitations' | 'matchView' | 'history'>;

/**
 * The engine's room and duel queries. Checked at run time so a gateway running against an engine without
 * rooms answers `not_ready` instead of crashing.
 */
export function roomQueries(engine: EngineQueries): RoomQueries {
  const source: Partial<RoomQueries> = engine;
  const missing = (): never => {
    throw new Rejection('not_ready');
  };
  const has = (name: keyof RoomQueries) => typeof source[name] === 'function';
  return {
    room: has('room') ? (code) => engine.room(code) : missing,
    openRooms: has('openRooms') ? (options) => engine.openRooms(options) : missing,
    myRooms: has('myRooms') ? (userId) => engine.myRooms(userId) : missing,
    invitations: has('invitations') ? (userId) => engine.invitations(userId) : missing,
    matchView: has('matchView') ? (matchId, viewerId) => engine.matchView(matchId, viewerId) : missing,
    history: has('history') ? (userId, options) => engine.history(userId, options) : missing,
  };
}
