import {
  MATH_SPRINT_LEVELS,
  MATH_SPRINT_OPERATIONS,
  MATH_SPRINT_PROBLEMS_MAX,
  MATH_SPRINT_RANGES,
  MathSprintPlay,
} from '@qal/events/contracts';
import type { MathSprintLevel, MathSprintOperation, MathSprintRange } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds, type FairRandom } from '../../../lib/fairness/verify.ts';
import { OPERATION_SIGNS } from './entry.ts';

/**
 * The browser's check of a finished Math Sprint game: from the revealed seeds, draw every problem again in the engine's
 * order (its games/math-sprint/problems.ts), then compare them with the problems the game showed at its end, and each
 * answer's right answer and verdict with the redrawn problem.
 *
 * The order, problem by problem: the operation (`int(4)`: add, subtract, multiply, divide), then two numbers of the
 * level's range (`min + int(max − min + 1)` each; addition and subtraction use the addend range, the other two the
 * factor range). A subtraction is the larger minus the smaller; a division is (first × second) ÷ first.
 */
export default async function verify(
  seeds: FairnessSeeds,
  options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const level = levelOf(options);
  if (level === null) return { matches: false, recomputed: 'unknown level' };
  const problems = await drawProblems(await createFairRandom(seeds), level);
  const recomputed = describe(level, problems);
  const shown = MathSprintPlay.safeParse(play);
  if (!shown.success || !shown.data.problems || !shown.data.answers) return { matches: false, recomputed };
  const p = shown.data;
  const sameProblems =
    p.problems!.length === problems.length &&
    problems.every((problem, i) => {
      const other = p.problems![i]!;
      return other.op === problem.op && other.x === problem.x && other.y === problem.y && other.answer === problem.answer;
    });
  const sameAnswers = p.answers!.every((a, i) => {
    const problem = problems[a.index];
    return (
      a.index === i &&
      problem !== undefined &&
      a.op === problem.op &&
      a.x === problem.x &&
      a.y === problem.y &&
      a.answer === problem.answer &&
      a.right === (a.value === problem.answer)
    );
  });
  return { matches: p.level === level && sameProblems && sameAnswers, recomputed };
}

export interface Problem {
  readonly op: MathSprintOperation;
  readonly x: number;
  readonly y: number;
  readonly answer: number;
}

/** The start's options as the engine reads them: `level`, medium when absent; null for anything else. */
function levelOf(options: unknown): MathSprintLevel | null {
  if (options === undefined || options === null) return 'medium';
  if (typeof options !== 'object' || Array.isArray(options)) return null;
  const level = (options as { level?: unknown }).level;
  if (level === undefined) return 'medium';
  return (MATH_SPRINT_LEVELS as readonly unknown[]).includes(level) ? (level as MathSprintLevel) : null;
}

export async function drawProblems(
  random: FairRandom,
  level: MathSprintLevel,
  count: number = MATH_SPRINT_PROBLEMS_MAX,
): Promise<Problem[]> {
  const { addend, factor } = MATH_SPRINT_RANGES[level];
  const within = async (range: MathSprintRange) => range.min + (await random.int(range.max - range.min + 1));
  const problems: Problem[] = [];
  for (let i = 0; i < count; i++) {
    const op = MATH_SPRINT_OPERATIONS[await random.int(MATH_SPRINT_OPERATIONS.length)]!;
    const range = op === 'add' || op === 'subtract' ? addend : factor;
    const first = await within(range);
    const second = await within(range);
    problems.push(problemOf(op, first, second));
  }
  return problems;
}

function problemOf(op: MathSprintOperation, first: number, second: number): Problem {
  switch (op) {
    case 'add':
      return { op, x: first, y: second, answer: first + second };
    case 'subtract':
      return { op, x: Math.max(first, second), y: Math.min(first, second), answer: Math.abs(first - second) };
    case 'multiply':
      return { op, x: first, y: second, answer: first * second };
    case 'divide':
      return { op, x: first * second, y: first, answer: second };
  }
}

/** A short text: the level, how many problems, and the first few as drawn. */
const SHOWN_IN_TEXT = 5;
function describe(level: MathSprintLevel, problems: readonly Problem[]): string {
  const first = problems.slice(0, SHOWN_IN_TEXT).map((p) => `${p.x} ${OPERATION_SIGNS[p.op]} ${p.y} = ${p.answer}`);
  return `${level}: ${problems.length} problems; ${first.join(', ')}, …`;
}
