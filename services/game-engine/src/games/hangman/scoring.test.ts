import { describe, expect, it } from 'vitest';
import { multiplierTenths, scoreOf, type ScoreInput } from './scoring.ts';

const SECOND = 1000;
const won = (input: Partial<ScoreInput>): number =>
  scoreOf({ won: true, language: 'en', letters: 5, wrongGuesses: 0, hintsUsed: 0, elapsedMs: 0, ...input });

describe('Hangman score', () => {
  it('multiplies by length: 4 → 1.0, 5 → 1.5, 6 → 2.0, 7 → 2.8, 8 → 4.0, 9 and more → 5.0', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 12].map((n) => multiplierTenths('en', n))).toEqual([10, 15, 20, 28, 40, 50, 50, 50]);
  });

  it('scores an Amharic word of n fidel with the English multiplier of n + 2', () => {
    expect([2, 3, 4, 5, 6, 7].map((n) => multiplierTenths('am', n))).toEqual([10, 15, 20, 28, 40, 50]);
  });

  it('matches the worked example: 5 letters, 2 misses, 60 s of 120 → 150 + 75 − 40 + 37 = 222', () => {
    expect(won({ letters: 5, wrongGuesses: 2, elapsedMs: 60 * SECOND })).toBe(222);
  });

  it('gives a perfect instant 8-letter game 400 + 320 + 800 + 200 = 1720', () => {
    expect(won({ letters: 8 })).toBe(1720);
  });

  it('does not make a 9-letter word worth less than an 8-letter one (a bug of an earlier system)', () => {
    expect(won({ letters: 9 })).toBe(500 + 450 + 1000 + 250);
    expect(won({ letters: 9 })).toBeGreaterThan(won({ letters: 8 }));
  });

  it('keeps 2.8 exact: a perfect instant 7-letter game is 280 + 196 + 560 + 140', () => {
    expect(won({ letters: 7 })).toBe(1176);
  });

  it('scores a 3-fidel Amharic word like a 5-letter English one, with its own length in the letter term', () => {
    expect(won({ language: 'am', letters: 3 })).toBe(150 + 45 + 300 + 75);
  });

  it('charges 50 points per hint, and a hint loses the perfect bonus', () => {
    const perfect = won({ letters: 6, elapsedMs: 30 * SECOND });
    const oneHint = won({ letters: 6, elapsedMs: 30 * SECOND, hintsUsed: 1 });
    const twoHints = won({ letters: 6, elapsedMs: 30 * SECOND, hintsUsed: 2 });
    expect(perfect - oneHint).toBe(400 + 50);
    expect(oneHint - twoHints).toBe(50);
  });

  it('charges 20 points per wrong guess, and a wrong guess loses the perfect bonus', () => {
    expect(won({ letters: 4 }) - won({ letters: 4, wrongGuesses: 1 })).toBe(200 + 20);
    expect(won({ letters: 4, wrongGuesses: 1 }) - won({ letters: 4, wrongGuesses: 3 })).toBe(40);
  });

  it('rounds the time bonus down and gives none at the limit', () => {
    expect(won({ letters: 4, elapsedMs: 1 })).toBe(100 + 40 + 200 + 49);
    expect(won({ letters: 4, elapsedMs: 120 * SECOND })).toBe(100 + 40 + 200);
  });

  it('is never negative', () => {
    expect(won({ letters: 4, wrongGuesses: 6, hintsUsed: 2, elapsedMs: 119 * SECOND })).toBe(0);
  });

  it('is 0 for a lost game', () => {
    expect(scoreOf({ won: false, language: 'en', letters: 9, wrongGuesses: 0, hintsUsed: 0, elapsedMs: 0 })).toBe(0);
  });
});
