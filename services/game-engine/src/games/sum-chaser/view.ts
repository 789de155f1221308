/** What the player sees of a Sum Chaser game (contracts/arcade/sum-chaser.ts): a digit only once revealed (decision 7). */
import type { SumChaserOption, SumChaserPlay } from '@qal/events';
import { REWARD_TOKENS_MAX } from '../../config.ts';
import { tokensFor, valueOf, type Ratio } from '../chance/payout.ts';
import { currentLine, isOver, multiplierOf, sumOf, type SumChaserState } from './decider.ts';
import { callChance, multiplierIfRight, winningDigits } from './odds.ts';
import type { SumChaserCall } from './rules.ts';

export function viewFor(state: SumChaserState): SumChaserPlay {
  const { rules, end } = state;
  const multiplier = multiplierOf(state);
  const over = isOver(state);
  const line = currentLine(state);
  const sum = sumOf(state);
  const option = (call: SumChaserCall, at: number): SumChaserOption => {
    const ifRight: Ratio = multiplierIfRight(rules, multiplier, call, at, sum);
    return {
      chance: valueOf(callChance(rules, call, at, sum)),
      winningDigits: winningDigits(rules, call, at, sum),
      multiplier: valueOf(ifRight),
      cashOutTokens: tokensFor(rules.costTokens, ifRight),
    };
  };
  return {
    digitCount: state.digits.length,
    revealed: state.calls.map((c) => c.digit),
    sum,
    line,
    options: line === null ? null : { over: option('over', line), under: option('under', line) },
    multiplier: multiplier === null ? null : valueOf(multiplier),
    cashOutTokens: multiplier === null ? 0 : tokensFor(rules.costTokens, multiplier),
    canCashOut: !over && multiplier !== null,
    calls: state.calls.map((c) => ({ ...c })),
    costTokens: rules.costTokens,
    houseEdgePercent: rules.houseEdgePercent,
    tokensMax: REWARD_TOKENS_MAX,
    end: end === null ? null : { reason: end.reason, at: end.at },
    drawnDigits: over ? [...state.digits] : null,
  };
}
