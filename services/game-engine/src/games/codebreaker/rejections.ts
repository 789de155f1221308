/** Codebreaker's named rejections: the HTTP status and the player's message in English and Amharic. */
import type { RejectionText } from '../module.ts';
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { CodebreakerRejection } from './messages.ts';

export const CODEBREAKER_REJECTION_TEXTS: Readonly<Record<CodebreakerRejection, RejectionText>> = {
  game_over: SHARED_GAME_REJECTIONS.game_over,
  not_your_match: SHARED_GAME_REJECTIONS.not_your_match,
  deadline_not_reached: SHARED_GAME_REJECTIONS.deadline_not_reached,
  move_not_for_this_game: SHARED_GAME_REJECTIONS.move_not_for_this_game,
  guess_not_digits: { status: 422, en: 'A guess is made of the digits 0 to 9 only', am: 'ግምት ከ0 እስከ 9 ያሉ አሃዞችን ብቻ መያዝ አለበት' },
  guess_wrong_length: {
    status: 422,
    en: 'Your guess must have as many digits as the code',
    am: 'ግምትዎ እንደ ኮዱ ያህል አሃዞች ሊኖሩት ይገባል',
  },
  no_hints_left: { status: 422, en: 'No hints left in this game', am: 'በዚህ ጨዋታ የቀረ ፍንጭ የለም' },
  time_up: { status: 409, en: 'Time is up for this game', am: 'የዚህ ጨዋታ ጊዜ አልቋል' },
  unknown_level: { status: 400, en: 'There is no such level', am: 'እንደዚህ ያለ ደረጃ የለም' },
  options_not_valid: { status: 400, en: 'Those game options are not valid', am: 'እነዚህ የጨዋታ አማራጮች ትክክል አይደሉም' },
};
