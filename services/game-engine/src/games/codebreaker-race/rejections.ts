import { CODEBREAKER_REJECTION_TEXTS } from '../codebreaker/rejections.ts';
import { DUEL_REJECTION_TEXTS } from '../hangman-duel/rejections.ts';
import type { RejectionText } from '../module.ts';
import type { CodeRaceRejection } from './messages.ts';

type OwnRejection = Exclude<CodeRaceRejection, 'game_over' | 'move_not_for_this_game' | 'deadline_not_reached'>;

/**
 * The race's own rejections. A name other games use keeps their words (the gateway has one table for every game):
 * a guess's shape as in Codebreaker alone, a room's hints as in the word duel.
 */
export const CODE_RACE_REJECTION_TEXTS: Readonly<Record<OwnRejection, RejectionText>> = {
  not_in_race: { status: 403, en: 'You are not in this race', am: 'በዚህ ውድድር ውስጥ የሉም' },
  already_finished: { status: 409, en: 'You have finished this race', am: 'ይህን ውድድር ጨርሰዋል' },
  guess_wrong_length: CODEBREAKER_REJECTION_TEXTS.guess_wrong_length,
  guess_not_digits: CODEBREAKER_REJECTION_TEXTS.guess_not_digits,
  time_up: CODEBREAKER_REJECTION_TEXTS.time_up,
  no_room_hints_left: DUEL_REJECTION_TEXTS.no_room_hints_left,
};
