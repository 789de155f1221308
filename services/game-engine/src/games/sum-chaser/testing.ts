/** Test helpers for Sum Chaser: games drawn from the fixed seeds or rigged, commands by name, steps that must succeed. */
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { FIXED_SEEDS, STARTED_AT } from '../chance/testing.ts';
import { fold, startEvents, step, type SumChaserState } from './decider.ts';
import type { SumChaserCommand, SumChaserEvent } from './messages.ts';
import { SUM_CHASER_RULE_NUMBERS, type SumChaserCall } from './rules.ts';

export const PLAYER = 'player-1';
export const MATCH = 'sum-chaser.6c1f0b1e-7d0a-4a51-8e3c-4b9d2f1a7e20';

/** The digits the fixed seeds draw: three int(10) in a row. */
export const FIXED_DIGITS = [0, 0, 6];

export function drawn(seeds: FairnessSeeds = FIXED_SEEDS): SumChaserState {
  return fold(startEvents({ matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, random: fairRandom(seeds) }));
}

/** A game whose digits are exactly `digits`. */
export function rigged(digits: readonly number[]): SumChaserState {
  const rules = { ...SUM_CHASER_RULE_NUMBERS, lines: [...SUM_CHASER_RULE_NUMBERS.lines] };
  return fold([
    { type: 'SumChaserStarted', data: { matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, digits: [...digits], rules } },
  ]);
}

export const predict = (call: SumChaserCall, at: string, playerId = PLAYER): SumChaserCommand => ({
  type: 'CallNextDigit',
  data: { playerId, call, at },
});
export const cashOut = (at: string, playerId = PLAYER): SumChaserCommand => ({ type: 'CashOutChase', data: { playerId, at } });
export const expire = (at: string): SumChaserCommand => ({ type: 'ExpireSumChaser', data: { at } });

export interface Stepped {
  readonly state: SumChaserState;
  readonly events: SumChaserEvent[];
}

export function accepted(command: SumChaserCommand, state: SumChaserState): Stepped {
  const result = step(command, state);
  if (typeof result === 'string') throw new Error(`rejected: ${result}`);
  return result;
}

export const types = (stepped: Stepped): string[] => stepped.events.map((event) => event.type);
