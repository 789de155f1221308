import { describe, expect, it } from 'vitest';
import verify, { drawCode, drawHints, feedbackOf } from './verify.ts';
import { createFairRandom } from '../../../lib/fairness/verify.ts';

/**
 * The same fixed seeds as the engine's tests (services/game-engine/src/games/codebreaker/testing.ts FIXED_SEEDS):
 * the engine's rules.test.ts asserts its start draws exactly these codes and hints, so the two agree.
 */
const SEEDS = {
  serverSeed: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  clientSeed: 'qal-player',
  nonce: 7,
};

const ENGINE_DRAWS = {
  easy: {
    code: '046',
    hints: [
      { kind: 'digit_in_code', digit: '4' },
      { kind: 'digit_at_position', index: 0, digit: '0' },
    ],
  },
  medium: {
    code: '0468',
    hints: [
      { kind: 'digit_in_code', digit: '0' },
      { kind: 'digit_at_position', index: 2, digit: '6' },
    ],
  },
  hard: {
    code: '0288',
    hints: [
      { kind: 'digit_in_code', digit: '2' },
      { kind: 'digit_at_position', index: 2, digit: '8' },
    ],
  },
} as const;

/** The finished view's `play` of the engine's whole game from these seeds (codebreaker.test.ts): medium, won. */
function finishedPlay(overrides: Record<string, unknown> = {}) {
  return {
    level: 'medium',
    codeLength: 4,
    repeatsAllowed: false,
    attemptsMax: 10,
    attemptsUsed: 3,
    guesses: [
      { digits: '0123', exact: 1, misplaced: 0, at: '2026-03-01T09:00:15.000Z' },
      { digits: '0456', exact: 2, misplaced: 1, at: '2026-03-01T09:00:40.000Z' },
      { digits: '0468', exact: 4, misplaced: 0, at: '2026-03-01T09:01:15.000Z' },
    ],
    hintsMax: 2,
    hintsUsed: 1,
    hintCostPoints: 100,
    hints: [{ kind: 'digit_in_code', digit: '0' }],
    timeLimitSeconds: 300,
    code: '0468',
    allHints: ENGINE_DRAWS.medium.hints,
    endReason: 'solved',
    ...overrides,
  };
}

describe('codebreaker verify', () => {
  it('draws the codes and hints the engine drew from the same seeds, at every level', async () => {
    for (const level of ['easy', 'medium', 'hard'] as const) {
      const random = await createFairRandom(SEEDS);
      const code = await drawCode(random, level);
      expect({ code, hints: await drawHints(random, code) }).toEqual(ENGINE_DRAWS[level]);
    }
  });

  it('matches the finished game the engine showed, and says what it recomputed', async () => {
    expect(await verify(SEEDS, { level: 'medium' }, finishedPlay())).toEqual({
      matches: true,
      recomputed: 'medium code 0468; hint 1: 0 is in the code; hint 2: position 3 is 6',
    });
    // No level chosen is medium, as in the engine.
    expect((await verify(SEEDS, {}, finishedPlay())).matches).toBe(true);
  });

  it('does not match another code, other hints, a false peg, another level or another seed', async () => {
    expect((await verify(SEEDS, { level: 'medium' }, finishedPlay({ code: '0486' }))).matches).toBe(false);
    const swapped = [ENGINE_DRAWS.medium.hints[0], { kind: 'digit_at_position', index: 1, digit: '4' }];
    expect((await verify(SEEDS, { level: 'medium' }, finishedPlay({ allHints: swapped }))).matches).toBe(false);
    const guesses = finishedPlay().guesses.map((g, i) => (i === 0 ? { ...g, exact: 2 } : g));
    expect((await verify(SEEDS, { level: 'medium' }, finishedPlay({ guesses }))).matches).toBe(false);
    expect((await verify(SEEDS, { level: 'hard' }, finishedPlay())).matches).toBe(false);
    expect((await verify({ ...SEEDS, nonce: 8 }, { level: 'medium' }, finishedPlay())).matches).toBe(false);
  });

  it('does not match a view still hiding the code, nor unknown options', async () => {
    expect((await verify(SEEDS, { level: 'medium' }, finishedPlay({ code: null, allHints: null }))).matches).toBe(false);
    expect(await verify(SEEDS, { level: 'expert' }, finishedPlay())).toEqual({ matches: false, recomputed: 'unknown level' });
    expect((await verify(SEEDS, { level: 'medium' }, { nonsense: true })).matches).toBe(false);
  });

  it('counts pegs as the engine does: each code digit once', () => {
    expect(feedbackOf('1234', '1111')).toEqual({ exact: 1, misplaced: 0 });
    expect(feedbackOf('0288', '8808')).toEqual({ exact: 1, misplaced: 2 });
    expect(feedbackOf('1123', '3211')).toEqual({ exact: 0, misplaced: 4 });
  });
});
