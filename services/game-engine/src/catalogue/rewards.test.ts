import { describe, expect, it } from 'vitest';
import { levelFor, tokensForScore, xpForScore } from './rewards.ts';

describe('rewards of a won single-player round', () => {
  it('pays floor(score / 100) tokens, at most 5', () => {
    expect([0, 99, 100, 222, 499, 500, 1720].map(tokensForScore)).toEqual([0, 0, 1, 2, 4, 5, 5]);
  });

  it('gives 5 + floor(score / 100) XP, at most 10', () => {
    expect([0, 99, 222, 499, 500, 1720].map(xpForScore)).toEqual([5, 5, 7, 9, 10, 10]);
  });
});

describe('levels', () => {
  it('starts at level 1 and needs 100·L XP to go from L to L + 1', () => {
    expect(levelFor(0)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 100 });
    expect(levelFor(99)).toEqual({ level: 1, xpIntoLevel: 99, xpForNextLevel: 100 });
    expect(levelFor(100)).toEqual({ level: 2, xpIntoLevel: 0, xpForNextLevel: 200 });
    expect(levelFor(299)).toEqual({ level: 2, xpIntoLevel: 199, xpForNextLevel: 200 });
    expect(levelFor(300)).toEqual({ level: 3, xpIntoLevel: 0, xpForNextLevel: 300 });
  });

  it('reaches level L at 50·L·(L − 1) XP in total', () => {
    for (const level of [2, 5, 10, 40]) {
      expect(levelFor(50 * level * (level - 1)).level).toBe(level);
      expect(levelFor(50 * level * (level - 1) - 1).level).toBe(level - 1);
    }
  });
});
