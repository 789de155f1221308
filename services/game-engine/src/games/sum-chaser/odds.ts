/** Sum Chaser's odds (rules.ts decisions 2 and 3): each step's line, and the chance and multiplier of each call. */
import { multiplierIfGood, ratio, type Ratio } from '../chance/payout.ts';
import type { SumChaserCall, SumChaserRuleNumbers } from './rules.ts';

const HALF = 0.5;

/**
 * The line of step `step` (0-based) with `sum` so far: the step's line, moved into [sum + 0.5, sum + max − 0.5]
 * so at least one digit lands on each side of it.
 */
export function lineFor(rules: SumChaserRuleNumbers, step: number, sum: number): number {
  const line = rules.lines[step];
  if (line === undefined) throw new RangeError(`sum chaser: no step ${step}`);
  return Math.min(Math.max(line, sum + HALF), sum + rules.digitMax - HALF);
}

/** Whether `call` is right when the sum after the reveal is `sum`. */
export const isRight = (call: SumChaserCall, line: number, sum: number): boolean => (call === 'over' ? sum > line : sum < line);

/** How many of the digits 0…max win `call` against `line` with `sum` so far. */
export function winningDigits(rules: SumChaserRuleNumbers, call: SumChaserCall, line: number, sum: number): number {
  let count = 0;
  for (let digit = 0; digit <= rules.digitMax; digit++) if (isRight(call, line, sum + digit)) count += 1;
  return count;
}

/** The chance that `call` is right against `line` with `sum` so far. */
export const callChance = (rules: SumChaserRuleNumbers, call: SumChaserCall, line: number, sum: number): Ratio =>
  ratio(winningDigits(rules, call, line, sum), rules.digitMax + 1);

/** The multiplier a right `call` brings from `current` (null before the first right call). */
export const multiplierIfRight = (
  rules: SumChaserRuleNumbers,
  current: Ratio | null,
  call: SumChaserCall,
  line: number,
  sum: number,
): Ratio => multiplierIfGood(current, callChance(rules, call, line, sum), rules.houseEdgePercent);
