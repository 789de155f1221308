import * as z from 'zod/mini';

/**
 * Math Sprint as its player sees it (the engine's games/math-sprint/view.ts builds it; the client parses ArcadeView's
 * `play` with it). Before the end only the problem being asked is in it, never the next one nor its answer; once the
 * game is over every problem drawn at the start is, so the browser can redraw them from the revealed seed.
 *
 * The level ranges live here, not in the engine alone: the engine draws the problems with them and the browser's
 * verifier (client/src/features/games/math-sprint/verify.ts) draws them again with the very same numbers.
 */

export const MATH_SPRINT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type MathSprintLevel = (typeof MATH_SPRINT_LEVELS)[number];

/** The four operations, in the order a problem's operation is drawn (`int(4)`: 0 is add, 3 is divide). */
export const MATH_SPRINT_OPERATIONS = ['add', 'subtract', 'multiply', 'divide'] as const;
export type MathSprintOperation = (typeof MATH_SPRINT_OPERATIONS)[number];

/** An inclusive range of whole numbers. */
export interface MathSprintRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The numbers each level draws, both ends included. `addend`: the two numbers of an addition, and of a subtraction
 * (shown larger minus smaller, so the answer is never negative). `factor`: the two factors of a multiplication, and
 * the divisor and the quotient of a division (shown as their product ÷ the divisor, so it is always exact).
 */
export const MATH_SPRINT_RANGES: Readonly<Record<MathSprintLevel, { readonly addend: MathSprintRange; readonly factor: MathSprintRange }>> =
  {
    easy: { addend: { min: 1, max: 20 }, factor: { min: 2, max: 10 } },
    medium: { addend: { min: 10, max: 99 }, factor: { min: 2, max: 12 } },
    hard: { addend: { min: 100, max: 999 }, factor: { min: 3, max: 25 } },
  };

/** Problems drawn at the start: more than anyone answers in the game's time. */
export const MATH_SPRINT_PROBLEMS_MAX = 150;

export const MATH_SPRINT_END_REASONS = ['time_up', 'all_answered'] as const;
export type MathSprintEndReason = (typeof MATH_SPRINT_END_REASONS)[number];

/** A problem as shown: `x op y` (for a division x is the dividend, y the divisor). */
export const MathSprintProblem = z.object({
  index: z.int(),
  op: z.enum(MATH_SPRINT_OPERATIONS),
  x: z.int(),
  y: z.int(),
});
export type MathSprintProblem = z.infer<typeof MathSprintProblem>;

/** A problem answered: what was given, the right answer and the points it earned (base + streak + speed). */
export const MathSprintAnswer = z.object({
  index: z.int(),
  op: z.enum(MATH_SPRINT_OPERATIONS),
  x: z.int(),
  y: z.int(),
  value: z.int(),
  answer: z.int(),
  right: z.boolean(),
  points: z.int(),
  streakBonus: z.int(),
  speedBonus: z.int(),
  /** The right answers in a row after this one (0 after a wrong one). */
  streak: z.int(),
  /** From the problem being shown to the answer. */
  elapsedMs: z.int(),
});
export type MathSprintAnswer = z.infer<typeof MathSprintAnswer>;

export const MathSprintPlay = z.object({
  level: z.enum(MATH_SPRINT_LEVELS),
  /** When the game's time runs out (also ArcadeView.deadline while it is played). */
  endsAt: z.string(),
  /** The problem to answer now, and when it was shown; null once the time is up or the game is over. */
  current: z.nullable(z.extend(MathSprintProblem, { shownAt: z.string() })),
  answered: z.int(),
  right: z.int(),
  streak: z.int(),
  bestStreak: z.int(),
  score: z.int(),
  /** The answer before the current problem, for the player's feedback; null before the first. */
  last: z.nullable(MathSprintAnswer),
  /** An answer this fast (from the problem being shown) earns the speed bonus. */
  speedBonusMs: z.int(),
  /** Once over: why it ended. */
  endReason: z.optional(z.enum(MATH_SPRINT_END_REASONS)),
  /** Once over: every problem drawn at the start, in order, with its answer (the verifier redraws these). */
  problems: z.optional(z.array(z.object({ op: z.enum(MATH_SPRINT_OPERATIONS), x: z.int(), y: z.int(), answer: z.int() }))),
  /** Once over: every answer given, in order. */
  answers: z.optional(z.array(MathSprintAnswer)),
});
export type MathSprintPlay = z.infer<typeof MathSprintPlay>;

/** The answer to `x op y` (whole by construction: the engine only draws exact divisions). */
export function mathSprintAnswerOf(op: MathSprintOperation, x: number, y: number): number {
  switch (op) {
    case 'add':
      return x + y;
    case 'subtract':
      return x - y;
    case 'multiply':
      return x * y;
    case 'divide':
      return x / y;
  }
}
