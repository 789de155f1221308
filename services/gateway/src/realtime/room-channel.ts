import {
  ROOM_CHANNEL_PREFIX,
  roomChannel,
  roomCodeOfChannel,
  roomCodeOfStream,
  RoomCodeSchema,
  userChannel,
  type StoredEvent,
} from '@qal/events';
import { presentInvitations, presentRoom, roomPeople, type People } from '../rooms/present.ts';
import type { RoomQueries } from '../rooms/queries.ts';
import type { ChannelKind, Hub } from './hub.ts';

/** A valid room code, or null. */
const validCode = (code: string | null): string | null => {
  const parsed = RoomCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
};

/** The room code of a room stream (`room-<code>`), or null. */
export const roomOfStream = (streamId: string): string | null => validCode(roomCodeOfStream(streamId));

export interface RoomChannelDeps {
  readonly queries: RoomQueries;
  readonly people: People;
  /** Tells the engine a member is (not) watching the room: their turns time out 60 s after they went away. */
  readonly setPresence?: (userId: string, code: string, online: boolean) => void;
}

/**
 * `room:<code>`: the room view with player names, for its members and invited players. Following it is being
 * present: the first connection of a member marks them online, the last one going away offline.
 */
export function roomChannelKind(deps: RoomChannelDeps): ChannelKind {
  const codeOf = (channel: string) => roomCodeOfChannel(channel) ?? '';
  return {
    prefix: ROOM_CHANNEL_PREFIX,
    async authorize(userId, channel) {
      const code = validCode(roomCodeOfChannel(channel));
      if (code === null) return false;
      const room = await deps.queries.room(code);
      return room !== null && (room.memberIds.includes(userId) || room.invitedIds.includes(userId));
    },
    async view(channel) {
      const room = await deps.queries.room(codeOf(channel));
      if (!room) return { version: 0, snapshot: null };
      return { version: room.version, snapshot: presentRoom(room.view, await deps.people(roomPeople(room.view))) };
    },
    onFirstFollower: (userId, channel) => deps.setPresence?.(userId, codeOf(channel), true),
    onLastFollowerGone: (userId, channel) => deps.setPresence?.(userId, codeOf(channel), false),
  };
}

/**
 * The users whose pending invitations a room event changes: invited, declined, joined (an invitation is used up),
 * re-invited by a rematch. Events that end every pending invitation of the room (started, cancelled) are answered
 * with the room's invited players, read after the batch.
 */
function invitationUsers(event: StoredEvent): string[] | 'room' {
  const data = event.data;
  switch (event.type) {
    case 'PlayerInvited':
      return typeof data.inviteeId === 'string' ? [data.inviteeId] : [];
    case 'InvitationDeclined':
    case 'PlayerJoined':
      return typeof data.userId === 'string' ? [data.userId] : [];
    case 'RematchStarted':
      return Array.isArray(data.invitations)
        ? data.invitations.flatMap((i: unknown) =>
            i && typeof i === 'object' && typeof (i as { inviteeId?: unknown }).inviteeId === 'string'
              ? [(i as { inviteeId: string }).inviteeId]
              : [],
          )
        : [];
    case 'MatchStarted':
    case 'RoomCancelled':
      return 'room';
    default:
      return [];
  }
}

export interface RoomPushDeps {
  readonly queries: RoomQueries;
  readonly people: People;
  /** Waits for the engine's read model to include an event (embedded: invitations are read from it). */
  readonly settle?: (event: StoredEvent) => Promise<void>;
}

/**
 * After a batch of events: `room` on `room:<code>` for every followed room that changed (the room's version is
 * its stream's last global position), and `invitation` (the pending list) on `user:<id>` for the followed users
 * an event of the batch invited, un-invited or let in.
 */
export async function pushRoomChanges(hub: Hub, events: readonly StoredEvent[], deps: RoomPushDeps): Promise<void> {
  const rooms = new Set<string>();
  /** user → the position of the last room event that may have changed their invitations */
  const invitees = new Map<string, number>();
  const note = (userId: string, position: number) => {
    if (hub.hasFollowers(userChannel(userId))) invitees.set(userId, position);
  };
  /** Rooms whose invited players must hear that their invitations ended, with the event's position. */
  const endedInvitations = new Map<string, number>();
  for (const event of events) {
    const code = roomOfStream(event.streamId);
    if (!code) continue;
    rooms.add(code);
    const users = invitationUsers(event);
    if (users === 'room') endedInvitations.set(code, Number(event.globalPosition));
    else for (const userId of users) note(userId, Number(event.globalPosition));
  }
  for (const code of rooms) {
    const channel = roomChannel(code);
    const followed = hub.hasFollowers(channel);
    if (!followed && !endedInvitations.has(code)) continue;
    const room = await deps.queries.room(code);
    if (!room) continue;
    const ended = endedInvitations.get(code);
    if (ended !== undefined) for (const userId of room.invitedIds) note(userId, ended);
    if (followed) hub.publish(channel, 'room', room.version, presentRoom(room.view, await deps.people(roomPeople(room.view))));
  }
  const lastRoomEvent = events.findLast((event) => roomOfStream(event.streamId) !== null);
  if (invitees.size > 0 && lastRoomEvent) await deps.settle?.(lastRoomEvent).catch(() => undefined);
  for (const [userId, version] of invitees) {
    const invitations = await presentInvitations(await deps.queries.invitations(userId), deps.people);
    hub.publish(userChannel(userId), 'invitation', version, invitations);
  }
}
