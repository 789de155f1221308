/** Test helpers for Mines: boards drawn from the fixed seeds or rigged, commands by name, steps that must succeed. */
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { FIXED_SEEDS, STARTED_AT } from '../chance/testing.ts';
import { fold, startEvents, step, type MinesState } from './decider.ts';
import type { MinesCommand, MinesEvent } from './messages.ts';
import { MINES_RULE_NUMBERS } from './rules.ts';

export const PLAYER = 'player-1';
export const MATCH = 'mines.0b7c1c52-5d1e-4c57-9a0e-2f8f0a6f3b11';

/** The board the fixed seeds draw with 3 mines: the first 3 tiles of shuffle([0 … 24]). */
export const FIXED_MINES_3 = [18, 15, 0];

/** A game drawn from `seeds` with `mines` mines. */
export function drawn(mines = 3, seeds: FairnessSeeds = FIXED_SEEDS): MinesState {
  return fold(startEvents({ matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, mines, random: fairRandom(seeds) }));
}

/** A game whose mines are exactly `mines`. */
export function rigged(mines: readonly number[]): MinesState {
  return fold([
    {
      type: 'MinesStarted',
      data: { matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, mines: [...mines], rules: { ...MINES_RULE_NUMBERS } },
    },
  ]);
}

export const reveal = (tile: number, at: string, playerId = PLAYER): MinesCommand => ({ type: 'RevealTile', data: { playerId, tile, at } });
export const cashOut = (at: string, playerId = PLAYER): MinesCommand => ({ type: 'CashOut', data: { playerId, at } });
export const expire = (at: string): MinesCommand => ({ type: 'ExpireMines', data: { at } });

export interface Stepped {
  readonly state: MinesState;
  readonly events: MinesEvent[];
}

/** Steps a command that must be accepted. */
export function accepted(command: MinesCommand, state: MinesState): Stepped {
  const result = step(command, state);
  if (typeof result === 'string') throw new Error(`rejected: ${result}`);
  return result;
}

/** The event types of a step. */
export const types = (stepped: Stepped): string[] => stepped.events.map((event) => event.type);
