/**
 * What a client sees of a Hangman game. The word itself appears only once the game is over; before that a
 * letter's slot is null until its key is guessed or hinted (spaces show from the start). The fairness commitment
 * shows from the start; the server seed and the game's draws once it is over, for the verifier.
 */
import { HangmanView } from '@qal/events';
import { fairnessView } from '../fair-chance.ts';
import { charactersOf } from './alphabet.ts';
import { isGame, keysLeftToFind, keysOfWord, type HangmanGame, type HangmanState } from './state.ts';

/** The schema is the client contract (@qal/events contracts/hangman.ts); this file builds it from the state. */
export { HangmanView };

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
    ...(state.status === 'playing' ? { lastLetterLeft: keysLeftToFind(state).length === 1 } : {}),
    startedAt: state.startedAt,
    deadline: state.deadline,
    fairness: fairnessView(state.chance, state.status !== 'playing'),
  };
  if (state.status === 'playing' || state.result === null) return view;
  const { score, tokensWon, xpWon, lossReason } = state.result;
  const draws =
    state.wordDraw && view.fairness ? { draws: { word: { ...state.wordDraw }, hints: state.hintDraws.map((d) => ({ ...d })) } } : {};
  return { ...view, word: state.word, score, tokensWon, xpWon, ...(lossReason ? { lossReason } : {}), ...draws };
}

/**
 * The view for one player. Single-player Hangman hides nothing more from its player than from anyone else, so this
 * is the public view; the parameter keeps every game's view function the same shape.
 */
export function viewFor(state: HangmanState, _playerId: string): HangmanView | null {
  return publicView(state);
}
