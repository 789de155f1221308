import * as z from 'zod/mini';

/**
 * Sum Chaser as its player sees it: the `play` part of an ArcadeView (the engine's games/sum-chaser/view.ts builds
 * it). A digit appears only once revealed: `drawnDigits` is null until the game is over, and shows all of them after.
 * Multipliers and chances are plain numbers for display; the engine pays from exact fractions.
 */

/**
 * Each step's line before it is moved within reach of the sum so far (the engine's rules; the verifier checks every
 * line the game used against them), and the largest digit.
 */
export const SUM_CHASER_LINES: readonly number[] = [4.5, 9.5, 13.5];
export const SUM_CHASER_DIGIT_MAX = 9;

export const SUM_CHASER_CALL_NAMES = ['over', 'under'] as const;
export type SumChaserCallName = (typeof SUM_CHASER_CALL_NAMES)[number];

export const SUM_CHASER_END_REASONS = ['wrong_call', 'cashed_out', 'all_right', 'idle_cashed_out', 'idle_lost'] as const;
export type SumChaserEndReason = (typeof SUM_CHASER_END_REASONS)[number];

/** What a call would bring if right. */
export const SumChaserOption = z.object({
  /** The chance that it is right (0–1), given the sum so far. */
  chance: z.number(),
  /** How many of the digits 0–9 make it right. */
  winningDigits: z.number(),
  /** The multiplier if it is right. */
  multiplier: z.number(),
  /** The tokens a cash-out would pay then. */
  cashOutTokens: z.number(),
});
export type SumChaserOption = z.infer<typeof SumChaserOption>;

export const SumChaserCallResult = z.object({
  call: z.enum(SUM_CHASER_CALL_NAMES),
  line: z.number(),
  digit: z.number(),
  /** The running sum after the digit. */
  sum: z.number(),
  right: z.boolean(),
});
export type SumChaserCallResult = z.infer<typeof SumChaserCallResult>;

export const SumChaserPlay = z.object({
  /** How many digits the game has. */
  digitCount: z.number(),
  /** The digits revealed so far, in order. */
  revealed: z.array(z.number()),
  sum: z.number(),
  /** The line of the next call; null once the game is over. */
  line: z.nullable(z.number()),
  /** What each call would bring now; null once the game is over. */
  options: z.nullable(z.object({ over: SumChaserOption, under: SumChaserOption })),
  /** The multiplier of the right calls; null before the first. */
  multiplier: z.nullable(z.number()),
  cashOutTokens: z.number(),
  canCashOut: z.boolean(),
  calls: z.array(SumChaserCallResult),
  costTokens: z.number(),
  houseEdgePercent: z.number(),
  tokensMax: z.number(),
  end: z.nullable(z.object({ reason: z.enum(SUM_CHASER_END_REASONS), at: z.string() })),
  /** Every digit drawn at the start, in reveal order: only once the game is over. */
  drawnDigits: z.nullable(z.array(z.number())),
});
export type SumChaserPlay = z.infer<typeof SumChaserPlay>;
