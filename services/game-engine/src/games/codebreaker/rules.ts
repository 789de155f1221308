/**
 * Every number Codebreaker's rules depend on, and its two pure rules a room race can reuse without the solo state:
 * the pegs of a guess (feedbackOf) and the score of a solved code (codebreakerScore). texts.ts builds the
 * instructions from these constants; CodebreakerStarted copies what a game needs, so a later change never alters a
 * game in progress.
 *
 * Decisions (each has a given/when/then test in codebreaker.test.ts):
 *
 * 1. Levels (option `level`, default medium): easy 3 distinct digits and 12 attempts, medium 4 distinct digits and
 *    10 attempts, hard 4 digits that may repeat and 8 attempts. A guess has exactly the level's number of digits,
 *    each 0–9; a guess may repeat digits at every level (`guess_not_digits`, `guess_wrong_length` otherwise).
 * 2. Chance (draw.ts), all at the start from the match's fairness stream, in this order: the code (distinct: position
 *    by position, `int(remaining)` into the unused digits in ascending order; repeats: `int(10)` per position), then
 *    the position of the second hint (`int(codeLength)`), then the digit of the first hint (`int(k)` into the code's
 *    distinct digits in ascending order without the second hint's digit; all of them when no other is left).
 * 3. Feedback (classic Mastermind): `exact` counts the positions where guess and code agree; `misplaced` counts the
 *    digits both share, each digit min(times in the code, times in the guess), less the exact ones.
 * 4. Hints: CODEBREAKER_HINTS per game, taken in order: first a digit that is in the code, then the digit at one
 *    position. Each hint taken costs CODEBREAKER_SCORE.hintCostPoints off a won game's score (`no_hints_left` after).
 * 5. Time: CODEBREAKER_TIME_LIMIT_SECONDS from the start. A guess or hint at or after the deadline is refused
 *    (`time_up`); the engine's expire command at or after it ends the game lost (`deadline_not_reached` before it).
 * 6. End: the code guessed wins; a miss on the last attempt loses; a move after the end is `game_over`.
 * 7. Score of a win (one rule, CODEBREAKER_SCORE), from the prior system's formula:
 *    raw = 1000 − 50·(attempts − 1)² + 200·(T − t)/T + (attempts = 1 ? 500 : 0) + (attempts ≤ 3 ? 200 : 0)
 *    (t the time from the start to the solving guess, T the time limit), then scaled by the level (easy 50 %,
 *    medium 100 %, hard 150 %) and floored, then 100 points off per hint taken; a win scores at least 50. A loss
 *    scores 0. Tokens and XP of a win: tokensForScore / xpForScore (catalogue/rewards.ts); a loss pays none.
 */
import type { CodebreakerLevel } from '@qal/events';

export { CODEBREAKER_LEVELS, type CodebreakerLevel } from '@qal/events';

export const CODEBREAKER_COST_TOKENS = 5;
export const CODEBREAKER_DAILY_PLAY_LIMIT = 15;

/** The digits a code and a guess are made of, in ascending order. */
export const CODEBREAKER_DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export interface CodebreakerLevelRules {
  /** Digits in the code (and in every guess). */
  readonly codeLength: number;
  readonly attemptsMax: number;
  /** Whether the code may repeat a digit. */
  readonly repeatsAllowed: boolean;
  /** The level's share of the raw score, in percent. */
  readonly scorePercent: number;
}

export const CODEBREAKER_LEVEL_RULES: Readonly<Record<CodebreakerLevel, CodebreakerLevelRules>> = {
  easy: { codeLength: 3, attemptsMax: 12, repeatsAllowed: false, scorePercent: 50 },
  medium: { codeLength: 4, attemptsMax: 10, repeatsAllowed: false, scorePercent: 100 },
  hard: { codeLength: 4, attemptsMax: 8, repeatsAllowed: true, scorePercent: 150 },
};
export const CODEBREAKER_LEVEL_DEFAULT: CodebreakerLevel = 'medium';

/** Hints per game: the first names a digit in the code, the second the digit at one position. */
export const CODEBREAKER_HINTS = 2;

/** A guess or hint at or after startedAt + this is refused; the game then ends lost. */
export const CODEBREAKER_TIME_LIMIT_SECONDS = 300;
export const CODEBREAKER_TIME_LIMIT_MS = CODEBREAKER_TIME_LIMIT_SECONDS * 1000;

/** The score of a won game (decision 7): every number of it, in one table. */
export const CODEBREAKER_SCORE = {
  basePoints: 1000,
  /** Taken off as this · (attempts − 1)². */
  attemptPenaltyPoints: 50,
  /** Earned in full by a solve at the start, falling evenly to 0 at the time limit. */
  timeBonusMaxPoints: 200,
  firstAttemptBonusPoints: 500,
  quickSolveAttemptsMax: 3,
  quickSolveBonusPoints: 200,
  hintCostPoints: 100,
  /** A win scores at least this. */
  winMinPoints: 50,
} as const;

/** A guess's pegs: right digit in the right place, right digit in the wrong place. */
export interface CodebreakerFeedback {
  readonly exact: number;
  readonly misplaced: number;
}

/**
 * The Mastermind pegs of `guess` against `secret` (decision 3). Both are strings of the same length; each digit of
 * the secret is counted once: a guess 1111 against 1234 is one exact and no misplaced.
 */
export function feedbackOf(secret: string, guess: string): CodebreakerFeedback {
  if (secret.length !== guess.length) throw new RangeError(`codebreaker: a ${guess.length}-digit guess of a ${secret.length}-digit code`);
  let exact = 0;
  const inSecret = new Map<string, number>();
  const inGuess = new Map<string, number>();
  for (let i = 0; i < secret.length; i++) {
    const s = secret[i]!;
    const g = guess[i]!;
    if (s === g) exact += 1;
    inSecret.set(s, (inSecret.get(s) ?? 0) + 1);
    inGuess.set(g, (inGuess.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (const [digit, count] of inSecret) shared += Math.min(count, inGuess.get(digit) ?? 0);
  return { exact, misplaced: shared - exact };
}

export interface CodebreakerSolve {
  readonly level: CodebreakerLevel;
  /** Attempts taken, the solving one included (1 or more). */
  readonly attempts: number;
  /** From the start to the solving guess. */
  readonly elapsedMs: number;
  readonly hintsUsed: number;
  /** The time limit the bonus runs down over; the solo game's by default. */
  readonly timeLimitMs?: number;
}

/**
 * The score of a solved code (decision 7), in exact integers: the time bonus 200·(T − t)/T is kept as a fraction
 * over T until the one floor, so no rounding of a float can move a score by a point.
 */
export function codebreakerScore(solve: CodebreakerSolve): number {
  const rule = CODEBREAKER_SCORE;
  const limitMs = solve.timeLimitMs ?? CODEBREAKER_TIME_LIMIT_MS;
  const attempts = Math.max(1, Math.floor(solve.attempts));
  const elapsedMs = Math.min(limitMs, Math.max(0, Math.floor(solve.elapsedMs)));
  const points =
    rule.basePoints -
    rule.attemptPenaltyPoints * (attempts - 1) ** 2 +
    (attempts === 1 ? rule.firstAttemptBonusPoints : 0) +
    (attempts <= rule.quickSolveAttemptsMax ? rule.quickSolveBonusPoints : 0);
  // raw · T = points · T + bonus · (T − t); the level's percent and the floor come after, in integers.
  const rawTimesLimit = points * limitMs + rule.timeBonusMaxPoints * (limitMs - elapsedMs);
  const scaled = Math.floor((rawTimesLimit * CODEBREAKER_LEVEL_RULES[solve.level].scorePercent) / (100 * limitMs));
  return Math.max(rule.winMinPoints, scaled - rule.hintCostPoints * Math.max(0, solve.hintsUsed));
}

/** The best score the rules can give: the hardest level's code guessed at once, at the start, with no hint. */
export const CODEBREAKER_MAX_SCORE = Math.max(
  ...Object.keys(CODEBREAKER_LEVEL_RULES).map((level) =>
    codebreakerScore({ level: level as CodebreakerLevel, attempts: 1, elapsedMs: 0, hintsUsed: 0 }),
  ),
);
