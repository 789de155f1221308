import * as z from 'zod/mini';

/**
 * Rapid Recall as its player sees it (the engine's games/rapid-recall/view.ts builds it; the client parses
 * ArcadeView's `play` with it). The server times the showing: the view at an instant holds at most the one item due
 * then (`showing`), never an item shown before it in the round, one not yet due or one of a later round. Once the game
 * is over every sequence drawn at the start is in it, so the browser can redraw them from the revealed seed.
 *
 * The items live here, not in the engine alone: the engine draws from these pools, the client draws the pad and the
 * items from them, and the browser's verifier draws the sequences again from the same pools in the same order.
 */

export const RAPID_RECALL_KINDS = ['colour', 'digit', 'fidel', 'mixed'] as const;
export type RapidRecallKind = (typeof RAPID_RECALL_KINDS)[number];

/** A colour never comes alone: each has its own shape too, so a player who cannot tell the colours apart can play. */
export const RAPID_RECALL_SHAPES = ['circle', 'square', 'triangle', 'star', 'diamond', 'heart'] as const;
export type RapidRecallShape = (typeof RAPID_RECALL_SHAPES)[number];

/** The colour items: the id is the colour's name. */
export const RAPID_RECALL_COLOURS = [
  { id: 'red', shape: 'circle' },
  { id: 'blue', shape: 'square' },
  { id: 'green', shape: 'triangle' },
  { id: 'yellow', shape: 'star' },
  { id: 'purple', shape: 'diamond' },
  { id: 'orange', shape: 'heart' },
] as const satisfies readonly { id: string; shape: RapidRecallShape }[];

/** The digit items: the id is the digit. */
export const RAPID_RECALL_DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** Twelve base fidel (first order) that look clearly different from each other: the id is the fidel itself. */
export const RAPID_RECALL_FIDEL = ['ሀ', 'ለ', 'መ', 'ሰ', 'ረ', 'በ', 'ተ', 'ነ', 'አ', 'ከ', 'ወ', 'ዘ'] as const;

/** Each kind's items in the order the draws index them (`mixed`: colours, then digits, then fidel). */
export const RAPID_RECALL_POOLS: Readonly<Record<RapidRecallKind, readonly string[]>> = {
  colour: RAPID_RECALL_COLOURS.map((c) => c.id),
  digit: RAPID_RECALL_DIGITS,
  fidel: RAPID_RECALL_FIDEL,
  mixed: [...RAPID_RECALL_COLOURS.map((c) => c.id), ...RAPID_RECALL_DIGITS, ...RAPID_RECALL_FIDEL],
};

/** The shape of a colour item; null for a digit or a fidel (they are shown as themselves). */
export function rapidRecallShapeOf(id: string): RapidRecallShape | null {
  return RAPID_RECALL_COLOURS.find((c) => c.id === id)?.shape ?? null;
}

export const RAPID_RECALL_PHASES = ['waiting', 'showing', 'input', 'timed_out', 'over'] as const;
export type RapidRecallPhase = (typeof RAPID_RECALL_PHASES)[number];

export const RAPID_RECALL_ROUND_OUTCOMES = ['right', 'wrong', 'timed_out'] as const;
export type RapidRecallRoundOutcome = (typeof RAPID_RECALL_ROUND_OUTCOMES)[number];

export const RAPID_RECALL_END_REASONS = ['completed', 'out_of_lives'] as const;
export type RapidRecallEndReason = (typeof RAPID_RECALL_END_REASONS)[number];

/** A round that is over: its sequence (past, so no longer a secret), what the player sent and what it earned. */
export const RapidRecallRound = z.object({
  round: z.int(),
  length: z.int(),
  outcome: z.enum(RAPID_RECALL_ROUND_OUTCOMES),
  points: z.int(),
  sequence: z.array(z.string()),
  /** Null when the round timed out. */
  answer: z.nullable(z.array(z.string())),
});
export type RapidRecallRound = z.infer<typeof RapidRecallRound>;

export const RapidRecallPlay = z.object({
  kind: z.enum(RAPID_RECALL_KINDS),
  /** The input pad: every item this game's sequences are drawn from. */
  pad: z.array(z.string()),
  /** The round being played (retries count), from 1, and its sequence's length. */
  round: z.int(),
  length: z.int(),
  lives: z.int(),
  livesMax: z.int(),
  score: z.int(),
  /** The longest sequence recalled so far (0 before the first). */
  longest: z.int(),
  /** Recalling a sequence this long wins the game. */
  winLength: z.int(),
  lengthMax: z.int(),
  /**
   * `waiting`: the round's first item is not due yet; `showing`: one item after the other; `input`: the answer
   * window is open; `timed_out`: it closed without an answer (the server is about to take a life); `over`.
   */
  phase: z.enum(RAPID_RECALL_PHASES),
  /** Item k of the round is shown from roundStartsAt + k × itemMs until the next one; the answer window follows. */
  roundStartsAt: z.string(),
  itemMs: z.int(),
  inputOpensAt: z.string(),
  inputClosesAt: z.string(),
  /** The one item due now (index in the sequence, from 0), during the showing phase only. */
  showing: z.nullable(z.object({ index: z.int(), item: z.string() })),
  /** The next instant this view changes by itself (an item due, the window opening or closing); null when none. */
  nextChangeAt: z.nullable(z.string()),
  /** The round before this one; null before the first answer. */
  last: z.nullable(RapidRecallRound),
  /** Once over: why it ended, every round played, and every sequence drawn at the start (the verifier redraws them). */
  endReason: z.optional(z.enum(RAPID_RECALL_END_REASONS)),
  rounds: z.optional(z.array(RapidRecallRound)),
  sequences: z.optional(z.array(z.array(z.string()))),
});
export type RapidRecallPlay = z.infer<typeof RapidRecallPlay>;
