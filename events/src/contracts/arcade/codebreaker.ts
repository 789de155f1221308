import * as z from 'zod/mini';

/**
 * Codebreaker as its player sees it: the `play` part of the ArcadeView (the engine's games/codebreaker/view.ts builds
 * it). The code and the hints not yet taken appear only once the game is over (`code`, `allHints`), so the verifier
 * can redraw them from the revealed seed.
 */

export const CODEBREAKER_LEVELS = ['easy', 'medium', 'hard'] as const;
export type CodebreakerLevel = (typeof CODEBREAKER_LEVELS)[number];

/**
 * What the start panel shows of each level before a game exists. The engine's rules.ts owns these numbers; its
 * module test asserts this copy equals them, so the browser needs no request to describe the levels.
 */
export const CODEBREAKER_LEVEL_CHOICES: Readonly<
  Record<CodebreakerLevel, { readonly codeLength: number; readonly attemptsMax: number; readonly repeatsAllowed: boolean }>
> = {
  easy: { codeLength: 3, attemptsMax: 12, repeatsAllowed: false },
  medium: { codeLength: 4, attemptsMax: 10, repeatsAllowed: false },
  hard: { codeLength: 4, attemptsMax: 8, repeatsAllowed: true },
};
export const CODEBREAKER_LEVEL_CHOICE_DEFAULT: CodebreakerLevel = 'medium';

/** solved: the code was guessed; out_of_attempts: the last attempt missed; time_up: the time limit passed. */
export const CODEBREAKER_END_REASONS = ['solved', 'out_of_attempts', 'time_up'] as const;
export type CodebreakerEndReason = (typeof CODEBREAKER_END_REASONS)[number];

/** A hint as data (the client words it): a digit somewhere in the code, or the digit at a position (0-based `index`). */
export const CodebreakerHint = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('digit_in_code'), digit: z.string() }),
  z.object({ kind: z.literal('digit_at_position'), index: z.int(), digit: z.string() }),
]);
export type CodebreakerHint = z.infer<typeof CodebreakerHint>;

/** One guess and its pegs: `exact` right digit in the right place, `misplaced` right digit in the wrong place. */
export const CodebreakerGuess = z.object({ digits: z.string(), exact: z.int(), misplaced: z.int(), at: z.string() });
export type CodebreakerGuess = z.infer<typeof CodebreakerGuess>;

export const CodebreakerPlay = z.object({
  level: z.enum(CODEBREAKER_LEVELS),
  /** The digits in the code, and in every guess. */
  codeLength: z.int(),
  /** Whether the code itself may repeat a digit (hard); a guess may repeat digits at every level. */
  repeatsAllowed: z.boolean(),
  attemptsMax: z.int(),
  attemptsUsed: z.int(),
  /** Oldest first. */
  guesses: z.array(CodebreakerGuess),
  hintsMax: z.int(),
  hintsUsed: z.int(),
  /** Points a hint takes off a won game's score. */
  hintCostPoints: z.int(),
  /** The hints taken, in order. */
  hints: z.array(CodebreakerHint),
  timeLimitSeconds: z.int(),
  /** Once the game is over: the code. Null before. */
  code: z.nullable(z.string()),
  /** Once the game is over: every hint drawn at the start, taken or not. Null before. */
  allHints: z.nullable(z.array(CodebreakerHint)),
  endReason: z.nullable(z.enum(CODEBREAKER_END_REASONS)),
});
export type CodebreakerPlay = z.infer<typeof CodebreakerPlay>;

/** The game's moves (POST /matches/:matchId/moves): a guess of exactly `codeLength` digits, or the next hint. */
export const CODEBREAKER_MOVE_TYPES = ['guess_code', 'code_hint'] as const;
export type CodebreakerMove = { type: 'guess_code'; digits: string } | { type: 'code_hint' };
