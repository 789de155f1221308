/** Single-player Hangman: the registry's entry (docs/product-rules.md, Hangman). Its paid start is service/handlers.ts. */
import { isListedMove } from '@qal/events';
import { HANGMAN_COST_TOKENS, HANGMAN_DAILY_PLAY_LIMIT, HANGMAN_WORD_LENGTH_MAX } from '../../config.ts';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import type { SoloGameModule } from '../module.ts';
import { HANGMAN_LANGUAGES } from './alphabet.ts';
import { decide, evolve } from './decider.ts';
import type { HangmanCommand, HangmanEvent } from './messages.ts';
import { HANGMAN_REJECTION_TEXTS } from './rejections.ts';
import { scoreOf } from './scoring.ts';
import type { HangmanState } from './state.ts';
import { viewFor, type HangmanView } from './view.ts';

/**
 * The best score a game can give: a perfect game won at once on the longest word the bank may hold, in whichever
 * language scores more. Derived from the scoring formula, so it follows any change to it.
 */
export const HANGMAN_MAX_SCORE = Math.max(
  ...HANGMAN_LANGUAGES.map((language) =>
    scoreOf({ won: true, language, letters: HANGMAN_WORD_LENGTH_MAX[language], wrongGuesses: 0, hintsUsed: 0, elapsedMs: 0 }),
  ),
);

export const hangmanModule: SoloGameModule<HangmanState, HangmanEvent, HangmanCommand, HangmanView | null> = {
  kind: 'solo',
  id: 'hangman',
  rules: { HANGMAN_COST_TOKENS, HANGMAN_DAILY_PLAY_LIMIT, HANGMAN_WORD_LENGTH_MAX },
  costTokens: HANGMAN_COST_TOKENS,
  dailyPlayLimit: HANGMAN_DAILY_PLAY_LIMIT,
  moveCommand(move, matchId, playerId, at) {
    if (!isListedMove(move)) return 'move_not_for_this_game';
    switch (move.type) {
      case 'guess':
        return { type: 'GuessLetter', data: { matchId, playerId, letter: move.letter, at } };
      case 'hint':
        return { type: 'UseHint', data: { matchId, playerId, at } };
      case 'set_word':
        return 'not_the_setter';
      default:
        return 'move_not_for_this_game';
    }
  },
  decide,
  evolve,
  viewFor: (state, viewerId) => (viewerId ? viewFor(state, viewerId) : null),
  rejections: HANGMAN_REJECTION_TEXTS,
  texts: catalogueEntry('hangman'),
  leaderboard: { category: 'word', maxScore: HANGMAN_MAX_SCORE },
};
