/** Codebreaker's pure rules: the pegs of a guess, the score of a solve, the draws from the fairness stream. */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { drawGame } from './draw.ts';
import {
  CODEBREAKER_LEVEL_RULES,
  CODEBREAKER_LEVELS,
  CODEBREAKER_MAX_SCORE,
  CODEBREAKER_SCORE,
  CODEBREAKER_TIME_LIMIT_MS,
  codebreakerScore,
  feedbackOf,
} from './rules.ts';
import { FIXED_SEEDS, lcg } from './testing.ts';

/** Feedback by brute force: strike exact pairs, then match each guess digit with an unused secret digit. */
function feedbackByHand(secret: string, guess: string) {
  const s = [...secret];
  const g = [...guess];
  let exact = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === g[i]) {
      exact += 1;
      s[i] = 'S';
      g[i] = 'G';
    }
  }
  let misplaced = 0;
  for (let i = 0; i < g.length; i++) {
    const j = s.indexOf(g[i]!);
    if (j >= 0) {
      misplaced += 1;
      s[j] = 'S';
    }
  }
  return { exact, misplaced };
}

const randomDigits = (next: () => number, length: number) => Array.from({ length }, () => String(Math.floor(next() * 10))).join('');

describe('feedback (classic Mastermind pegs)', () => {
  it.each([
    ['1234', '1234', 4, 0],
    ['1234', '4321', 0, 4],
    ['1234', '5678', 0, 0],
    ['1234', '1243', 2, 2],
    ['1234', '1111', 1, 0],
    ['1123', '1111', 2, 0],
    ['1123', '3211', 0, 4],
    ['0288', '8808', 1, 2],
    ['0288', '8880', 1, 2],
    ['046', '640', 1, 2],
  ])('secret %s, guess %s: %i exact, %i misplaced', (secret, guess, exact, misplaced) => {
    expect(feedbackOf(secret, guess)).toEqual({ exact, misplaced });
  });

  it('counts each secret digit once, whatever the guess repeats (seeded loop against a hand count)', () => {
    const next = lcg(20260301);
    for (let run = 0; run < 2000; run++) {
      const length = 3 + (run % 2);
      const secret = randomDigits(next, length);
      const guess = randomDigits(next, length);
      const pegs = feedbackOf(secret, guess);
      expect(pegs).toEqual(feedbackByHand(secret, guess));
      expect(pegs.exact + pegs.misplaced).toBeLessThanOrEqual(length);
      expect(feedbackOf(guess, secret)).toEqual(pegs);
      expect(feedbackOf(secret, secret)).toEqual({ exact: length, misplaced: 0 });
    }
  });

  it('refuses to compare a guess and a code of different lengths', () => {
    expect(() => feedbackOf('1234', '123')).toThrow(RangeError);
  });
});

describe('the score of a solve', () => {
  const solve = (attempts: number, seconds: number, extra: { hintsUsed?: number; level?: 'easy' | 'medium' | 'hard' } = {}) =>
    codebreakerScore({ level: extra.level ?? 'medium', attempts, elapsedMs: seconds * 1000, hintsUsed: extra.hintsUsed ?? 0 });

  it("is the prior system's formula on medium: 1 attempt at 30 s scores 1880, 5 attempts at 120 s score 320", () => {
    expect(solve(1, 30)).toBe(1880);
    expect(solve(5, 120)).toBe(320);
  });

  it('falls with every attempt and every second, and never below the win minimum', () => {
    const scores = Array.from({ length: 10 }, (_, i) => solve(i + 1, 60));
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]!);
    expect(solve(2, 10)).toBeGreaterThan(solve(2, 200));
    expect(solve(10, 299)).toBe(CODEBREAKER_SCORE.winMinPoints);
  });

  it('gives the quick-solve bonus up to 3 attempts and the first-attempt bonus only at once', () => {
    // 3 attempts: 1000 − 200 + 200 + 200 (at 0 s); 4 attempts: 1000 − 450 + 200.
    expect(solve(3, 0)).toBe(1200);
    expect(solve(4, 0)).toBe(750);
    expect(solve(1, 0) - solve(2, 0)).toBe(50 + CODEBREAKER_SCORE.firstAttemptBonusPoints);
  });

  it('scales by the level: easy half, hard one and a half of medium', () => {
    expect(solve(4, 60, { level: 'easy' })).toBe(Math.floor(solve(4, 60) / 2));
    expect(solve(4, 60, { level: 'hard' })).toBe(Math.floor((solve(4, 60) * 3) / 2));
  });

  it('takes the hint cost off per hint taken, but a win still scores the minimum', () => {
    expect(solve(3, 60) - solve(3, 60, { hintsUsed: 1 })).toBe(CODEBREAKER_SCORE.hintCostPoints);
    expect(solve(3, 60) - solve(3, 60, { hintsUsed: 2 })).toBe(2 * CODEBREAKER_SCORE.hintCostPoints);
    expect(solve(6, 60, { hintsUsed: 2 })).toBe(CODEBREAKER_SCORE.winMinPoints);
  });

  it('is an integer for any millisecond, computed without float drift', () => {
    const next = lcg(7);
    for (let run = 0; run < 500; run++) {
      const elapsedMs = Math.floor(next() * CODEBREAKER_TIME_LIMIT_MS);
      const score = codebreakerScore({ level: 'hard', attempts: 2, elapsedMs, hintsUsed: 0 });
      expect(Number.isInteger(score)).toBe(true);
      // raw = 950 + 200·(T − t)/T + 200, × 1.5, floored.
      const exact = Math.floor(
        ((1150 * CODEBREAKER_TIME_LIMIT_MS + 200 * (CODEBREAKER_TIME_LIMIT_MS - elapsedMs)) * 3) / (2 * CODEBREAKER_TIME_LIMIT_MS),
      );
      expect(score).toBe(exact);
    }
  });

  it('has its best at the hardest level, solved at once at the start: the leaderboard maximum', () => {
    expect(CODEBREAKER_MAX_SCORE).toBe(2850);
    for (const level of CODEBREAKER_LEVELS) {
      expect(codebreakerScore({ level, attempts: 1, elapsedMs: 0, hintsUsed: 0 })).toBeLessThanOrEqual(CODEBREAKER_MAX_SCORE);
    }
  });
});

describe('the draws from the fairness stream', () => {
  it('draws these codes and hints from the fixed seeds (the browser verifier expects the same)', () => {
    const draw = (level: 'easy' | 'medium' | 'hard') => drawGame(fairRandom(FIXED_SEEDS), level);
    expect(draw('easy')).toEqual({
      code: '046',
      hints: [
        { kind: 'digit_in_code', digit: '4' },
        { kind: 'digit_at_position', index: 0, digit: '0' },
      ],
    });
    expect(draw('medium')).toEqual({
      code: '0468',
      hints: [
        { kind: 'digit_in_code', digit: '0' },
        { kind: 'digit_at_position', index: 2, digit: '6' },
      ],
    });
    expect(draw('hard')).toEqual({
      code: '0288',
      hints: [
        { kind: 'digit_in_code', digit: '2' },
        { kind: 'digit_at_position', index: 2, digit: '8' },
      ],
    });
  });

  it('gives each level codes of its length, distinct digits on easy and medium, and true hints (seeded loop)', () => {
    const seenRepeat = { easy: false, medium: false, hard: false };
    for (let nonce = 0; nonce < 300; nonce++) {
      for (const level of CODEBREAKER_LEVELS) {
        const { code, hints } = drawGame(fairRandom({ ...FIXED_SEEDS, nonce }), level);
        const { codeLength, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[level];
        expect(code).toMatch(new RegExp(`^[0-9]{${codeLength}}$`));
        const distinct = new Set(code).size;
        if (distinct < code.length) seenRepeat[level] = true;
        const [inCode, atPosition] = hints;
        expect(code).toContain(inCode.digit);
        if (atPosition.kind !== 'digit_at_position') throw new Error('the second hint names a position');
        expect(code[atPosition.index]).toBe(atPosition.digit);
        // The two hints name different digits whenever the code has more than one.
        if (distinct > 1) expect(inCode.digit).not.toBe(atPosition.digit);
        if (!repeatsAllowed) expect(distinct).toBe(code.length);
      }
    }
    expect(seenRepeat).toEqual({ easy: false, medium: false, hard: true });
  });

  it('uses every digit in every position (seeded loop over nonces)', () => {
    const seen = new Set<string>();
    for (let nonce = 0; nonce < 400; nonce++) {
      const { code } = drawGame(fairRandom({ ...FIXED_SEEDS, nonce }), 'medium');
      [...code].forEach((digit, i) => seen.add(`${i}:${digit}`));
    }
    expect(seen.size).toBe(40);
  });
});
