/** The shared payout rule of the games of chance: exact multipliers, tokens rounded down within the cap, score. */
import { describe, expect, it } from 'vitest';
import { CHANCE_SCORE_MAX, multiplierAfter, multiplierIfGood, payoutFor, ratio, scoreFor, times, tokensFor, valueOf } from './payout.ts';

describe('multipliers', () => {
  it('takes the edge once: (1 − 3 %) / chance for the first good outcome, 1 / chance for each later one', () => {
    const half = ratio(1, 2);
    const first = multiplierIfGood(null, half, 3);
    expect(first).toEqual(ratio(194, 100));
    expect(multiplierIfGood(first, ratio(1, 10), 3)).toEqual(ratio(1940, 100));
    expect(multiplierAfter([half, ratio(1, 10)], 3)).toEqual(ratio(1940, 100));
    expect(multiplierAfter([], 3)).toBeNull();
  });

  it('keeps fractions exact and in lowest terms', () => {
    expect(ratio(6, 8)).toEqual({ numerator: 3, denominator: 4 });
    expect(times(ratio(22, 25), ratio(25, 22))).toEqual(ratio(1, 1));
    expect(() => ratio(1, 0)).toThrow(RangeError);
  });
});

describe('what a cash-out pays', () => {
  it('pays floor(stake × multiplier) tokens, never more than 5', () => {
    expect(tokensFor(1, ratio(199, 100))).toBe(1);
    expect(tokensFor(1, ratio(2, 1))).toBe(2);
    expect(tokensFor(5, ratio(97, 100))).toBe(4);
    expect(tokensFor(1, ratio(2425, 100))).toBe(5);
    expect(tokensFor(5, ratio(194, 100))).toBe(5);
  });

  it('scores 100 points per ×1, rounded half up exactly, counted up to ×1,000', () => {
    expect(scoreFor(ratio(2425, 1000))).toBe(243);
    expect(scoreFor(ratio(24249, 10000))).toBe(242);
    expect(scoreFor(ratio(194, 100))).toBe(194);
    expect(scoreFor(ratio(2231, 1))).toBe(CHANCE_SCORE_MAX);
    expect(valueOf(ratio(2425, 1000))).toBe(2.425);
  });

  it('gives XP by the score and pays nothing for a loss', () => {
    expect(payoutFor(1, ratio(194, 100))).toEqual({ score: 194, tokens: 1, xp: 6 });
    expect(payoutFor(1, ratio(2231, 1))).toEqual({ score: CHANCE_SCORE_MAX, tokens: 5, xp: 10 });
    expect(payoutFor(5, null)).toEqual({ score: 0, tokens: 0, xp: 0 });
  });
});
