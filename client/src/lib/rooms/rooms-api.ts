import * as z from 'zod/mini';
import {
  DuelReplay,
  DuelView as DuelViewContract,
  HistoryPage,
  InvitationAnswer,
  InvitationList,
  PresentedInvitation,
  PresentedRoom,
  RoomAnswer,
  RoomList,
  privateMatchChannel,
  roomChannel,
  type DuelReplayStep,
  type PresentedHistoryItem,
  type PresentedRoomBet,
  type PresentedRoomPlayer,
  type RoomSettlementView,
} from '@qal/events/contracts';
import { api, newIdempotencyKey } from '../api-client.ts';

/*
 * The rooms, invitations, duel and history calls. The shapes are the contracts' (@qal/events contracts/rooms.ts,
 * duel.ts): the engine builds them, the gateway adds the players' names, and the same schemas parse them here.
 */

export { BET_STATUSES, PLAYER_STATUSES, ROOM_STATUSES, type PlayerStatus, type RoomStatus, type DuelRound } from '@qal/events/contracts';

/** A field a page reads that the server does not send (yet): optional, so it stays harmless until it does. */
interface UnsentTokens {
  /** The viewer's net tokens once finished (the pages fall back to the history row). */
  readonly tokens?: number | null;
}

export type Bet = PresentedRoomBet & {
  /** Not sent by the server (a decline ends the bet): read by the bet rules, harmless until it is. */
  readonly declinedBy?: readonly string[];
};
/** A room with its players' names (the `room` push of `room:<code>` and every room call's answer). */
export type RoomView = Omit<PresentedRoom, 'bet'> & { bet: Bet | null };
export type RoomPlayer = PresentedRoomPlayer;
/** How a finished match was settled: its pot, the house's rake, the prize and each player's net. */
export type RoomSettlement = RoomSettlementView;
export type DuelView = DuelViewContract & UnsentTokens;
export type Invitation = PresentedInvitation & {
  /** Not sent by the server (`hostName` and `from.name` are): read by the invitations page, harmless until it is. */
  readonly fromName?: string | null;
};
export type HistoryItem = PresentedHistoryItem;
export type ReplayStep = DuelReplayStep;
export type { DuelReplay };

/** GET /rooms/{code}: the room and the caller's own view of its match (the duel's parsed here; Crazy's by its chunk). */
const roomWithMatch = z.object({ room: PresentedRoom, match: z.optional(z.nullable(z.unknown())) });
const viewOnly = z.object({ view: z.unknown() });

/** A duel view when the value is one (the room's `match` may also be `{ view }` or a single-player view). */
export function parseDuelView(value: unknown): DuelView | null {
  const direct = DuelViewContract.safeParse(value);
  if (direct.success) return direct.data;
  const nested = viewOnly.safeParse(value);
  if (nested.success) {
    const inner = DuelViewContract.safeParse(nested.data.view);
    if (inner.success) return inner.data;
  }
  return null;
}

/** A room from a snapshot or push: the room itself, or `{ room }`. */
export function parseRoom(value: unknown): RoomView | null {
  const direct = PresentedRoom.safeParse(value);
  if (direct.success) return direct.data;
  const nested = RoomAnswer.safeParse(value);
  return nested.success ? nested.data.room : null;
}

export function parseInvitations(value: unknown): Invitation[] | null {
  const list = z.array(PresentedInvitation).safeParse(value);
  if (list.success) return list.data;
  const nested = InvitationList.safeParse(value);
  return nested.success ? nested.data.invitations : null;
}

export type CreateRoomInput = {
  roomName: string;
  description?: string;
  /** A catalogue slug rooms can play (room-rules.ts ROOM_GAMES). */
  game: string;
  maxPlayers: number;
  gameDuration: 'normal' | 'rush';
  entryFee: number;
  penalty: number;
  password?: string;
  language?: 'en' | 'am';
};

const post = { method: 'POST' as const, requireSession: true };
const path = (code: string) => `/rooms/${encodeURIComponent(code)}`;

export async function fetchOpenRooms(signal?: AbortSignal): Promise<RoomView[]> {
  return (await api.request('/rooms', RoomList, { requireSession: true, signal })).rooms;
}

export async function fetchMyRooms(signal?: AbortSignal): Promise<RoomView[]> {
  return (await api.request('/rooms?mine=1', RoomList, { requireSession: true, signal })).rooms;
}

export async function fetchRoom(code: string, signal?: AbortSignal): Promise<{ room: RoomView; match: DuelView | null }> {
  const data = await api.request(path(code), roomWithMatch, { requireSession: true, signal });
  return { room: data.room, match: data.match ? parseDuelView(data.match) : null };
}

export async function createRoom(input: CreateRoomInput, idempotencyKey: string = newIdempotencyKey()): Promise<RoomView> {
  return (await api.request('/rooms', RoomAnswer, { ...post, body: input, idempotencyKey })).room;
}

export type RoomAction =
  | { type: 'join'; password?: string }
  | { type: 'leave' }
  | { type: 'ready' }
  | { type: 'unready' }
  | { type: 'start' }
  | { type: 'invite'; username: string }
  | { type: 'bet'; amount: number }
  | { type: 'betRespond'; accept: boolean }
  | { type: 'rematch' }
  | { type: 'delete' };

/** One room action over HTTP; every one answers the room as it is afterwards. */
export async function sendRoomAction(code: string, action: RoomAction, idempotencyKey: string = newIdempotencyKey()): Promise<RoomView> {
  const options = { ...post, idempotencyKey };
  switch (action.type) {
    case 'join':
      return (
        await api.request(`${path(code)}/join`, RoomAnswer, { ...options, body: action.password ? { password: action.password } : {} })
      ).room;
    case 'invite':
      return (await api.request(`${path(code)}/invite`, RoomAnswer, { ...options, body: { username: action.username } })).room;
    case 'bet':
      return (await api.request(`${path(code)}/bets`, RoomAnswer, { ...options, body: { amount: action.amount } })).room;
    case 'betRespond':
      return (await api.request(`${path(code)}/bets/respond`, RoomAnswer, { ...options, body: { accept: action.accept } })).room;
    case 'delete':
      return (await api.request(path(code), RoomAnswer, { ...options, method: 'DELETE' })).room;
    default:
      return (await api.request(`${path(code)}/${action.type}`, RoomAnswer, { ...options, body: {} })).room;
  }
}

/** Says the player is (still) in the room while no socket says it for them (reading the room never does). */
export async function sendPresence(code: string, online: boolean): Promise<void> {
  await api.request(`${path(code)}/presence`, z.object({ online: z.boolean() }), { ...post, body: { online } });
}

export type DuelMove = { type: 'set_word'; word: string } | { type: 'guess'; letter: string } | { type: 'hint' };

export async function sendDuelMove(
  matchId: string,
  move: DuelMove,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<DuelView | null> {
  const data = await api.request(`/matches/${encodeURIComponent(matchId)}/moves`, viewOnly, { ...post, body: move, idempotencyKey });
  return parseDuelView(data.view);
}

export async function fetchDuelView(matchId: string, signal?: AbortSignal): Promise<DuelView | null> {
  const data = await api.request(`/matches/${encodeURIComponent(matchId)}`, viewOnly, { requireSession: true, signal });
  return parseDuelView(data.view);
}

export async function fetchDuelReplay(matchId: string, signal?: AbortSignal): Promise<DuelReplay> {
  return api.request(`/matches/${encodeURIComponent(matchId)}/replay`, DuelReplay, { requireSession: true, signal });
}

/** A finished match's replay as the server sent it: each game's replay view (features/games/<slug>/) parses its own. */
export async function fetchRawReplay(matchId: string, signal?: AbortSignal): Promise<unknown> {
  return api.request(`/matches/${encodeURIComponent(matchId)}/replay`, z.unknown(), { requireSession: true, signal });
}

/** A word duel's replay, or null when the value is not one. */
export function parseDuelReplay(raw: unknown): DuelReplay | null {
  const duel = DuelReplay.safeParse(raw);
  return duel.success ? duel.data : null;
}

export async function fetchInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return (await api.request('/invitations', InvitationList, { requireSession: true, signal })).invitations;
}

export async function respondInvitation(id: string, accept: boolean): Promise<RoomView | null> {
  const data = await api.request(`/invitations/${encodeURIComponent(id)}/respond`, InvitationAnswer, {
    ...post,
    body: { accept },
    idempotencyKey: newIdempotencyKey(),
  });
  return data.room;
}

export async function fetchHistory(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: HistoryItem[]; nextCursor: string | null }> {
  const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  const data = await api.request(`/matches?mine=1${query}`, HistoryPage, { requireSession: true, signal });
  return { items: data.items, nextCursor: data.nextCursor };
}

/** The channels a room page follows (@qal/events contracts/streams.ts). */
export { roomChannel };
export const duelChannel = privateMatchChannel;
