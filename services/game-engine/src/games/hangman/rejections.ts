/** Single-player Hangman's named rejections with their HTTP status and the player's message in English and Amharic. */
import type { RejectionText } from '../module.ts';
import type { HangmanRejection } from './messages.ts';

export const HANGMAN_REJECTION_TEXTS: Readonly<Record<HangmanRejection, RejectionText>> = {
  already_guessed: { status: 409, en: 'You already guessed that letter', am: 'ይህን ፊደል አስቀድመው ገምተዋል' },
  not_a_letter_of_this_language: {
    status: 422,
    en: 'That is not a letter of this game’s language',
    am: 'ይህ የዚህ ጨዋታ ቋንቋ ፊደል አይደለም',
  },
  game_over: { status: 409, en: 'This game is over', am: 'ይህ ጨዋታ አልቋል' },
  not_your_match: { status: 403, en: 'This game belongs to another player', am: 'ይህ ጨዋታ የሌላ ተጫዋች ነው' },
  no_hints_left: { status: 422, en: 'No hints left in this game', am: 'በዚህ ጨዋታ የቀረ ፍንጭ የለም' },
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
  deadline_not_reached: { status: 409, en: 'The game’s time is not up yet', am: 'የጨዋታው ጊዜ ገና አላለቀም' },
};
