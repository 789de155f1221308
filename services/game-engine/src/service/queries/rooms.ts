/** Rooms as players see them: one room (folded from its stream, always current), the lobby, a player's rooms and invitations. */
import type { EventStore, SqlExecutor } from '@qal/events';
import type { RoomState } from '../../rooms/state.ts';
import { invitedIdsOf, memberIdsOf, roomView, type RoomView } from '../../rooms/view.ts';
import { loadRoom, roomVersionOf } from '../room-store.ts';
import type { InvitationView, RoomSnapshot } from './types.ts';

export async function roomSnapshot(store: EventStore, code: string): Promise<RoomSnapshot | null> {
  const loaded = await loadRoom(store, code);
  const { state } = loaded;
  if (!state) return null;
  const version = roomVersionOf(loaded);
  return {
    view: roomView(state, version),
    version,
    memberIds: memberIdsOf(state),
    invitedIds: invitedIdsOf(state),
  };
}

export async function openRooms(db: SqlExecutor, { limit }: { limit: number }): Promise<RoomView[]> {
  const { rows } = await db.query<{ state: RoomState | string }>(
    `select state from engine_rooms where status = 'waiting' and not private order by created_at desc, code limit $1`,
    [Math.max(0, Math.min(limit, 200))],
  );
  return rows.map((r) => roomView(jsonOf(r.state)));
}

export async function myRooms(db: SqlExecutor, userId: string): Promise<RoomView[]> {
  const { rows } = await db.query<{ state: RoomState | string }>(
    `select r.state from engine_room_members m join engine_rooms r on r.code = m.code
      where m.user_id = $1 and m.status <> 'left' and r.status <> 'cancelled' order by r.created_at desc, r.code limit 100`,
    [userId],
  );
  return rows.map((r) => roomView(jsonOf(r.state)));
}

export async function invitations(db: SqlExecutor, userId: string): Promise<InvitationView[]> {
  const { rows } = await db.query<{
    invitation_id: string;
    code: string;
    from_user_id: string;
    at: Date | string;
    state: RoomState | string;
  }>(
    `select i.invitation_id, i.code, i.from_user_id, i.at, r.state from engine_invitations i join engine_rooms r on r.code = i.code
      where i.invitee_id = $1 and i.status = 'pending' and r.status = 'waiting' order by i.at desc, i.invitation_id limit 100`,
    [userId],
  );
  return rows.map((r) => {
    const state = jsonOf(r.state);
    return {
      id: r.invitation_id,
      code: r.code,
      roomName: state.settings.roomName,
      game: state.settings.game,
      fromUserId: r.from_user_id,
      at: new Date(r.at).toISOString(),
    };
  });
}

const jsonOf = (value: RoomState | string): RoomState => (typeof value === 'string' ? (JSON.parse(value) as RoomState) : value);
