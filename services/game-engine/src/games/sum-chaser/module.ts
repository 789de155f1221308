/** Sum Chaser, a game of chance of the arcade: the registry's entry (rules: rules.ts). */
import { MATCH_STREAM_PREFIX, type GameMove, type SumChaserPlay } from '@qal/events';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import { CHANCE_SCORE_MAX, multiplierAfter, scoreFor, type Ratio } from '../chance/payout.ts';
import type { ArcadeGameModule } from '../module.ts';
import { deadlineOf, evolve, fold, resultOf, startEvents, step, type SumChaserState } from './decider.ts';
import { PredictMove, SUM_CHASER_MOVE_TYPES, SumChaserEvent, type SumChaserCommand } from './messages.ts';
import { callChance, lineFor } from './odds.ts';
import { SUM_CHASER_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import { viewFor } from './view.ts';

/** The multiplier of a game whose every call was right, for the digits `digits` (each right call is determined). */
export function allRightMultiplier(digits: readonly number[]): Ratio {
  const chances: Ratio[] = [];
  let sum = 0;
  for (const [k, digit] of digits.entries()) {
    const line = lineFor(rules.SUM_CHASER_RULE_NUMBERS, k, sum);
    chances.push(callChance(rules.SUM_CHASER_RULE_NUMBERS, sum + digit > line ? 'over' : 'under', line, sum));
    sum += digit;
  }
  return multiplierAfter(chances, rules.HOUSE_EDGE_PERCENT)!;
}

/** Every sequence of digits the game can draw. */
export const ALL_DIGIT_SEQUENCES: readonly (readonly number[])[] = Array.from(
  { length: rules.SUM_CHASER_DIGIT_VALUES ** rules.SUM_CHASER_DIGITS },
  (_, n) =>
    Array.from(
      { length: rules.SUM_CHASER_DIGITS },
      (_, k) => Math.floor(n / rules.SUM_CHASER_DIGIT_VALUES ** (rules.SUM_CHASER_DIGITS - 1 - k)) % rules.SUM_CHASER_DIGIT_VALUES,
    ),
);

/**
 * The best score Sum Chaser can give: the best all-right multiplier over every sequence of digits, counted up to
 * the shared score cap. Derived from the rules, so it follows any change to them.
 */
export const SUM_CHASER_MAX_SCORE = Math.min(
  CHANCE_SCORE_MAX,
  Math.max(...ALL_DIGIT_SEQUENCES.map((digits) => scoreFor(allRightMultiplier(digits)))),
);

/** A player's move as Sum Chaser's command; a rejection name when it is not one of its moves or is malformed. */
export function sumChaserMoveCommand(move: GameMove, playerId: string, at: string): SumChaserCommand | string {
  switch (move.type) {
    case 'predict': {
      const parsed = PredictMove.safeParse(move);
      return parsed.success ? { type: 'CallNextDigit', data: { playerId, call: parsed.data.call, at } } : 'invalid_prediction';
    }
    case 'cash_out':
      return { type: 'CashOutChase', data: { playerId, at } };
    default:
      return 'move_not_for_this_game';
  }
}

/** Sum Chaser has no options: whatever the start sends is ignored. */
export type SumChaserOptions = Record<string, never>;

export const sumChaserModule: ArcadeGameModule<SumChaserState, SumChaserEvent, SumChaserCommand, SumChaserPlay, SumChaserOptions> = {
  kind: 'arcade',
  id: 'sum-chaser',
  rules,
  costTokens: rules.SUM_CHASER_COST_TOKENS,
  dailyPlayLimit: rules.SUM_CHASER_DAILY_PLAY_LIMIT,
  ownMoves: SUM_CHASER_MOVE_TYPES,
  stream: {
    streamType: 'sum-chaser-match',
    prefix: MATCH_STREAM_PREFIX,
    events: SumChaserEvent,
    startType: 'SumChaserStarted',
    fold,
    evolve,
  },
  parseOptions: () => ({}),
  start: ({ matchId, playerId, startedAt, random }) => startEvents({ matchId, playerId, startedAt, random }),
  step,
  moveCommand: sumChaserMoveCommand,
  expireCommand: (at) => ({ type: 'ExpireSumChaser', data: { at } }),
  deadlineOf,
  resultOf,
  viewFor: (state) => viewFor(state),
  rejections: SUM_CHASER_REJECTION_TEXTS,
  leaderboard: { category: 'prediction', maxScore: SUM_CHASER_MAX_SCORE },
  texts: catalogueEntry('sum-chaser'),
};
