/** Rapid Recall's named rejections with their HTTP status and the player's message in English and Amharic. */
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { RejectionText } from '../module.ts';
import type { RapidRecallRejection } from './messages.ts';

export const RAPID_RECALL_REJECTION_TEXTS: Readonly<Record<RapidRecallRejection, RejectionText>> = {
  game_over: SHARED_GAME_REJECTIONS.game_over,
  not_your_match: SHARED_GAME_REJECTIONS.not_your_match,
  deadline_not_reached: SHARED_GAME_REJECTIONS.deadline_not_reached,
  move_not_for_this_game: SHARED_GAME_REJECTIONS.move_not_for_this_game,
  invalid_options: { status: 400, en: 'The game’s options are not valid', am: 'የጨዋታው ምርጫዎች ትክክል አይደሉም' },
  unknown_kind: {
    status: 400,
    en: 'There is no such kind: choose colours, digits, fidel or mixed',
    am: 'እንደዚህ ያለ ዓይነት የለም፤ ቀለሞች፣ አሃዞች፣ ፊደላት ወይም ድብልቅ ይምረጡ',
  },
  invalid_recall_move: {
    status: 400,
    en: 'An answer must name its round and list the items',
    am: 'መልሱ ዙሩን መጥቀስና ምልክቶቹን መዘርዘር አለበት',
  },
  still_showing: { status: 409, en: 'Wait until the whole sequence has been shown', am: 'ቅደም ተከተሉ ሙሉ በሙሉ እስኪታይ ድረስ ይጠብቁ' },
  not_current_round: { status: 409, en: 'That is not the round being played now', am: 'ይህ አሁን እየተጫወቱት ያለው ዙር አይደለም' },
  unknown_item: { status: 422, en: 'That item is not in this game', am: 'ይህ ምልክት በዚህ ጨዋታ ውስጥ የለም' },
  wrong_length: { status: 422, en: 'Send as many items as the sequence has', am: 'ቅደም ተከተሉ ያለውን ያህል ምልክቶች ይላኩ' },
  round_time_up: { status: 409, en: 'The time for this round is up', am: 'የዚህ ዙር ጊዜ አልቋል' },
};
