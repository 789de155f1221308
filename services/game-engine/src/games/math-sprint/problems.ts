/**
 * The problems of a game, drawn at its start from the match's fairness stream in the fixed order of rules.ts
 * (decision 2). The browser's verifier (client/src/features/games/math-sprint/verify.ts) draws them again in the same
 * order; a change here is a change there.
 */
import { mathSprintAnswerOf } from '@qal/events';
import type { FairRandom } from '../../fairness/fairness.ts';
import {
  MATH_SPRINT_OPERATIONS,
  MATH_SPRINT_PROBLEMS_MAX,
  MATH_SPRINT_RANGES,
  type MathSprintLevel,
  type MathSprintOperation,
} from './rules.ts';

/** A problem as drawn and shown: `x op y = answer` (for a division, x is the dividend and y the divisor). */
export interface Problem {
  readonly op: MathSprintOperation;
  readonly x: number;
  readonly y: number;
  readonly answer: number;
}

export function drawProblems(random: FairRandom, level: MathSprintLevel, count: number = MATH_SPRINT_PROBLEMS_MAX): Problem[] {
  const { addend, factor } = MATH_SPRINT_RANGES[level];
  const within = (range: { min: number; max: number }) => range.min + random.int(range.max - range.min + 1);
  const problems: Problem[] = [];
  for (let i = 0; i < count; i++) {
    const op = MATH_SPRINT_OPERATIONS[random.int(MATH_SPRINT_OPERATIONS.length)]!;
    const range = op === 'add' || op === 'subtract' ? addend : factor;
    const first = within(range);
    const second = within(range);
    problems.push(problemOf(op, first, second));
  }
  return problems;
}

/** The problem two drawn numbers make (decision 2). */
export function problemOf(op: MathSprintOperation, first: number, second: number): Problem {
  switch (op) {
    case 'add':
    case 'multiply':
      return { op, x: first, y: second, answer: mathSprintAnswerOf(op, first, second) };
    case 'subtract': {
      const x = Math.max(first, second);
      const y = Math.min(first, second);
      return { op, x, y, answer: x - y };
    }
    case 'divide':
      // The first number is the divisor, the second the quotient.
      return { op, x: first * second, y: first, answer: second };
  }
}
