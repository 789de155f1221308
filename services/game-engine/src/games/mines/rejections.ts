/** Mines' named rejections with their HTTP status and the player's message in English and Amharic. */
import type { RejectionText } from '../module.ts';
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import { CHANCE_REJECTIONS } from '../chance/rejections.ts';
import type { MinesRejection } from './messages.ts';
import { MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_TILES } from './rules.ts';

export const MINES_REJECTION_TEXTS: Readonly<Record<MinesRejection, RejectionText>> = {
  game_over: SHARED_GAME_REJECTIONS.game_over,
  not_your_match: SHARED_GAME_REJECTIONS.not_your_match,
  move_not_for_this_game: SHARED_GAME_REJECTIONS.move_not_for_this_game,
  deadline_not_reached: SHARED_GAME_REJECTIONS.deadline_not_reached,
  nothing_to_cash_out: CHANCE_REJECTIONS.nothing_to_cash_out,
  invalid_mine_count: {
    status: 422,
    en: `Choose from ${MINES_COUNT_MIN} to ${MINES_COUNT_MAX} mines`,
    am: `ከ${MINES_COUNT_MIN} እስከ ${MINES_COUNT_MAX} ፈንጂዎች ይምረጡ`,
  },
  tile_out_of_range: {
    status: 422,
    en: `Choose a tile of the board (0 to ${MINES_TILES - 1})`,
    am: `ከሰሌዳው ሳጥኖች አንዱን ይምረጡ (ከ0 እስከ ${MINES_TILES - 1})`,
  },
  tile_already_revealed: { status: 409, en: 'You already opened that tile', am: 'ይህን ሳጥን አስቀድመው ከፍተውታል' },
};
