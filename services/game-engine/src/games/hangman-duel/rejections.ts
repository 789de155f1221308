/** The word duel's named rejections with their HTTP status and the player's message in English and Amharic. */
import type { RejectionText } from '../module.ts';
import type { DuelRejection } from './messages.ts';

export const DUEL_REJECTION_TEXTS: Readonly<Record<DuelRejection, RejectionText>> = {
  not_your_match: { status: 403, en: 'This game belongs to another player', am: 'ይህ ጨዋታ የሌላ ተጫዋች ነው' },
  game_over: { status: 409, en: 'This game is over', am: 'ይህ ጨዋታ አልቋል' },
  not_your_turn: { status: 409, en: 'It is not your turn', am: 'ተራው የእርስዎ አይደለም' },
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
  already_guessed: { status: 409, en: 'You already guessed that letter', am: 'ይህን ፊደል አስቀድመው ገምተዋል' },
  not_a_letter_of_this_language: {
    status: 422,
    en: 'That is not a letter of this game’s language',
    am: 'ይህ የዚህ ጨዋታ ቋንቋ ፊደል አይደለም',
  },
  deadline_not_reached: { status: 409, en: 'The game’s time is not up yet', am: 'የጨዋታው ጊዜ ገና አላለቀም' },
};
