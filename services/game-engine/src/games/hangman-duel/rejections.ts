/** The word duel's named rejections with their HTTP status and the player's message in English and Amharic. */
import { LETTER_REJECTIONS, SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { RejectionText } from '../module.ts';
import type { DuelRejection } from './messages.ts';

export const DUEL_REJECTION_TEXTS: Readonly<Record<DuelRejection, RejectionText>> = {
  ...SHARED_GAME_REJECTIONS,
  ...LETTER_REJECTIONS,
  not_the_setter: {
    status: 403,
    en: 'Only this round’s word setter can set the word',
    am: 'ቃሉን ማስገባት የሚችለው የዚህ ዙር ቃል አስገቢ ብቻ ነው',
  },
  not_setting_phase: { status: 409, en: 'The word for this round is already set', am: 'የዚህ ዙር ቃል አስቀድሞ ገብቷል' },
  not_guessing_phase: { status: 409, en: 'Wait until the word is set', am: 'ቃሉ እስኪገባ ድረስ ይጠብቁ' },
  invalid_word: { status: 422, en: 'Invalid Word', am: 'ትክክለኛ ቃል አይደለም' },
  duplicate_word: { status: 409, en: 'Duplicate Word', am: 'ይህ ቃል በዚህ ጨዋታ ቀደም ብሎ ተሰጥቷል' },
  no_room_hints_left: { status: 422, en: 'No more hints available for this room', am: 'ለዚህ ክፍል ተጨማሪ ፍንጭ የለም' },
};
