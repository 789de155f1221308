/** A room's match, for any room game of the registry: its summary, one viewer's view, and the replay once it is over. */
import type { EventStore } from '@qal/events';
import type { RoomGameModule } from '../../games/module.ts';
import { loadRoomMatch } from '../room-match.ts';
import type { RoomMatchSummary } from './types.ts';

export async function roomMatchSummary(store: EventStore, module: RoomGameModule, matchId: string): Promise<RoomMatchSummary | null> {
  const { state, globalPosition } = await loadRoomMatch(store, module, matchId);
  if (!state) return null;
  return {
    kind: module.viewKind,
    matchId,
    view: null,
    playerId: null,
    roomCode: module.roomCodeOf(state),
    playerIds: [...module.playerIds(state)],
    status: module.clockOf(state).status as RoomMatchSummary['status'],
    version: Number(globalPosition ?? 0n),
  };
}

export async function roomMatchView(store: EventStore, module: RoomGameModule, matchId: string, viewerId: string | null) {
  const { state, globalPosition } = await loadRoomMatch(store, module, matchId);
  return state ? { version: Number(globalPosition ?? 0n), view: module.viewFor(state, viewerId) } : null;
}

/**
 * Each of the given players' views of a room match from one load (the push after a move), or null when there is
 * no such match; players not in it are left out.
 */
export async function roomMatchViews(store: EventStore, module: RoomGameModule, matchId: string, wanted: (userId: string) => boolean) {
  const { state, globalPosition } = await loadRoomMatch(store, module, matchId);
  if (!state) return null;
  const views = module.playerIds(state).flatMap((userId) => (wanted(userId) ? [{ userId, view: module.viewFor(state, userId) }] : []));
  return { version: Number(globalPosition ?? 0n), views };
}

/** Every step with hidden information shown; 'match_not_over' while it is on, null when there is no such match. */
export async function roomMatchReplay(store: EventStore, module: RoomGameModule, matchId: string) {
  const { state, events } = await loadRoomMatch(store, module, matchId);
  if (!state) return null;
  if (module.clockOf(state).status !== 'finished') return 'match_not_over' as const;
  const { final, steps } = module.replay(events, state);
  return { kind: module.viewKind, matchId, roomCode: module.roomCodeOf(state), final, steps };
}
