import * as z from 'zod/mini';
import { MatchFairness } from './fairness.ts';
import { REMOVAL_REASONS } from './values.ts';

/**
 * A room's Crazy match as one player (or a spectator) sees it: the engine's games/crazy/view.ts builds these. Their
 * own hand, everyone's card counts, the top card and the rest of the table; never another player's hand or the
 * deck order; `hands` (every hand) only when revealed, which the replay of a finished match does.
 */

export const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

export const PLAY_EFFECTS = ['none', 'draw_two', 'draw_five', 'reverse', 'skip', 'suit_choice'] as const;
export type PlayEffect = (typeof PLAY_EFFECTS)[number];
export const WRONG_PLAY_REASONS = ['wrong_card', 'false_joker', 'forgot_qeregn'] as const;
export type WrongPlayReason = (typeof WRONG_PLAY_REASONS)[number];
export const DRAW_REASONS = ['draw', 'penalty', 'timeout', 'crazy_call', 'false_crazy_call', ...WRONG_PLAY_REASONS] as const;
export type DrawReason = (typeof DRAW_REASONS)[number];
export const CRAZY_END_REASONS = ['emptied_hand', 'players'] as const;
export type CrazyEndReason = (typeof CRAZY_END_REASONS)[number];
/** counterclockwise = seat order (the start), clockwise after an odd number of 5s. */
export const CRAZY_DIRECTIONS = ['counterclockwise', 'clockwise'] as const;
export type CrazyDirection = (typeof CRAZY_DIRECTIONS)[number];

export const CardView = z.object({ id: z.string(), suit: z.enum(SUITS), rank: z.enum(RANKS) });
export type CardView = z.infer<typeof CardView>;

const fact = { seq: z.int(), at: z.string(), by: z.string() };
const count = z.int().check(z.nonnegative());

/**
 * The latest thing at the table the others should hear about: who did it and what, never a card from a hand (a
 * wrong play's cards went back into it, so only its reason and the cards it cost are shown). `seq` grows with
 * every event, so a client announces each one once. `count` is how many cards were drawn: by `target` when
 * caught, by the caller (`by`) on a false call, by `by` otherwise.
 */
export const CrazyLastView = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('played'),
    ...fact,
    cards: z.array(CardView),
    effect: z.enum(PLAY_EFFECTS),
    /** The suit an 8/J asked for. */
    suit: z.optional(z.enum(SUITS)),
    /** Who loses their turn (a 7, or a 5 with two players left). */
    skipped: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('wrong_play'), ...fact, reason: z.enum(WRONG_PLAY_REASONS), count }),
  z.object({ kind: z.literal('drew'), ...fact, count }),
  z.object({ kind: z.literal('penalty_taken'), ...fact, count }),
  z.object({ kind: z.literal('passed'), ...fact }),
  z.object({ kind: z.literal('qeregn'), ...fact }),
  z.object({ kind: z.literal('caught'), ...fact, target: z.string(), count }),
  z.object({ kind: z.literal('false_call'), ...fact, target: z.string(), count }),
  z.object({ kind: z.literal('timed_out'), ...fact, count }),
  z.object({ kind: z.literal('left'), ...fact, reason: z.enum(REMOVAL_REASONS) }),
]);
export type CrazyLastView = z.infer<typeof CrazyLastView>;

export const CrazyPlayerView = z.object({
  id: z.string(),
  status: z.enum(['playing', 'left']),
  cards: z.int(),
  saidQeregn: z.boolean(),
  timeoutsInRow: z.int(),
});
export type CrazyPlayerView = z.infer<typeof CrazyPlayerView>;

export const CrazyView = z.object({
  mode: z.literal('crazy'),
  matchId: z.string(),
  roomCode: z.string(),
  status: z.enum(['playing', 'finished']),
  /** Whose view this is (null: a spectator's). */
  viewerId: z.nullable(z.string()),
  players: z.array(CrazyPlayerView),
  /** The viewer's hand, in the order the cards came; [] for a spectator or a player who left. */
  hand: z.array(CardView),
  /** Cards each player holds. */
  counts: z.record(z.string(), z.int()),
  deckCount: z.int(),
  pileCount: z.int(),
  top: z.nullable(CardView),
  /** The suit in force (an 8/J may have chosen one other than the top card's); null before the first card. */
  suit: z.nullable(z.enum(SUITS)),
  direction: z.enum(CRAZY_DIRECTIONS),
  /** Cards the current player must draw unless they stack a 2 / A♠; 0 when no chain is on. */
  penalty: z.int(),
  /** Whose turn it is (a user id); null once finished. */
  turn: z.nullable(z.string()),
  /** The turn counter the turn timer names. */
  turnNumber: z.int(),
  deadline: z.nullable(z.string()),
  /** The current player has had this turn's draw, so Pass is open. */
  hasDrawn: z.boolean(),
  /** The current player may not change the suit with an 8/J (the player before them just did). */
  suitLocked: z.boolean(),
  /** Nothing left to draw: Pass is open without drawing. */
  canPassWithoutDrawing: z.boolean(),
  saidQeregn: z.record(z.string(), z.boolean()),
  /** The player still inside their grace window to say Qeregn (a Crazy call on them now is false). */
  qeregnWindow: z.nullable(z.string()),
  starter: z.string(),
  winner: z.nullable(z.string()),
  scores: z.optional(z.record(z.string(), z.int())),
  endReason: z.optional(z.enum(CRAZY_END_REASONS)),
  finishedAt: z.optional(z.string()),
  /** Every hand: only when revealed (the replay of a finished match). */
  hands: z.optional(z.record(z.string(), z.array(CardView))),
  /** The latest thing the table should hear about; null before anything has happened. */
  last: z.nullable(CrazyLastView),
  /**
   * Where the deal and every reshuffle come from: the commitment from the start, the server seed once the match is
   * over. Null for a match started before Crazy drew from the fairness module.
   */
  fairness: z.nullable(MatchFairness),
});
export type CrazyView = z.infer<typeof CrazyView>;

/** What a step of a Crazy replay shows happening, for the player's caption. */
export const CRAZY_REPLAY_STEP_KINDS = [
  'start',
  'play',
  'wrong_play',
  'draw',
  'reshuffle',
  'turn',
  'qeregn',
  'qeregn_window_closed',
  'crazy_call',
  'timeout',
  'removed',
  'end',
] as const;
export type CrazyReplayStepKind = (typeof CRAZY_REPLAY_STEP_KINDS)[number];

/** One step of a finished match's replay (every hand shown): what happened and the view after it. */
export const CrazyReplayStep = z.object({
  index: z.int(),
  kind: z.enum(CRAZY_REPLAY_STEP_KINDS),
  /** The engine's event type (informative only). */
  event: z.string(),
  at: z.string(),
  /** Who acted (the player who played, drew, declared, called, timed out or left; the turn's new holder). */
  playerId: z.optional(z.string()),
  /** Card ids played or tried (a wrong play); the cards drawn only when hands are revealed. */
  cards: z.optional(z.array(z.string())),
  /** How many cards were drawn (always shown: counts are public). */
  count: z.optional(z.int()),
  effect: z.optional(z.enum(PLAY_EFFECTS)),
  reason: z.optional(z.enum(DRAW_REASONS)),
  targetId: z.optional(z.string()),
  right: z.optional(z.boolean()),
  view: CrazyView,
});
export type CrazyReplayStep = z.infer<typeof CrazyReplayStep>;

export const CrazyReplay = z.object({
  kind: z.literal('crazy'),
  matchId: z.string(),
  roomCode: z.string(),
  final: CrazyView,
  steps: z.array(CrazyReplayStep),
});
export type CrazyReplay = z.infer<typeof CrazyReplay>;
