/** Single-player Hangman's named rejections with their HTTP status and the player's message in English and Amharic. */
import { LETTER_REJECTIONS, SHARED_GAME_REJECTIONS } from '../rejections.ts';
import type { RejectionText } from '../module.ts';
import type { HangmanRejection } from './messages.ts';

export const HANGMAN_REJECTION_TEXTS: Readonly<Record<HangmanRejection, RejectionText>> = {
  ...SHARED_GAME_REJECTIONS,
  ...LETTER_REJECTIONS,
  no_hints_left: { status: 422, en: 'No hints left in this game', am: 'በዚህ ጨዋታ የቀረ ፍንጭ የለም' },
  hint_would_reveal_word: {
    status: 422,
    en: 'A hint would give the word away: the last letter is yours to find',
    am: 'ፍንጭ ቃሉን ሙሉ በሙሉ ይገልጠዋል፤ የመጨረሻውን ፊደል እርስዎ ይገምቱ',
  },
  unknown_category: { status: 400, en: 'There is no such word category', am: 'እንደዚህ ያለ የቃላት ምድብ የለም' },
  unknown_language: { status: 400, en: 'This game is not available in that language', am: 'ይህ ጨዋታ በዚያ ቋንቋ አይገኝም' },
  unknown_difficulty: { status: 400, en: 'There is no such difficulty level', am: 'እንደዚህ ያለ የክብደት ደረጃ የለም' },
  no_words_for_selection: {
    status: 422,
    en: 'There are no words for that choice. Try another category or difficulty',
    am: 'ለዚህ ምርጫ ቃላት የሉም። ሌላ ምድብ ወይም የክብደት ደረጃ ይሞክሩ',
  },
  already_started: { status: 409, en: 'This game has already started', am: 'ይህ ጨዋታ አስቀድሞ ተጀምሯል' },
  not_started: { status: 409, en: 'This game has not started yet', am: 'ይህ ጨዋታ ገና አልተጀመረም' },
};
