/** Property tests of the drawn problems over many seeds (seeded loops: no Math.random, no wall clock). */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { drawProblems } from './problems.ts';
import { MATH_SPRINT_LEVELS, MATH_SPRINT_OPERATIONS, MATH_SPRINT_PROBLEMS_MAX, MATH_SPRINT_RANGES } from './rules.ts';

const SEEDS = 60;
const serverSeed = (i: number) => i.toString(16).padStart(8, '0').repeat(8);
const inRange = (n: number, range: { min: number; max: number }) => Number.isInteger(n) && n >= range.min && n <= range.max;

describe.each(MATH_SPRINT_LEVELS)('the problems of a %s game', (level) => {
  const { addend, factor } = MATH_SPRINT_RANGES[level];
  const games = Array.from({ length: SEEDS }, (_, i) =>
    drawProblems(fairRandom({ serverSeed: serverSeed(i), clientSeed: 'prop', nonce: i }), level),
  );

  it('are as many as the rules draw, with every operation among them', () => {
    for (const problems of games) expect(problems).toHaveLength(MATH_SPRINT_PROBLEMS_MAX);
    expect(new Set(games.flat().map((p) => p.op))).toEqual(new Set(MATH_SPRINT_OPERATIONS));
  });

  it('have whole answers, exact divisions and numbers within the level’s ranges', () => {
    for (const { op, x, y, answer } of games.flat()) {
      expect(Number.isSafeInteger(answer)).toBe(true);
      switch (op) {
        case 'add':
          expect(inRange(x, addend) && inRange(y, addend) && answer === x + y).toBe(true);
          break;
        case 'subtract':
          expect(inRange(x, addend) && inRange(y, addend) && x >= y && answer === x - y && answer >= 0).toBe(true);
          break;
        case 'multiply':
          expect(inRange(x, factor) && inRange(y, factor) && answer === x * y).toBe(true);
          break;
        case 'divide':
          expect(x % y).toBe(0);
          expect(inRange(y, factor) && inRange(answer, factor) && x === y * answer && x / y === answer).toBe(true);
          break;
      }
    }
  });

  it('reach both ends of each range (the draw covers the whole range)', () => {
    const all = games.flat();
    const additions = all.filter((p) => p.op === 'add').flatMap((p) => [p.x, p.y]);
    const divisors = all.filter((p) => p.op === 'divide').map((p) => p.y);
    expect(Math.min(...additions)).toBe(addend.min);
    expect(Math.max(...additions)).toBe(addend.max);
    expect(Math.min(...divisors)).toBe(factor.min);
    expect(Math.max(...divisors)).toBe(factor.max);
  });
});
