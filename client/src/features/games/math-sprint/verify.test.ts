import { describe, expect, it } from 'vitest';
import { createFairRandom } from '../../../lib/fairness/verify.ts';
import verify, { drawProblems, type Problem } from './verify.ts';

/**
 * The same fixed seeds as the engine's tests (services/game-engine/src/games/math-sprint/testing.ts SEEDS): the
 * engine's math-sprint.test.ts asserts its start draws exactly these problems, so the two agree.
 */
const SEEDS = {
  serverSeed: '3f7a1c9e5b2d4f608a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f',
  clientSeed: 'player-seed',
  nonce: 7,
};

const ENGINE_DRAWS = {
  medium: [
    { op: 'subtract', x: 74, y: 18, answer: 56 },
    { op: 'divide', x: 30, y: 5, answer: 6 },
    { op: 'multiply', x: 7, y: 4, answer: 28 },
  ],
  easy: [
    { op: 'subtract', x: 19, y: 5, answer: 14 },
    { op: 'divide', x: 21, y: 7, answer: 3 },
  ],
  hardFifth: { op: 'add', x: 939, y: 366, answer: 1305 },
} as const;

const draw = async (level: 'easy' | 'medium' | 'hard') => drawProblems(await createFairRandom(SEEDS), level);

/** The finished view's `play` of a medium game from these seeds: problems 0–2 answered (right, right, wrong). */
async function finishedPlay(overrides: Record<string, unknown> = {}) {
  const problems = await draw('medium');
  const answer = (index: number, value: number, points: number) => {
    const p = problems[index]!;
    return { index, ...p, value, right: value === p.answer, points, streakBonus: 0, speedBonus: 0, streak: 0, elapsedMs: 2000 };
  };
  return {
    level: 'medium',
    endsAt: '2026-03-01T09:01:00.000Z',
    current: null,
    answered: 3,
    right: 2,
    streak: 0,
    bestStreak: 2,
    score: 42,
    last: answer(2, 27, 0),
    speedBonusMs: 3000,
    endReason: 'time_up',
    problems: problems.map((p: Problem) => ({ ...p })),
    answers: [answer(0, 56, 20), answer(1, 6, 22), answer(2, 27, 0)],
    ...overrides,
  };
}

describe('math sprint verify', () => {
  it('draws the problems the engine drew from the same seeds, at every level', async () => {
    expect((await draw('medium')).slice(0, 3)).toEqual(ENGINE_DRAWS.medium);
    expect((await draw('easy')).slice(0, 2)).toEqual(ENGINE_DRAWS.easy);
    expect((await draw('hard'))[4]).toEqual(ENGINE_DRAWS.hardFifth);
  });

  it('matches the finished game the engine showed, and says what it recomputed', async () => {
    const result = await verify(SEEDS, { level: 'medium' }, await finishedPlay());
    expect(result.matches).toBe(true);
    expect(result.recomputed).toBe('medium: 150 problems; 74 − 18 = 56, 30 ÷ 5 = 6, 7 × 4 = 28, 97 − 21 = 76, 39 + 96 = 135, …');
    // No level chosen is medium, as in the engine.
    expect((await verify(SEEDS, {}, await finishedPlay())).matches).toBe(true);
  });

  it('does not match another problem, a false verdict, another level or another seed', async () => {
    const play = await finishedPlay();
    const problems = play.problems.map((p, i) => (i === 40 ? { ...p, answer: p.answer + 1 } : p));
    expect((await verify(SEEDS, { level: 'medium' }, { ...play, problems })).matches).toBe(false);
    const answers = play.answers.map((a, i) => (i === 2 ? { ...a, right: true } : a));
    expect((await verify(SEEDS, { level: 'medium' }, { ...play, answers })).matches).toBe(false);
    expect((await verify(SEEDS, { level: 'hard' }, play)).matches).toBe(false);
    expect((await verify({ ...SEEDS, nonce: 8 }, { level: 'medium' }, play)).matches).toBe(false);
  });

  it('does not match a view still hiding the problems, nor unknown options', async () => {
    expect((await verify(SEEDS, { level: 'medium' }, await finishedPlay({ problems: undefined, answers: undefined }))).matches).toBe(false);
    expect(await verify(SEEDS, { level: 'expert' }, await finishedPlay())).toEqual({ matches: false, recomputed: 'unknown level' });
    expect((await verify(SEEDS, { level: 'medium' }, { nonsense: true })).matches).toBe(false);
  });
});
