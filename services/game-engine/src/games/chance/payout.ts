/**
 * The payout rule of the arcade's games of chance (Mines, Sum Chaser), in one place so both games pay alike.
 *
 * A game of chance pays a multiplier of the stake for a run of good outcomes (safe tiles, right calls). The
 * multiplier after a run whose chance was P is (1 − HOUSE_EDGE) / P: the house edge is taken once, on the first
 * outcome, and every later one multiplies by exactly 1 / its chance. So whatever the player does (stop after any
 * number of steps, choose risky or safe steps), the expected multiplier of the game is (1 − HOUSE_EDGE): a
 * multiplier M on the table is worth M in expectation if played on (p · M / p = M), and a loss pays nothing.
 *
 * Multipliers are exact fractions of integers (chances are counts of tiles or digits), so the tokens paid, the score
 * and the expected-value tests never depend on floating-point rounding.
 *
 * Paying (one rule table for both games):
 * - tokens = min(REWARD_TOKENS_MAX, floor(cost × multiplier)): the stake times the multiplier, rounded down to whole
 *   tokens (never more than the multiplier advertises), within the arcade's reward cap of 5 tokens.
 * - score = round(SCORE_PER_MULTIPLIER × min(multiplier, SCORE_MULTIPLIER_MAX)), half up: 100 points per ×1. The
 *   cap keeps the leaderboard's maximum (which the global board divides by) within reach of a lucky run instead of
 *   Mines' one-in-millions perfect board.
 * - XP = xpForScore(score) (5 to 10).
 * A loss pays 0 tokens, 0 score and 0 XP.
 */
import { REWARD_TOKENS_MAX } from '../../config.ts';
import { xpForScore } from '../../catalogue/rewards.ts';

/** The house's share of every game of chance, in percent of the stake's expected return. */
export const HOUSE_EDGE_PERCENT = 3;
export const HOUSE_EDGE = HOUSE_EDGE_PERCENT / 100;
/** Points of score per ×1 of the multiplier. */
export const SCORE_PER_MULTIPLIER = 100;
/** The score counts the multiplier up to this (×1,000 → 100,000 points). */
export const SCORE_MULTIPLIER_MAX = 1_000;
/** The best score a game of chance can give. */
export const CHANCE_SCORE_MAX = SCORE_PER_MULTIPLIER * SCORE_MULTIPLIER_MAX;
/** A game nobody touched for this long ends on its own: cashed out if something was won, else lost. */
export const CHANCE_IDLE_MINUTES = 30;
export const CHANCE_IDLE_MS = CHANCE_IDLE_MINUTES * 60_000;

const PERCENT = 100;

/** An exact positive fraction, in lowest terms. */
export interface Ratio {
  readonly numerator: number;
  readonly denominator: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function ratio(numerator: number, denominator: number): Ratio {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`a ratio is of non-negative safe integers over a positive one, got ${numerator}/${denominator}`);
  }
  const divisor = gcd(numerator, denominator) || 1;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export const ONE: Ratio = ratio(1, 1);

export const times = (a: Ratio, b: Ratio): Ratio => {
  // Cross-reduce first so the products stay small.
  const ad = gcd(a.numerator, b.denominator) || 1;
  const bd = gcd(b.numerator, a.denominator) || 1;
  return ratio((a.numerator / ad) * (b.numerator / bd), (a.denominator / bd) * (b.denominator / ad));
};

export const inverse = (a: Ratio): Ratio => ratio(a.denominator, a.numerator);

export const valueOf = (a: Ratio): number => a.numerator / a.denominator;

/** The share of the stake a game returns in expectation: (100 − edge) / 100. */
export const returnShare = (houseEdgePercent: number): Ratio => ratio(PERCENT - houseEdgePercent, PERCENT);

/**
 * The multiplier after a run of good outcomes with these chances, in order: (1 − edge) / (product of the chances).
 * Null for an empty run: nothing is won before the first good outcome.
 */
export function multiplierAfter(chances: readonly Ratio[], houseEdgePercent: number): Ratio | null {
  if (chances.length === 0) return null;
  return times(returnShare(houseEdgePercent), inverse(chances.reduce(times, ONE)));
}

/**
 * The multiplier one more good outcome of chance `chance` brings: the first one takes the edge, every later one is
 * fair (1 / chance), so playing on never changes the expected multiplier.
 */
export function multiplierIfGood(current: Ratio | null, chance: Ratio, houseEdgePercent: number): Ratio {
  return times(current ?? returnShare(houseEdgePercent), inverse(chance));
}

/** Tokens for cashing out at `multiplier`: min(5, floor(cost × multiplier)). */
export function tokensFor(costTokens: number, multiplier: Ratio): number {
  const stake = costTokens * multiplier.numerator;
  return Math.min(REWARD_TOKENS_MAX, (stake - (stake % multiplier.denominator)) / multiplier.denominator);
}

/** Score for cashing out at `multiplier`: 100 per ×1, counted up to ×1,000, rounded half up. */
export function scoreFor(multiplier: Ratio): number {
  const counted = valueOf(multiplier) >= SCORE_MULTIPLIER_MAX ? ratio(SCORE_MULTIPLIER_MAX, 1) : multiplier;
  const doubled = 2 * SCORE_PER_MULTIPLIER * counted.numerator + counted.denominator;
  const twice = 2 * counted.denominator;
  return (doubled - (doubled % twice)) / twice;
}

export interface ChancePayout {
  readonly score: number;
  readonly tokens: number;
  readonly xp: number;
}

/** What cashing out at `multiplier` pays; a loss (null) pays nothing. */
export function payoutFor(costTokens: number, multiplier: Ratio | null): ChancePayout {
  if (multiplier === null) return { score: 0, tokens: 0, xp: 0 };
  const score = scoreFor(multiplier);
  return { score, tokens: tokensFor(costTokens, multiplier), xp: xpForScore(score) };
}

/** The instant `ms` after `iso`, as ISO 8601. */
export const instantAfter = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
