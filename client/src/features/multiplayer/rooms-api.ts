import * as z from 'zod/mini';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { BADGES } from '../../components/badge-icon.tsx';

/*
 * The rooms, invitations, duel and history calls of issue 5 (helpers/ROOMS.md). The schemas are lenient where
 * the contract leaves room (optional enrichments, unknown extra fields ignored) so a small server-side refinement
 * does not blank a page; what the pages rely on is required.
 */

const language = z.enum(['en', 'am']);
const badge = z.optional(z.nullable(z.catch(z.nullable(z.enum(BADGES)), null)));

export const PLAYER_STATUSES = ['invited', 'joined', 'ready', 'playing', 'finished', 'left'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

const roomPlayerSchema = z.object({
  id: z.string(),
  status: z.enum(PLAYER_STATUSES),
  online: z.optional(z.boolean()),
  joinedAt: z.optional(z.nullable(z.string())),
  name: z.optional(z.nullable(z.string())),
  username: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  badge,
});
export type RoomPlayer = z.infer<typeof roomPlayerSchema>;

export const BET_STATUSES = ['proposed', 'agreed', 'declined', 'expired', 'failed'] as const;
const betSchema = z.object({
  proposalId: z.string(),
  amount: z.number(),
  proposedBy: z.string(),
  expiresAt: z.string(),
  acceptedBy: z.array(z.string()),
  declinedBy: z.optional(z.array(z.string())),
  status: z.enum(BET_STATUSES),
  pot: z.optional(z.number()),
});
export type Bet = z.infer<typeof betSchema>;

export const ROOM_STATUSES = ['waiting', 'in_progress', 'finished', 'cancelled'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const roomSchema = z.object({
  code: z.string(),
  roomName: z.string(),
  description: z.optional(z.nullable(z.string())),
  game: z.string(),
  language: z.optional(language),
  maxPlayers: z.number(),
  gameDuration: z.enum(['normal', 'rush']),
  entryFee: z.number(),
  penalty: z.number(),
  private: z.optional(z.boolean()),
  status: z.enum(ROOM_STATUSES),
  hostId: z.string(),
  hostName: z.optional(z.nullable(z.string())),
  matchId: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
  players: z.array(roomPlayerSchema),
  bet: z.optional(z.nullable(betSchema)),
  matches: z.optional(z.array(z.string())),
});
export type RoomView = z.infer<typeof roomSchema>;

const lastRoundSchema = z.object({
  setterId: z.string(),
  word: z.optional(z.nullable(z.string())),
  outcome: z.enum(['solved', 'failed', 'skipped']),
  solvedBy: z.optional(z.nullable(z.string())),
});
export type DuelRound = z.infer<typeof lastRoundSchema>;

export const duelViewSchema = z.object({
  mode: z.optional(z.literal('duel')),
  matchId: z.string(),
  roomCode: z.optional(z.string()),
  language,
  status: z.enum(['playing', 'finished']),
  round: z.number(),
  rounds: z.number(),
  phase: z.enum(['setting', 'guessing', 'finished']),
  setterId: z.nullable(z.optional(z.string())),
  currentPlayerId: z.nullable(z.optional(z.string())),
  turn: z.number(),
  turnDeadline: z.nullable(z.optional(z.string())),
  matchDeadline: z.nullable(z.optional(z.string())),
  slots: z.nullable(z.array(z.nullable(z.string()))),
  guessed: z.array(z.string()),
  missed: z.optional(z.array(z.string())),
  wrongGuesses: z.number(),
  livesLeft: z.number(),
  hintsLeft: z.number(),
  scores: z.record(z.string(), z.number()),
  players: z.array(z.object({ id: z.string(), status: z.string(), timeoutsInRow: z.optional(z.number()) })),
  word: z.optional(z.nullable(z.string())),
  lastRounds: z.optional(z.array(lastRoundSchema)),
  winners: z.optional(z.nullable(z.array(z.string()))),
  finishedAt: z.optional(z.nullable(z.string())),
  /** The viewer's net tokens once finished, when the server adds it (payout + refunds − fee − stake − penalty). */
  tokens: z.optional(z.nullable(z.number())),
});
export type DuelView = z.infer<typeof duelViewSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  code: z.string(),
  roomName: z.string(),
  game: z.optional(z.string()),
  fromUserId: z.optional(z.string()),
  fromName: z.optional(z.nullable(z.string())),
  hostName: z.optional(z.nullable(z.string())),
  at: z.optional(z.string()),
});
export type Invitation = z.infer<typeof invitationSchema>;

const historyItemSchema = z.object({
  matchId: z.string(),
  roomCode: z.optional(z.string()),
  roomName: z.optional(z.nullable(z.string())),
  game: z.optional(z.string()),
  finishedAt: z.optional(z.nullable(z.string())),
  result: z.enum(['won', 'lost', 'tie', 'left']),
  score: z.optional(z.number()),
  tokens: z.number(),
  players: z.array(z.object({ id: z.string(), score: z.optional(z.number()), name: z.optional(z.nullable(z.string())) })),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

const replayStepSchema = z.object({
  index: z.optional(z.number()),
  kind: z.string(),
  at: z.optional(z.string()),
  playerId: z.optional(z.nullable(z.string())),
  letter: z.optional(z.nullable(z.string())),
  word: z.optional(z.nullable(z.string())),
  hit: z.optional(z.nullable(z.boolean())),
  view: duelViewSchema,
});
export type ReplayStep = z.infer<typeof replayStepSchema>;

const replaySchema = z.object({
  matchId: z.string(),
  steps: z.array(replayStepSchema),
  players: z.optional(z.array(z.object({ id: z.string(), name: z.optional(z.nullable(z.string())) }))),
});
export type DuelReplay = z.infer<typeof replaySchema>;

const roomOnly = z.object({ room: roomSchema });
const roomWithMatch = z.object({ room: roomSchema, match: z.optional(z.nullable(z.unknown())), matchId: z.optional(z.string()) });
const roomsSchema = z.object({ rooms: z.array(roomSchema) });
const invitationsSchema = z.object({ invitations: z.array(invitationSchema) });
const respondedSchema = z.object({ room: z.optional(z.nullable(roomSchema)) });
const historySchema = z.object({ items: z.array(historyItemSchema), nextCursor: z.nullable(z.optional(z.string())) });
const viewOnly = z.object({ view: z.unknown() });

/** A duel view when the value is one (the room's `match` may also be `{ view }` or a single-player view). */
export function parseDuelView(value: unknown): DuelView | null {
  const direct = duelViewSchema.safeParse(value);
  if (direct.success) return direct.data;
  const nested = viewOnly.safeParse(value);
  if (nested.success) {
    const inner = duelViewSchema.safeParse(nested.data.view);
    if (inner.success) return inner.data;
  }
  return null;
}

/** A room from a snapshot or push: the RoomView itself, or `{ room }`. */
export function parseRoom(value: unknown): RoomView | null {
  const direct = roomSchema.safeParse(value);
  if (direct.success) return direct.data;
  const nested = roomOnly.safeParse(value);
  return nested.success ? nested.data.room : null;
}

export function parseInvitations(value: unknown): Invitation[] | null {
  const list = z.array(invitationSchema).safeParse(value);
  if (list.success) return list.data;
  const nested = invitationsSchema.safeParse(value);
  return nested.success ? nested.data.invitations : null;
}

export type CreateRoomInput = {
  roomName: string;
  description?: string;
  game: 'hangman' | 'crazy';
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
  return (await api.request('/rooms', roomsSchema, { requireSession: true, signal })).rooms;
}

export async function fetchMyRooms(signal?: AbortSignal): Promise<RoomView[]> {
  return (await api.request('/rooms?mine=1', roomsSchema, { requireSession: true, signal })).rooms;
}

export async function fetchRoom(code: string, signal?: AbortSignal): Promise<{ room: RoomView; match: DuelView | null }> {
  const data = await api.request(path(code), roomWithMatch, { requireSession: true, signal });
  return { room: data.room, match: data.match ? parseDuelView(data.match) : null };
}

export async function createRoom(input: CreateRoomInput, idempotencyKey: string = newIdempotencyKey()): Promise<RoomView> {
  return (await api.request('/rooms', roomOnly, { ...post, body: input, idempotencyKey })).room;
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
      return (await api.request(`${path(code)}/join`, roomOnly, { ...options, body: action.password ? { password: action.password } : {} }))
        .room;
    case 'invite':
      return (await api.request(`${path(code)}/invite`, roomOnly, { ...options, body: { username: action.username } })).room;
    case 'bet':
      return (await api.request(`${path(code)}/bets`, roomOnly, { ...options, body: { amount: action.amount } })).room;
    case 'betRespond':
      return (await api.request(`${path(code)}/bets/respond`, roomOnly, { ...options, body: { accept: action.accept } })).room;
    case 'delete':
      return (await api.request(path(code), roomOnly, { ...options, method: 'DELETE' })).room;
    default:
      return (await api.request(`${path(code)}/${action.type}`, roomOnly, { ...options, body: {} })).room;
  }
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
  return api.request(`/matches/${encodeURIComponent(matchId)}/replay`, replaySchema, { requireSession: true, signal });
}

const anyReplay = z.object({ steps: z.array(z.object({ view: z.optional(z.object({ mode: z.optional(z.string()) })) })) });

/**
 * A replay of either game: the duel's parsed here, a Crazy match's handed over as it came (its schema lives with the
 * Crazy chunk, crazy/crazy-api.ts, so the duel's pages never load it).
 */
export async function fetchReplay(
  matchId: string,
  signal?: AbortSignal,
): Promise<{ game: 'duel'; replay: DuelReplay } | { game: 'crazy'; raw: unknown }> {
  const raw = await api.request(`/matches/${encodeURIComponent(matchId)}/replay`, z.unknown(), { requireSession: true, signal });
  const shape = anyReplay.safeParse(raw);
  if (shape.success && shape.data.steps[0]?.view?.mode === 'crazy') return { game: 'crazy', raw };
  const duel = replaySchema.safeParse(raw);
  if (!duel.success) throw duel.error;
  return { game: 'duel', replay: duel.data };
}

export async function fetchInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return (await api.request('/invitations', invitationsSchema, { requireSession: true, signal })).invitations;
}

export async function respondInvitation(id: string, accept: boolean): Promise<RoomView | null> {
  const data = await api.request(`/invitations/${encodeURIComponent(id)}/respond`, respondedSchema, {
    ...post,
    body: { accept },
    idempotencyKey: newIdempotencyKey(),
  });
  return data.room ?? null;
}

export async function fetchHistory(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ items: HistoryItem[]; nextCursor: string | null }> {
  const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  const data = await api.request(`/matches?mine=1${query}`, historySchema, { requireSession: true, signal });
  return { items: data.items, nextCursor: data.nextCursor ?? null };
}

export const roomChannel = (code: string) => `room:${code}`;
export const duelChannel = (matchId: string, userId: string) => `match:${matchId}:${userId}`;
