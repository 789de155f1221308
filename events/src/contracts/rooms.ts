import * as z from 'zod/mini';
import { Person, PersonFields } from './people.ts';
import { LANGUAGES } from './values.ts';

/**
 * Rooms as clients see them. The engine's views hold ids only (RoomView, InvitationView, HistoryItem: the engine's
 * rooms/view.ts and queries build them, never with a password or its hash, no hold ids); the gateway adds names
 * (the Presented* shapes), which is what the REST API and the `room:<code>` / `user:<id>` pushes carry.
 */

/** The games a room can play today: the word duel (slug `hangman`) and Crazy. */
export const ROOM_GAMES = ['hangman', 'crazy'] as const;
export type RoomGame = (typeof ROOM_GAMES)[number];
export const ROOM_LANGUAGES = LANGUAGES;
export type RoomLanguage = (typeof ROOM_LANGUAGES)[number];
export const GAME_DURATIONS = ['normal', 'rush'] as const;
export type GameDuration = (typeof GAME_DURATIONS)[number];
export const ROOM_STATUSES = ['waiting', 'in_progress', 'finished', 'cancelled'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const PLAYER_STATUSES = ['invited', 'joined', 'ready', 'playing', 'finished', 'left'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const BET_STATUSES = ['proposed', 'agreed', 'declined', 'expired', 'failed'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const RoomPlayerView = z.object({
  id: z.string(),
  status: z.enum(PLAYER_STATUSES),
  online: z.boolean(),
  joinedAt: z.nullable(z.string()),
});
export type RoomPlayerView = z.infer<typeof RoomPlayerView>;

export const RoomBetView = z.object({
  proposalId: z.string(),
  amount: z.int(),
  proposedBy: z.string(),
  expiresAt: z.string(),
  acceptedBy: z.array(z.string()),
  status: z.enum(BET_STATUSES),
  /** Tokens in play: amount × stakes held once agreed, amount × players taking part before. */
  pot: z.int(),
});
export type RoomBetView = z.infer<typeof RoomBetView>;

/** One player's money in a finished match: payout − spent (entry fee, stake and any penalty posted from them). */
export const RoomPlayerNet = z.object({
  id: z.string(),
  payout: z.int(),
  spent: z.int(),
  net: z.int(),
});
export type RoomPlayerNet = z.infer<typeof RoomPlayerNet>;

/** How a finished match was settled: its pot, the house's rake, the prize paid to the winners, each player's net. */
export const RoomSettlementView = z.object({
  matchId: z.string(),
  pot: z.int(),
  rake: z.int(),
  prize: z.int(),
  /** In the match's player order. */
  players: z.array(RoomPlayerNet),
});
export type RoomSettlementView = z.infer<typeof RoomSettlementView>;

/** The engine's room: ids only. */
export const RoomView = z.object({
  code: z.string(),
  roomName: z.string(),
  description: z.string(),
  /** A room game's slug (ROOM_GAMES today; the engine's registry may add more). */
  game: z.string(),
  /** The word duel's dictionary (kept, and changing nothing, for Crazy). */
  language: z.enum(ROOM_LANGUAGES),
  maxPlayers: z.int(),
  gameDuration: z.enum(GAME_DURATIONS),
  entryFee: z.int(),
  penalty: z.int(),
  /** Has a password (hidden from the lobby list, joinable by code). */
  private: z.boolean(),
  status: z.enum(ROOM_STATUSES),
  /** Why a cancelled room was: its host deleted it, everyone left, or it waited idle too long (its holds voided). */
  closedReason: z.optional(z.nullable(z.enum(['deleted', 'empty', 'idle']))),
  hostId: z.string(),
  /** The current (or next) match. */
  matchId: z.string(),
  createdAt: z.string(),
  players: z.array(RoomPlayerView),
  bet: z.nullable(RoomBetView),
  /** Every match of the room, oldest first (the last is the current one). */
  matches: z.array(z.string()),
  /**
   * The current match's prize (entry fees + stakes + forfeited penalties − the house's rake): before the start, for
   * the players seated now; during the match, the pot so far; once finished, what the winners were paid.
   */
  prize: z.optional(z.int()),
  /** How the current match was settled, once it is finished (null before). */
  settlement: z.optional(z.nullable(RoomSettlementView)),
  /**
   * Global position of the room stream's last event the view includes (the `room` push's version): of two views of
   * a room, the one with the higher version is the newer, whichever came first (a push can overtake an action's
   * answer). Sent with one room (an action's answer, GET, the snapshot and pushes), not in lists.
   */
  version: z.optional(z.int()),
});
export type RoomView = z.infer<typeof RoomView>;

/** The engine's answer to `room(code)`: the room, its version, and who may follow `room:<code>`. */
export const RoomSnapshot = z.object({
  view: RoomView,
  /** Global position of the room stream's last event: pushes of the room are versioned by it. */
  version: z.int(),
  /** Players taking part (not invited, not left). */
  memberIds: z.array(z.string()),
  /** Pending invitees of the current match. */
  invitedIds: z.array(z.string()),
});
export type RoomSnapshot = z.infer<typeof RoomSnapshot>;

export const PresentedRoomPlayer = z.extend(RoomPlayerView, { ...PersonFields, ready: z.boolean() });
export type PresentedRoomPlayer = z.infer<typeof PresentedRoomPlayer>;
export const PresentedRoomBet = z.extend(RoomBetView, { proposedByName: z.string() });
export type PresentedRoomBet = z.infer<typeof PresentedRoomBet>;

/** A room for clients (REST and the `room` push): the engine's view, each player with their name and `ready`, the host. */
export const PresentedRoom = z.extend(RoomView, {
  host: Person,
  hostName: z.string(),
  players: z.array(PresentedRoomPlayer),
  bet: z.nullable(PresentedRoomBet),
});
export type PresentedRoom = z.infer<typeof PresentedRoom>;

/** A pending invitation to a room still waiting (the engine's: ids only). */
export const InvitationView = z.object({
  id: z.string(),
  code: z.string(),
  roomName: z.string(),
  game: z.string(),
  fromUserId: z.string(),
  at: z.string(),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** An invitation for clients (GET /invitations, the `invitation` push of `user:<id>`): with who sent it. */
export const PresentedInvitation = z.extend(InvitationView, { from: Person, hostName: z.string() });
export type PresentedInvitation = z.infer<typeof PresentedInvitation>;

export const MATCH_RESULTS = ['won', 'lost', 'tie', 'left'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];

/** A finished room match of the player (the engine's: ids only). */
export const HistoryItem = z.object({
  matchId: z.string(),
  roomCode: z.string(),
  roomName: z.string(),
  game: z.string(),
  finishedAt: z.string(),
  result: z.enum(MATCH_RESULTS),
  score: z.int(),
  /** Net: payout − entry fee − stake − penalty (what was posted from the player). */
  tokens: z.int(),
  players: z.array(z.object({ id: z.string(), score: z.int() })),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

/** A history row for clients: every player with their name, avatar and badge. */
export const PresentedHistoryItem = z.extend(HistoryItem, {
  players: z.array(z.object({ id: z.string(), score: z.int(), ...PersonFields })),
});
export type PresentedHistoryItem = z.infer<typeof PresentedHistoryItem>;

/** GET /matches?mine=1: newest first; `nextCursor` (opaque) asks for the next page, null on the last. */
export const HistoryPage = z.object({ items: z.array(PresentedHistoryItem), nextCursor: z.nullable(z.string()) });
export type HistoryPage = z.infer<typeof HistoryPage>;

// Answers of the room calls (REST and the `/ws` room commands).

/** Every room action: the room as it is afterwards. */
export const RoomAnswer = z.object({ room: PresentedRoom });
export type RoomAnswer = z.infer<typeof RoomAnswer>;
/** Starting: the room and its match. */
export const RoomStartAnswer = z.object({ room: PresentedRoom, matchId: z.nullable(z.string()) });
export type RoomStartAnswer = z.infer<typeof RoomStartAnswer>;
/** Answering an invitation: the room joined, null on a decline. */
export const InvitationAnswer = z.object({ room: z.nullable(PresentedRoom) });
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;
/** GET /rooms (open public rooms, or `?mine=1`). */
export const RoomList = z.object({ rooms: z.array(PresentedRoom) });
export type RoomList = z.infer<typeof RoomList>;
/** GET /invitations. */
export const InvitationList = z.object({ invitations: z.array(PresentedInvitation) });
export type InvitationList = z.infer<typeof InvitationList>;
