import { z } from 'zod';
import { SUITS } from '../contracts/crazy.ts';

/**
 * Crazy: MakeMove's move is the general `Move` (Hangman's and Crazy's), CreateRoom accepts game 'crazy',
 * Crazy's rejections are appended to GAME_ENGINE_REJECTIONS (plus 'move_not_for_this_game').
 *
 * Rooms: rejection 'bet_not_settled' (start while a bet is proposed or a late joiner has not held their stake);
 * 'unknown_language' also answers CreateRoom with a language other than en | am; 'deadline_not_reached' answers a
 * timer sent before its deadline.
 *
 * Commands owned by the game engine (services/game-engine), sent in the command envelope with these `type`s.
 * The engine answers with views only: a match's events (which hold the word and the seed) never leave it.
 * Language, category and difficulty are free text here so an unknown one is a named rejection, not a parse error.
 */
const Id = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _ . : -');

/** The paid start: daily limit, then the fee through the ledger, then the game. → `{ matchId, view }` */
export const PlayHangman = z.object({
  matchId: Id,
  userId: Id,
  language: z.string().min(1).max(20),
  category: z.string().min(1).max(40).optional(),
  difficulty: z.string().min(1).max(20).optional(),
});

export const HangmanMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('guess'), letter: z.string().min(1).max(8) }),
  z.object({ type: z.literal('hint') }),
  /** Word duel only: the round's setter sets the word (checked against the room language's dictionary). */
  z.object({ type: z.literal('set_word'), word: z.string().min(1).max(40) }),
]);
export type HangmanMove = z.infer<typeof HangmanMove>;

/**
 * Crazy's moves (the same shape as games/crazy's `CrazyMove`, which the engine parses them with). Card ids
 * are the engine's (`<suit letter>-<rank>-<copy>`), checked by the game; the suit chosen after an 8 or J.
 */
export const CrazyMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), cards: z.array(z.string().min(1).max(12)).min(1).max(104), suit: z.enum(SUITS).optional() }),
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('qeregn') }),
  z.object({ type: z.literal('crazy'), target: Id }),
  z.object({ type: z.literal('face_penalty') }),
]);
export type CrazyMove = z.infer<typeof CrazyMove>;

/** Any match's move: Hangman's (single-player and the word duel) and Crazy's. The engine routes by the match. */
export const Move = z.discriminatedUnion('type', [...HangmanMove.options, ...CrazyMove.options]);
export type Move = z.infer<typeof Move>;

const LISTED_MOVE_TYPES: ReadonlySet<string> = new Set(Move.options.map((option) => option.shape.type.value));
/** What a move of a game's own may carry besides its type: a few small JSON values. */
const OwnMoveValue = z.union([
  z.string().max(200),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(40), z.number()])).max(104),
]);
export const OWN_MOVE_FIELDS_MAX = 8;

/**
 * A move whose type is not listed above: a game module of the engine parses it with its own schema (and answers
 * 'move_not_for_this_game' when it is not one of its moves). A listed type must have its listed shape.
 */
export const OwnMove = z
  .object({ type: z.string().regex(/^[a-z][a-z_]{0,39}$/) })
  .catchall(OwnMoveValue)
  .refine((move) => !LISTED_MOVE_TYPES.has(move.type), 'a listed move must have its listed shape')
  .refine((move) => Object.keys(move).length <= OWN_MOVE_FIELDS_MAX, 'too many fields');
export type OwnMove = z.infer<typeof OwnMove>;

/** A listed move (an own move never has a listed type: OwnMove refuses it). */
export const isListedMove = (move: GameMove): move is Move => LISTED_MOVE_TYPES.has(move.type);

/** Any game's move: a listed one, or one of a game's own. */
export const GameMove = z.union([Move, OwnMove]);
export type GameMove = z.infer<typeof GameMove>;

/**
 * A move in any match (single-player Hangman or a room's word duel), timed by the envelope's `issuedAt`. The
 * engine routes it by the match's kind. → `{ view }` (the mover's own view)
 */
export const MakeMove = z.object({ matchId: Id, userId: Id, move: GameMove });

// Rooms (docs/product-rules.md, "Rooms"). Every room command answers `{ room }`: the room's view (ids only;
// the gateway adds names). A room's code is 6 characters from ROOM_CODE_ALPHABET (no 0/O/1/I).

export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LENGTH = 6;
export const RoomCodeSchema = z
  .string()
  .length(ROOM_CODE_LENGTH)
  .regex(/^[A-HJ-NP-Z2-9]{6}$/, 'a room code is 6 characters without 0, O, 1 or I');

/**
 * Settings are checked by the engine (named rejections), so these are loose: a bad value is `invalid_room_settings`
 * with the field, not a schema error. The code is drawn by the engine from the command id, so a retried create is
 * the same room.
 */
export const CreateRoom = z.object({
  userId: Id,
  roomName: z.string().max(400),
  description: z.string().max(2000).optional(),
  game: z.string().min(1).max(40),
  /** The word duel's language: 'en' | 'am'. */
  language: z.string().max(20),
  maxPlayers: z.number(),
  gameDuration: z.string().max(20),
  entryFee: z.number().optional(),
  penalty: z.number().optional(),
  /** Plain text on the way in; the engine stores only a salted hash. */
  password: z.string().max(100).optional(),
});
export const JoinRoom = z.object({ code: RoomCodeSchema, userId: Id, password: z.string().max(100).optional() });
export const LeaveRoom = z.object({ code: RoomCodeSchema, userId: Id });
/** Ready holds the entry fee (and penalty) in the match escrow; not ready voids those holds. */
export const SetReady = z.object({ code: RoomCodeSchema, userId: Id, ready: z.boolean() });
/** Host only. → `{ room, matchId }` */
export const StartRoomMatch = z.object({ code: RoomCodeSchema, userId: Id });
/** Host only; the gateway resolves the username to `inviteeId` (unknown → `user_not_found`). */
export const InvitePlayer = z.object({ code: RoomCodeSchema, userId: Id, inviteeId: Id });
/** → `{ room }` when accepted (the invitee joins), `{ room: null }` when declined. */
export const RespondInvitation = z.object({ invitationId: Id, userId: Id, accept: z.boolean() });
export const ProposeBet = z.object({ code: RoomCodeSchema, userId: Id, amount: z.number() });
export const RespondBet = z.object({ code: RoomCodeSchema, userId: Id, accept: z.boolean() });
/** Host only, once the room's match is finished: a new match in the same room, the same players invited. */
export const StartRematch = z.object({ code: RoomCodeSchema, userId: Id });
/** Host only, before the match starts: voids every hold. */
export const DeleteRoom = z.object({ code: RoomCodeSchema, userId: Id });
/** Sent by the gateway when a member's last socket on the room closes (online false) or one opens (true). */
export const SetPresence = z.object({ code: RoomCodeSchema, userId: Id, online: z.boolean() });

// Timers: sent by the engine's own scheduler with `issuedAt` = the deadline, so replays are identical.

/** The turn `turn` (a counter in the match) ran out. */
export const TimeoutTurn = z.object({ matchId: Id, turn: z.number().int().nonnegative() });
/** The room's bet proposal `proposalId` was not accepted by everyone within 2 minutes. */
export const ExpireBet = z.object({ code: RoomCodeSchema, proposalId: Id });
/** The match's duration (Normal 5 min, Rush 3 min) ran out. */
export const EndMatchOnTime = z.object({ matchId: Id });
/** The waiting room had nothing done in it for the engine's idle limit: it closes and voids every hold. */
export const CloseIdleRoom = z.object({ code: RoomCodeSchema });

/** Ends a game whose deadline passed at the envelope's `issuedAt` (timers and lazy reads). → `{ view }` */
export const ExpireHangman = z.object({ matchId: Id });

// The arcade: single-player games run by the engine's generic paid start (every game but Hangman).

/** What a game's start options may hold: a few small values (the game's module checks them). */
const ArcadeOptions = z
  .record(z.string().regex(/^[a-zA-Z]{1,20}$/), z.union([z.string().max(40), z.number(), z.boolean()]))
  .refine((options) => Object.keys(options).length <= 8, 'too many options');

/** The paid start of an arcade game: daily limit, fee, fairness commitment, then the game. → `{ matchId, view }` */
export const PlayArcade = z.object({ matchId: Id, userId: Id, game: z.string().min(1).max(40), options: ArcadeOptions });
/** Ends an arcade game's current stage whose deadline passed at the envelope's `issuedAt` (the sweeper). → `{ view }` */
export const ExpireArcade = z.object({ matchId: Id });
/** The player's own client seed for their next games (docs/fairness.md). → `{ clientSeed, nextNonce }` */
export const SetClientSeed = z.object({ userId: Id, clientSeed: z.string().max(200) });

export const GameEngineCommands = {
  PlayHangman,
  PlayArcade,
  ExpireArcade,
  SetClientSeed,
  MakeMove,
  ExpireHangman,
  CreateRoom,
  JoinRoom,
  LeaveRoom,
  SetReady,
  StartRoomMatch,
  InvitePlayer,
  RespondInvitation,
  ProposeBet,
  RespondBet,
  StartRematch,
  DeleteRoom,
  SetPresence,
  TimeoutTurn,
  ExpireBet,
  EndMatchOnTime,
  CloseIdleRoom,
} as const;
export type GameEngineCommandType = keyof typeof GameEngineCommands;
export type GameEngineCommandPayload<K extends GameEngineCommandType> = z.infer<(typeof GameEngineCommands)[K]>;
export const GAME_ENGINE_COMMAND_TYPES = Object.keys(GameEngineCommands) as GameEngineCommandType[];
export const isGameEngineCommandType = (type: string): type is GameEngineCommandType => Object.hasOwn(GameEngineCommands, type);

/** Every reason the game engine rejects a command with (the Hangman rules' own, plus the paid start's). */
export const GAME_ENGINE_REJECTIONS = [
  // The arcade
  /** The game is not in the catalogue or cannot be played alone. */
  'game_not_playable',
  /** details: { field } — a start option the game does not accept. */
  'invalid_game_options',
  'invalid_client_seed',
  'already_guessed',
  'not_a_letter_of_this_language',
  'game_over',
  'not_your_match',
  'no_hints_left',
  'unknown_category',
  'unknown_language',
  'unknown_difficulty',
  'no_words_for_selection',
  'match_not_found',
  'daily_limit_reached',
  'insufficient_tokens',
  /** The start could not be finished and was called off; any fee taken is refunded. */
  'play_abandoned',
  'deadline_not_reached',
  // Rooms
  'room_not_found',
  'room_full',
  'password_required',
  'invalid_password',
  /** details: { field } */
  'invalid_room_settings',
  'unknown_game',
  'not_room_host',
  'not_in_room',
  'already_in_room',
  /** The room is not waiting (in progress, finished, cancelled). */
  'room_not_waiting',
  /** details: { needed, have } — 'at least one more player is needed' */
  'not_enough_players',
  /** details: { notReady: userId[] } */
  'players_not_ready',
  'user_not_found',
  'cannot_invite_self',
  'already_invited',
  'invitation_not_found',
  'bet_amount_not_allowed',
  'bet_already_proposed',
  'no_bet_proposed',
  'bet_already_answered',
  'rematch_not_available',
  /** Start refused: a bet is proposed and not yet accepted by all, or a player has not yet held their stake. details: { pending: userId[] } */
  'bet_not_settled',
  /** Internal: a derived room code is taken (the engine tries the next one); never reaches a client. */
  'room_exists',
  /** A join's password was checked against a hash the room kept changing meanwhile: try again. */
  'room_busy',
  // Word duel
  'not_your_turn',
  'not_the_setter',
  'not_setting_phase',
  'not_guessing_phase',
  'invalid_word',
  'duplicate_word',
  'no_room_hints_left',
  // Crazy (games/crazy CRAZY_REJECTIONS; game_over, not_your_match and not_your_turn are above). The engine's tests
  // check that every Crazy rejection is listed here.
  'no_cards_selected',
  'card_not_in_hand',
  'invalid_combination',
  'suit_not_allowed',
  'suit_change_locked',
  'must_answer_penalty',
  'already_drew',
  'draw_first',
  'nothing_to_draw',
  'no_penalty',
  'qeregn_needs_one_card',
  'already_said_qeregn',
  'cannot_call_self',
  'unknown_target',
  /** A move of the other game's kind (e.g. a guess in a Crazy match). */
  'move_not_for_this_game',
  /** The payload does not match the command's schema, or the type is not an engine command. */
  'invalid_command',
] as const;
export type GameEngineRejection = (typeof GAME_ENGINE_REJECTIONS)[number];
