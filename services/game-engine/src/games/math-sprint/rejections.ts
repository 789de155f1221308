/** Math Sprint's named rejections with their HTTP status and the player's message in English and Amharic. */
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { RejectionText } from '../module.ts';
import type { MathSprintRejection } from './messages.ts';

export const MATH_SPRINT_REJECTION_TEXTS: Readonly<Record<MathSprintRejection, RejectionText>> = {
  game_over: SHARED_GAME_REJECTIONS.game_over,
  not_your_match: SHARED_GAME_REJECTIONS.not_your_match,
  deadline_not_reached: SHARED_GAME_REJECTIONS.deadline_not_reached,
  move_not_for_this_game: SHARED_GAME_REJECTIONS.move_not_for_this_game,
  invalid_options: { status: 400, en: 'The game’s options are not valid', am: 'የጨዋታው ምርጫዎች ትክክል አይደሉም' },
  unknown_level: {
    status: 400,
    en: 'There is no such level: choose easy, medium or hard',
    am: 'እንደዚህ ያለ ደረጃ የለም፤ ቀላል፣ መካከለኛ ወይም ከባድ ይምረጡ',
  },
  invalid_answer_move: { status: 400, en: 'An answer must name the problem it answers', am: 'መልሱ የሚመልሰውን ጥያቄ መጥቀስ አለበት' },
  answer_not_a_number: { status: 422, en: 'Your answer must be a number', am: 'መልስዎ ቁጥር መሆን አለበት' },
  answer_not_whole: { status: 422, en: 'Your answer must be a whole number', am: 'መልስዎ ሙሉ ቁጥር መሆን አለበት' },
  not_current_problem: { status: 409, en: 'That is not the problem being asked now', am: 'ይህ አሁን የቀረበው ጥያቄ አይደለም' },
  time_up: { status: 409, en: 'Time is up: the game is over', am: 'ጊዜው አልቋል፤ ጨዋታው ተጠናቋል' },
};
