/** The rejections several games share, worded once: each game's own table adds to these. */
import type { RejectionText } from './module.ts';

export const SHARED_GAME_REJECTIONS = {
  game_over: { status: 409, en: 'This game is over', am: 'ይህ ጨዋታ አልቋል' },
  not_your_match: { status: 403, en: 'This game belongs to another player', am: 'ይህ ጨዋታ የሌላ ተጫዋች ነው' },
  not_your_turn: { status: 409, en: 'It is not your turn', am: 'ተራው የእርስዎ አይደለም' },
  deadline_not_reached: { status: 409, en: 'The game’s time is not up yet', am: 'የጨዋታው ጊዜ ገና አላለቀም' },
  move_not_for_this_game: { status: 400, en: 'That move is not part of this game', am: 'ይህ እንቅስቃሴ የዚህ ጨዋታ አይደለም' },
} as const satisfies Record<string, RejectionText>;

/** Hangman's letter rejections, the same alone and in the word duel. */
export const LETTER_REJECTIONS = {
  already_guessed: { status: 409, en: 'You already guessed that letter', am: 'ይህን ፊደል አስቀድመው ገምተዋል' },
  not_a_letter_of_this_language: {
    status: 422,
    en: 'That is not a letter of this game’s language',
    am: 'ይህ የዚህ ጨዋታ ቋንቋ ፊደል አይደለም',
  },
} as const satisfies Record<string, RejectionText>;
