/**
 * Multiplayer rooms for both transports (REST routes and `/ws` commands): turn a request into the engine's room
 * command, send it, and answer with the room view plus player names; or read rooms, invitations and history.
 * The engine checks every rule (host only, statuses, passwords, bets); the gateway resolves usernames and adds
 * names, and never sees a password's hash.
 */
import {
  isRoomMatchView,
  RoomCodeSchema,
  RoomView,
  type CommandSender,
  type HistoryPage,
  type InvitationAnswer,
  type InvitationList,
  type PresentedRoom,
  type RoomDetail,
  type RoomList,
} from '@qal/events';
import type { EngineQueries } from '@qal/game-engine';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { createCommandRunner, type RequestMeta } from '../games/game-commands.ts';
import { Rejection } from '../http/errors.ts';
import type { Lang } from '../http/rejections.ts';
import type { UserRecord } from '../identity/users.ts';
import { ROOM_LIMITS } from '../config.ts';
import type { PasswordAttempts } from './password-attempts.ts';
import { presentHistory, presentInvitations, presentRoom, presentRooms, roomPeople, type People } from './present.ts';
import { roomQueries } from './queries.ts';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** The room limits (docs/product-rules.md, "Rooms") are checked here for field messages, and again by the engine. */
export const CreateRoomBody = z.object({
  roomName: z.string().trim().min(1, 'must not be empty').max(ROOM_LIMITS.roomNameMax),
  description: z.preprocess(emptyToUndefined, z.string().trim().max(ROOM_LIMITS.descriptionMax).optional()),
  game: z.preprocess(lower, z.string().min(1).max(40)).default('hangman'),
  maxPlayers: z.number().int().min(ROOM_LIMITS.minPlayers).max(ROOM_LIMITS.maxPlayers),
  gameDuration: z.preprocess(lower, z.enum(['normal', 'rush'])),
  entryFee: z.number().int().nonnegative().max(ROOM_LIMITS.entryFeeMax).optional(),
  penalty: z.number().int().min(0).max(ROOM_LIMITS.penaltyMax).optional(),
  password: z.preprocess(emptyToUndefined, z.string().min(ROOM_LIMITS.passwordMin).max(ROOM_LIMITS.passwordMax).optional()),
  /** The duel's language; the request's language when absent. */
  language: z.preprocess(lower, z.enum(['en', 'am']).optional()),
});
export type CreateRoomBody = z.infer<typeof CreateRoomBody>;

/** A code as typed: spaces and lower case forgiven. Anything that cannot be a code is no room. */
export const RoomCodeParam = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string());
export function roomCode(raw: unknown): string {
  const parsed = RoomCodeSchema.safeParse(RoomCodeParam.parse(raw));
  if (!parsed.success) throw new Rejection('room_not_found');
  return parsed.data;
}

export const JoinRoomBody = z.object({ password: z.preprocess(emptyToUndefined, z.string().max(100).optional()) });
export const InviteBody = z.object({ username: z.string().trim().min(1, 'must not be empty').max(40) });
export const BetBody = z.object({ amount: z.number().int().positive() });
export const AnswerBody = z.object({ accept: z.boolean() });
export const PresenceBody = z.object({ online: z.boolean() });
export const InvitationIdParam = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'not an invitation id');
export const HistoryQuery = z.object({
  mine: z.string().optional(),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ROOM_LIMITS.historyPageMax).default(ROOM_LIMITS.historyPageDefault),
});

export interface RoomCommandsDeps {
  readonly commands: CommandSender;
  readonly queries: EngineQueries;
  readonly clock: Clock;
  readonly people: People;
  readonly findUserByUsername: (username: string) => Promise<UserRecord | null>;
  readonly afterSuccess?: () => void;
  /** Counts wrong room passwords and refuses password joins past the limits; without it, none are counted. */
  readonly passwordAttempts?: PasswordAttempts;
}

export function createRoomCommands(deps: RoomCommandsDeps) {
  const run = createCommandRunner(deps);
  const rooms = roomQueries(deps.queries);

  const present = async (view: RoomView): Promise<PresentedRoom> => presentRoom(view, await deps.people(roomPeople(view)));
  /** The engine's answer crosses a process boundary (the bus, when distributed): read it against the contract. */
  const roomOf = (data: Record<string, unknown>): RoomView | null => (data.room == null ? null : RoomView.parse(data.room));

  /** A room command whose answer is `{ room }`. */
  async function roomCommand(type: string, meta: RequestMeta, payload: Record<string, unknown>) {
    const data = await run(type, meta, { ...payload, userId: meta.userId });
    const room = roomOf(data);
    return { data, room: room ? await present(room) : null };
  }
  const simple =
    (type: string, extra: Record<string, unknown> = {}) =>
    async (meta: RequestMeta, code: string) => ({ room: (await roomCommand(type, meta, { code, ...extra })).room });

  return {
    /** The code is drawn by the engine from the command id: a create retried with its Idempotency-Key is the same room. */
    async create(meta: RequestMeta, body: CreateRoomBody, lang: Lang) {
      const { language, description, entryFee, penalty, password, ...rest } = body;
      const payload = {
        ...rest,
        language: language ?? lang,
        ...(description !== undefined ? { description } : {}),
        ...(entryFee !== undefined ? { entryFee } : {}),
        ...(penalty !== undefined ? { penalty } : {}),
        ...(password !== undefined ? { password } : {}),
      };
      return { room: (await roomCommand('CreateRoom', meta, payload)).room };
    },

    /** A join with a password is refused unchecked past the wrong-password limits (password-attempts.ts). */
    async join(meta: RequestMeta, code: string, password?: string) {
      const limits = deps.passwordAttempts;
      const send = async () => ({
        room: (await roomCommand('JoinRoom', meta, { code, ...(password !== undefined ? { password } : {}) })).room,
      });
      if (password === undefined || !limits) return send();
      const attempt = { code, userId: meta.userId, ip: meta.ip ?? null };
      await limits.refuseOverLimit(attempt);
      try {
        return await send();
      } catch (error) {
        if (error instanceof Rejection && error.code === 'invalid_password') await limits.recordWrong(attempt);
        throw error;
      }
    },

    leave: simple('LeaveRoom'),
    ready: simple('SetReady', { ready: true }),
    unready: simple('SetReady', { ready: false }),
    rematch: simple('StartRematch'),
    remove: simple('DeleteRoom'),

    async start(meta: RequestMeta, code: string) {
      const { data, room } = await roomCommand('StartRoomMatch', meta, { code });
      return { room, matchId: typeof data.matchId === 'string' ? data.matchId : (room?.matchId ?? null) };
    },

    /** By username: an unknown one is `user_not_found`, one's own `cannot_invite_self`. */
    async invite(meta: RequestMeta, code: string, username: string) {
      const invitee = await deps.findUserByUsername(username);
      if (!invitee) throw new Rejection('user_not_found');
      if (invitee.id === meta.userId) throw new Rejection('cannot_invite_self');
      return { room: (await roomCommand('InvitePlayer', meta, { code, inviteeId: invitee.id })).room };
    },

    async proposeBet(meta: RequestMeta, code: string, amount: number) {
      return { room: (await roomCommand('ProposeBet', meta, { code, amount })).room };
    },

    async respondBet(meta: RequestMeta, code: string, accept: boolean) {
      return { room: (await roomCommand('RespondBet', meta, { code, accept })).room };
    },

    /**
     * A member says whether they are there (a client without a socket: following `room:<code>` does it for one
     * that has). Going away starts their turns' 60 s grace; not a member (or only invited) is `not_in_room`.
     */
    async setPresence(meta: RequestMeta, code: string, online: boolean): Promise<void> {
      await run('SetPresence', meta, { code, userId: meta.userId, online });
    },

    /** Accepting joins the room (`{ room }`); declining answers `{ room: null }`. */
    async respondInvitation(meta: RequestMeta, invitationId: string, accept: boolean): Promise<InvitationAnswer> {
      return { room: (await roomCommand('RespondInvitation', meta, { invitationId, accept })).room };
    },

    /**
     * A room by its code (the code is the key: anyone who has it may look). Its members and invited players also
     * get `match`, their own view of the room's current match, once one exists.
     */
    async get(userId: string, code: string): Promise<RoomDetail> {
      const found = await rooms.room(code);
      if (!found) throw new Rejection('room_not_found');
      const room = await present(found.view);
      const member = found.memberIds.includes(userId) || found.invitedIds.includes(userId);
      const matchId = found.view.matchId;
      const match = member && matchId ? await rooms.matchView(matchId, userId) : null;
      return { room, match: match && isRoomMatchView(match.view) ? match.view : null };
    },

    /** Open public rooms (newest first), or with `mine` the rooms the user is in or invited to. */
    async list(userId: string, mine: boolean): Promise<RoomList> {
      const views = mine ? await rooms.myRooms(userId) : await rooms.openRooms({ limit: ROOM_LIMITS.openRoomsListMax });
      return { rooms: await presentRooms(views, deps.people) };
    },

    async invitations(userId: string): Promise<InvitationList> {
      return { invitations: await presentInvitations(await rooms.invitations(userId), deps.people) };
    },

    /** Finished matches, newest first, with result, score, tokens won or lost and the players' names. */
    async history(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<HistoryPage> {
      const found = await rooms.history(userId, { limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });
      return { items: await presentHistory(found.items, deps.people), nextCursor: found.nextCursor };
    },
  };
}

export type RoomCommands = ReturnType<typeof createRoomCommands>;
