/** What the player sees of a Mines game (contracts/arcade/mines.ts): never a mine before the end (rules.ts decision 8). */
import type { MinesPlay } from '@qal/events';
import { REWARD_TOKENS_MAX } from '../../config.ts';
import { multiplierIfGood, tokensFor, valueOf } from '../chance/payout.ts';
import { safeChance } from './board.ts';
import { isOver, multiplierOf, safeTilesLeft, type MinesState } from './decider.ts';
import { MINES_GRID_SIDE } from './rules.ts';

export function viewFor(state: MinesState): MinesPlay {
  const { rules, end } = state;
  const multiplier = multiplierOf(state);
  const over = isOver(state);
  const chance = safeChance(rules.tiles, state.mines.length, state.revealed.length);
  const nextMultiplier = over || safeTilesLeft(state) === 0 ? null : multiplierIfGood(multiplier, chance, rules.houseEdgePercent);
  return {
    gridSide: MINES_GRID_SIDE,
    tiles: rules.tiles,
    mines: state.mines.length,
    revealed: [...state.revealed],
    safeTilesLeft: safeTilesLeft(state),
    multiplier: multiplier === null ? null : valueOf(multiplier),
    cashOutTokens: multiplier === null ? 0 : tokensFor(rules.costTokens, multiplier),
    canCashOut: !over && multiplier !== null,
    next:
      nextMultiplier === null
        ? null
        : { safeChance: valueOf(chance), multiplier: valueOf(nextMultiplier), cashOutTokens: tokensFor(rules.costTokens, nextMultiplier) },
    costTokens: rules.costTokens,
    houseEdgePercent: rules.houseEdgePercent,
    tokensMax: REWARD_TOKENS_MAX,
    end: end === null ? null : { reason: end.reason, at: end.at },
    hitTile: end?.reason === 'mine_hit' ? end.tile : null,
    minePositions: over ? [...state.mines] : null,
  };
}
