/**
 * Every number Rapid Recall's rules depend on, and the decisions this module makes (docs/product-rules.md, "Rapid
 * Recall"; the prior system took the client's score, so only the lengths, the lives and the price come from it).
 * Each decision has a given/when/then test.
 *
 * 1. Items. A game's kind (start option `kind`, default mixed) picks its pool (RAPID_RECALL_POOLS in @qal/events):
 *    6 colours, each with its own shape so no one needs to tell colours apart; the 10 digits; 12 base fidel; or all
 *    28 together. Item ids are short strings (the colour's name, the digit, the fidel itself).
 * 2. Sequences. Every sequence is drawn at the start from the match's fairness stream, for the worst case:
 *    RAPID_RECALL_ROUNDS_MAX rounds (every length from the first to the last, plus one retry for every life but the
 *    last), each RAPID_RECALL_SEQUENCE_MAX items long, drawn sequence by sequence, item by item. The first item is
 *    `pool[int(P)]`; each next one is `int(P − 1)` over the pool without the item before it (index j, or j + 1 from
 *    the previous item's index on), so no item follows itself and every item on the screen is a visible change.
 *    Round r shows the first `length` items of sequence r.
 * 3. Rounds. Round 1 has RAPID_RECALL_SEQUENCE_START items; a right answer moves to a round one item longer; a wrong
 *    answer, or none in time, costs a life and the next round keeps the length with a fresh sequence (the next one
 *    drawn). A round starts RAPID_RECALL_ROUND_PAUSE_MS after the start or after the previous round's answer (or its
 *    expiry), so the player can get ready.
 * 4. The showing is timed by the server: item k of a round is due from roundStartsAt + k × RAPID_RECALL_ITEM_MS until
 *    the next one is; the view at an instant holds only the item due then, never one already shown in the round,
 *    one not yet due, or any of a later round. The answer window opens when the last item's time is over and lasts
 *    RAPID_RECALL_INPUT_BASE_MS + length × RAPID_RECALL_INPUT_MS_PER_ITEM.
 * 5. The answer is the whole sequence at once (`{ type: 'recall', round, items }`). Before the window opens it is
 *    `still_showing`; one of another round is `not_current_round`; an item not in the game's pool is `unknown_item`;
 *    a different number of items than the round's length is `wrong_length`: each a named rejection that changes
 *    nothing. At or after the window's end it is `round_time_up` (nothing changes) and the engine's expiry then times
 *    the round out, which costs a life like a wrong answer.
 * 6. Points (RAPID_RECALL_POINTS, the one rule table): a right answer earns `perItem` points per item of the round,
 *    and `speedPerItem` more per item when it came within length × `fastMsPerItem` of the window opening. A wrong
 *    answer or a timeout earns nothing.
 * 7. The end: no lives left, or the last length (RAPID_RECALL_SEQUENCE_MAX) recalled. Won: a sequence of at least
 *    RAPID_RECALL_WIN_LENGTH items recalled. The reward is tokensForScore(score) and xpForScore(score) (at most 5 tokens
 *    and 10 XP); the points are sized so the score needs no scaling (a win has at least 180 points, one token). A loss
 *    pays nothing.
 */
import { RAPID_RECALL_KINDS, RAPID_RECALL_POOLS, type RapidRecallKind } from '@qal/events';
import {
  DAILY_PLAY_LIMIT_DEFAULT,
  RAPID_RECALL_COST_TOKENS,
  RAPID_RECALL_LIVES,
  RAPID_RECALL_SEQUENCE_MAX,
  RAPID_RECALL_SEQUENCE_START,
} from '../../config.ts';

export { RAPID_RECALL_KINDS, RAPID_RECALL_POOLS, type RapidRecallKind };
export { RAPID_RECALL_COST_TOKENS, RAPID_RECALL_LIVES, RAPID_RECALL_SEQUENCE_MAX, RAPID_RECALL_SEQUENCE_START };

export const RAPID_RECALL_DAILY_PLAY_LIMIT = DAILY_PLAY_LIMIT_DEFAULT;
export const RAPID_RECALL_KIND_DEFAULT: RapidRecallKind = 'mixed';

/** How long each item of a sequence is shown (decision 4). */
export const RAPID_RECALL_ITEM_MS = 1_000;
/** The pause before a round's first item (decision 3). */
export const RAPID_RECALL_ROUND_PAUSE_MS = 1_500;
/** The answer window: this much, plus RAPID_RECALL_INPUT_MS_PER_ITEM for each item of the round (decision 4). */
export const RAPID_RECALL_INPUT_BASE_MS = 5_000;
export const RAPID_RECALL_INPUT_MS_PER_ITEM = 1_500;

/** Recalling a sequence this long wins the game (decision 7). */
export const RAPID_RECALL_WIN_LENGTH = 6;

/** The most rounds a game can have: every length once, and a retry for every life lost but the last (decision 2). */
export const RAPID_RECALL_ROUNDS_MAX = RAPID_RECALL_SEQUENCE_MAX - RAPID_RECALL_SEQUENCE_START + 1 + (RAPID_RECALL_LIVES - 1);

/** The points of a right answer (decision 6). */
export const RAPID_RECALL_POINTS = {
  perItem: 10,
  speedPerItem: 5,
  fastMsPerItem: 1_000,
} as const;

/** What a right answer of `length` items, given `elapsedMs` after the window opened, earns (decision 6). */
export function pointsFor(length: number, elapsedMs: number): { points: number; speedBonus: number } {
  const speedBonus = elapsedMs <= length * RAPID_RECALL_POINTS.fastMsPerItem ? length * RAPID_RECALL_POINTS.speedPerItem : 0;
  return { points: length * RAPID_RECALL_POINTS.perItem + speedBonus, speedBonus };
}

/** The numbers a game is played with, copied into its start event so a later change never alters an open game. */
export interface RapidRecallTiming {
  readonly itemMs: number;
  readonly pauseMs: number;
  readonly inputBaseMs: number;
  readonly inputMsPerItem: number;
  readonly lives: number;
  readonly lengthStart: number;
  readonly lengthMax: number;
  readonly winLength: number;
}

export const RAPID_RECALL_TIMING: RapidRecallTiming = {
  itemMs: RAPID_RECALL_ITEM_MS,
  pauseMs: RAPID_RECALL_ROUND_PAUSE_MS,
  inputBaseMs: RAPID_RECALL_INPUT_BASE_MS,
  inputMsPerItem: RAPID_RECALL_INPUT_MS_PER_ITEM,
  lives: RAPID_RECALL_LIVES,
  lengthStart: RAPID_RECALL_SEQUENCE_START,
  lengthMax: RAPID_RECALL_SEQUENCE_MAX,
  winLength: RAPID_RECALL_WIN_LENGTH,
};

/** The best score the rules can give: every length recalled once, each fast (retries score nothing more). */
export const RAPID_RECALL_MAX_SCORE = Array.from(
  { length: RAPID_RECALL_SEQUENCE_MAX - RAPID_RECALL_SEQUENCE_START + 1 },
  (_, i) => pointsFor(RAPID_RECALL_SEQUENCE_START + i, 0).points,
).reduce((a, b) => a + b, 0);
