/**
 * Every number Math Sprint's rules depend on, and the decisions this module makes (docs/product-rules.md, "Math
 * Sprint"; the prior system only charged and took the client's score, so nothing here is inherited from it but the
 * price, the minute and the idea of streak and speed bonuses). Each decision has a given/when/then test.
 *
 * 1. Time. One clock for the whole game: MATH_SPRINT_TIME_LIMIT_SECONDS from the start. A move at or after that
 *    instant is refused as `time_up` (nothing changes); the engine then sends the expiry, which ends the game at its
 *    deadline (`finishedAt` is the deadline, however late the expiry comes).
 * 2. Problems. All MATH_SPRINT_PROBLEMS_MAX problems are drawn at the start from the match's fairness stream, in
 *    this order for each problem: the operation (int(4): add, subtract, multiply, divide), then two numbers of the
 *    level's range (MATH_SPRINT_RANGES in @qal/events: `min + int(max − min + 1)` each). Add: x + y. Subtract: the
 *    larger minus the smaller (never negative). Multiply: x × y. Divide: the first number is the divisor, the second
 *    the quotient, and the problem shown is their product ÷ the divisor, so every answer is a whole number.
 * 3. One problem at a time. Problem 0 is shown at the start; problem k + 1 when problem k is answered, right or
 *    wrong (a wrong answer moves on too, and the view then shows the right answer of the problem just missed). The
 *    view never holds a problem not yet shown nor the answer of the current one.
 * 4. A move names the problem it answers (`problem`, its index) and gives a whole number (`value`). A value that is
 *    not a number or not a whole (safe) integer, or an answer to any problem but the current one, is a named
 *    rejection and changes nothing.
 * 5. Points (MATH_SPRINT_POINTS, the one rule table): a right answer earns the level's points, plus a streak bonus
 *    (`streakStep` for each right answer in a row before it, at most `streakMax`), plus `speed` when it came within
 *    `speedWithinMs` of the problem being shown. A wrong answer earns nothing and breaks the streak.
 * 6. The end: the time runs out, or every drawn problem has been answered (the game then ends at that answer).
 * 7. Won: a score of at least MATH_SPRINT_WIN_SCORE. It is the score the first token is paid at (tokensForScore),
 *    so a won game always pays something and a game with a handful of lucky answers is not a win.
 * 8. Reward: tokensForScore(score) and xpForScore(score) (at most 5 tokens and 10 XP); the points above are sized so
 *    the score needs no scaling (a strong medium game of about twenty answers reaches the 5-token cap). A loss
 *    pays nothing.
 */
import {
  MATH_SPRINT_LEVELS,
  MATH_SPRINT_OPERATIONS,
  MATH_SPRINT_PROBLEMS_MAX,
  MATH_SPRINT_RANGES,
  type MathSprintLevel,
  type MathSprintOperation,
} from '@qal/events';
import { DAILY_PLAY_LIMIT_DEFAULT, MATH_SPRINT_COST_TOKENS, MATH_SPRINT_TIME_LIMIT_SECONDS } from '../../config.ts';

export {
  MATH_SPRINT_LEVELS,
  MATH_SPRINT_OPERATIONS,
  MATH_SPRINT_PROBLEMS_MAX,
  MATH_SPRINT_RANGES,
  type MathSprintLevel,
  type MathSprintOperation,
};
export { MATH_SPRINT_COST_TOKENS, MATH_SPRINT_TIME_LIMIT_SECONDS };

export const MATH_SPRINT_DAILY_PLAY_LIMIT = DAILY_PLAY_LIMIT_DEFAULT;
export const MATH_SPRINT_TIME_LIMIT_MS = MATH_SPRINT_TIME_LIMIT_SECONDS * 1000;
export const MATH_SPRINT_LEVEL_DEFAULT: MathSprintLevel = 'medium';

/** The points of a right answer (decision 5). */
export const MATH_SPRINT_POINTS = {
  /** The level's points for any right answer. */
  right: { easy: 10, medium: 15, hard: 20 },
  /** Added for each right answer in a row before this one… */
  streakStep: 2,
  /** …up to this much (from the sixth right answer in a row). */
  streakMax: 10,
  /** Added to a right answer given within `speedWithinMs` of its problem being shown. */
  speed: 5,
  speedWithinMs: 3_000,
} as const satisfies {
  right: Record<MathSprintLevel, number>;
  streakStep: number;
  streakMax: number;
  speed: number;
  speedWithinMs: number;
};

/** The score a game must reach to be won (decision 7). */
export const MATH_SPRINT_WIN_SCORE = 100;

export interface MathSprintPoints {
  readonly points: number;
  readonly streakBonus: number;
  readonly speedBonus: number;
}

/**
 * What an answer earns: nothing when wrong; else the level's points, the streak bonus for `streakBefore` right
 * answers in a row before it, and the speed bonus when `elapsedMs` is within the limit. `points` is the total.
 */
export function pointsFor(level: MathSprintLevel, right: boolean, streakBefore: number, elapsedMs: number): MathSprintPoints {
  if (!right) return { points: 0, streakBonus: 0, speedBonus: 0 };
  const streakBonus = Math.min(MATH_SPRINT_POINTS.streakMax, streakBefore * MATH_SPRINT_POINTS.streakStep);
  const speedBonus = elapsedMs <= MATH_SPRINT_POINTS.speedWithinMs ? MATH_SPRINT_POINTS.speed : 0;
  return { points: MATH_SPRINT_POINTS.right[level] + streakBonus + speedBonus, streakBonus, speedBonus };
}

/** The best score the rules can give: every drawn problem answered right, fast, on the level that pays most. */
export const MATH_SPRINT_MAX_SCORE = Math.max(
  ...MATH_SPRINT_LEVELS.map((level) =>
    Array.from({ length: MATH_SPRINT_PROBLEMS_MAX }, (_, streakBefore) => pointsFor(level, true, streakBefore, 0).points).reduce(
      (a, b) => a + b,
      0,
    ),
  ),
);
