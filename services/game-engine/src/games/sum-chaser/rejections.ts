/** Sum Chaser's named rejections with their HTTP status and the player's message in English and Amharic. */
import type { RejectionText } from '../module.ts';
import { CHANCE_REJECTIONS } from '../chance/rejections.ts';
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { SumChaserRejection } from './messages.ts';

export const SUM_CHASER_REJECTION_TEXTS: Readonly<Record<SumChaserRejection, RejectionText>> = {
  game_over: SHARED_GAME_REJECTIONS.game_over,
  not_your_match: SHARED_GAME_REJECTIONS.not_your_match,
  move_not_for_this_game: SHARED_GAME_REJECTIONS.move_not_for_this_game,
  deadline_not_reached: SHARED_GAME_REJECTIONS.deadline_not_reached,
  nothing_to_cash_out: CHANCE_REJECTIONS.nothing_to_cash_out,
  invalid_prediction: { status: 422, en: 'Call "over" or "under"', am: '«በላይ» ወይም «በታች» ብለው ይገምቱ' },
};
