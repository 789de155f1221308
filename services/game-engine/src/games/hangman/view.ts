/**
 * What a client sees of a Hangman game. The word itself appears only once the game is over; before that a
 * letter's slot is null until its key is guessed or hinted (spaces show from the start).
 */
import { z } from 'zod';
import { HANGMAN_LANGUAGES, charactersOf } from './alphabet.ts';
import { HANGMAN_LOSS_REASONS } from './messages.ts';
import { isGame, keysOfWord, type HangmanGame, type HangmanState } from './state.ts';
import { DIFFICULTIES, WORD_CATEGORIES } from './words/categories.ts';

export const HangmanView = z.object({
  matchId: z.string(),
  status: z.enum(['playing', 'won', 'lost']),
  language: z.enum(HANGMAN_LANGUAGES),
  category: z.enum(WORD_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  /** One per character of the word: the character once revealed (or when it is not a letter), else null. */
  slots: z.array(z.string().nullable()),
  /** Keys guessed or revealed by a hint, in order. */
  guessed: z.array(z.string()),
  /** Guessed keys that are not in the word, so the keyboard can mark them. */
  missed: z.array(z.string()),
  wrongGuesses: z.number().int(),
  livesLeft: z.number().int(),
  hintsLeft: z.number().int(),
  startedAt: z.string(),
  deadline: z.string(),
  /** Only once the game is over. */
  word: z.string().optional(),
  score: z.number().int().optional(),
  tokensWon: z.number().int().optional(),
  xpWon: z.number().int().optional(),
  lossReason: z.enum(HANGMAN_LOSS_REASONS).optional(),
});
export type HangmanView = z.infer<typeof HangmanView>;

function slotsOf(game: HangmanGame): (string | null)[] {
  const characters = charactersOf(game.word);
  return keysOfWord(game).map((key, index) => (key === null || game.guessed.includes(key) ? characters[index]! : null));
}

/** The view of a game anyone may see; null before the game starts. */
export function publicView(state: HangmanState): HangmanView | null {
  if (!isGame(state)) return null;
  const view: HangmanView = {
    matchId: state.matchId,
    status: state.status,
    language: state.language,
    category: state.category,
    difficulty: state.difficulty,
    slots: slotsOf(state),
    guessed: [...state.guessed],
    missed: [...state.missed],
    wrongGuesses: state.missed.length,
    livesLeft: Math.max(0, state.lives - state.missed.length),
    hintsLeft: Math.max(0, state.hints - state.hintsUsed),
    startedAt: state.startedAt,
    deadline: state.deadline,
  };
  if (state.status === 'playing' || state.result === null) return view;
  const { score, tokensWon, xpWon, lossReason } = state.result;
  return { ...view, word: state.word, score, tokensWon, xpWon, ...(lossReason ? { lossReason } : {}) };
}

/**
 * The view for one player. Single-player Hangman hides nothing more from its player than from anyone else, so this
 * is the public view; the parameter keeps every game's view function the same shape.
 */
export function viewFor(state: HangmanState, _playerId: string): HangmanView | null {
  return publicView(state);
}
