/** Mines, a game of chance of the arcade: the registry's entry (rules: rules.ts). */
import { MATCH_STREAM_PREFIX, type GameMove, type MinesPlay } from '@qal/events';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import { CHANCE_SCORE_MAX, scoreFor } from '../chance/payout.ts';
import type { ArcadeGameModule } from '../module.ts';
import { minesMultiplier } from './board.ts';
import { deadlineOf, fold, evolve, resultOf, startEvents, step, type MinesState } from './decider.ts';
import { MINES_MOVE_TYPES, MinesEvent, MinesOptions, RevealMove, type MinesCommand } from './messages.ts';
import { MINES_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import { viewFor } from './view.ts';

/**
 * The best score Mines can give: the best multiplier of any board cleared (C(25, m) × 97 %, at most at 12 or 13
 * mines), counted up to the shared score cap. Derived from the formula, so it follows any change to it.
 */
export const MINES_MAX_SCORE = Math.min(
  CHANCE_SCORE_MAX,
  Math.max(
    ...Array.from({ length: rules.MINES_COUNT_MAX }, (_, k) => {
      const mines = k + 1;
      const multiplier = minesMultiplier(rules.MINES_TILES, mines, rules.MINES_TILES - mines, rules.HOUSE_EDGE_PERCENT);
      return multiplier === null ? 0 : scoreFor(multiplier);
    }),
  ),
);

/** A player's move as Mines' command; a rejection name when it is not one of Mines' moves or is malformed. */
export function minesMoveCommand(move: GameMove, playerId: string, at: string): MinesCommand | string {
  switch (move.type) {
    case 'reveal': {
      const parsed = RevealMove.safeParse(move);
      return parsed.success ? { type: 'RevealTile', data: { playerId, tile: parsed.data.tile, at } } : 'tile_out_of_range';
    }
    case 'cash_out':
      return { type: 'CashOut', data: { playerId, at } };
    default:
      return 'move_not_for_this_game';
  }
}

export function parseMinesOptions(input: unknown): MinesOptions | string {
  const parsed = MinesOptions.safeParse(input ?? {});
  return parsed.success ? parsed.data : 'invalid_mine_count';
}

export const minesModule: ArcadeGameModule<MinesState, MinesEvent, MinesCommand, MinesPlay, MinesOptions> = {
  kind: 'arcade',
  id: 'mines',
  rules,
  costTokens: rules.MINES_COST_TOKENS,
  dailyPlayLimit: rules.MINES_DAILY_PLAY_LIMIT,
  ownMoves: MINES_MOVE_TYPES,
  stream: { streamType: 'mines-match', prefix: MATCH_STREAM_PREFIX, events: MinesEvent, startType: 'MinesStarted', fold, evolve },
  parseOptions: parseMinesOptions,
  start: ({ matchId, playerId, startedAt, options, random }) => startEvents({ matchId, playerId, startedAt, mines: options.mines, random }),
  step,
  moveCommand: minesMoveCommand,
  expireCommand: (at) => ({ type: 'ExpireMines', data: { at } }),
  deadlineOf,
  resultOf,
  viewFor: (state) => viewFor(state),
  rejections: MINES_REJECTION_TEXTS,
  leaderboard: { category: 'mines', maxScore: MINES_MAX_SCORE },
  texts: catalogueEntry('mines'),
};
