/**
 * Hangman as a pure decider: initialState() draws the word from the game's provably fair stream, decide() turns a
 * command into events or a named rejection, evolve() folds events into state. No clock: every command carries its
 * time, and a move at or after the deadline ends the game as lost instead of applying. No chance of its own: the
 * word is the stream's first draw, each hint the next one (games/fair-chance.ts, docs/fairness.md).
 */
import { HANGMAN_HINTS, HANGMAN_LIVES, HANGMAN_TIME_LIMIT_MS } from '../../config.ts';
import { tokensForScore, xpForScore } from '../../catalogue/rewards.ts';
import { isHangmanLanguage, keyOfGuess, letterCount, type HangmanLanguage } from './alphabet.ts';
import type {
  ExpireHangman,
  GuessLetter,
  HangmanCommand,
  HangmanEvent,
  HangmanRejection,
  HangmanWon,
  StartHangman,
  UseHint,
} from './messages.ts';
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { afterDraw, chanceOfStart, drawFrom, pickDrawn } from '../fair-chance.ts';
import { scoreOf } from './scoring.ts';
import { NOT_STARTED, isGame, isWordRevealed, keysLeftToFind, positionsOf, type HangmanGame, type HangmanState } from './state.ts';
import { isDifficulty, isWordCategory } from './words/categories.ts';
import { wordsFor, type WordEntry } from './words/word-bank.ts';

export type HangmanConfig = Omit<StartHangman['data'], 'fairness'>;
export type HangmanSelection = Pick<HangmanConfig, 'language' | 'category' | 'difficulty'>;

/**
 * The words a game of this selection draws from, in the bank's order: the language's words of the asked category
 * and difficulty (either may be left out, then any); or why there is no such game.
 */
export function candidateWords(selection: HangmanSelection): { language: HangmanLanguage; words: readonly WordEntry[] } | HangmanRejection {
  const { language, category, difficulty } = selection;
  if (!isHangmanLanguage(language)) return 'unknown_language';
  if (category !== undefined && !isWordCategory(category)) return 'unknown_category';
  if (difficulty !== undefined && !isDifficulty(difficulty)) return 'unknown_difficulty';
  const words = wordsFor(language, { category, difficulty });
  return words.length === 0 ? 'no_words_for_selection' : { language, words };
}

/**
 * The game a StartHangman would open: the word is the first draw of the game's stream, `pick`ed from the candidate
 * words (candidateWords); the draw is kept so the view can show it at the end.
 */
export function initialState(config: HangmanConfig, fairness: FairnessSeeds): HangmanGame | HangmanRejection {
  const candidates = candidateWords(config);
  if (typeof candidates === 'string') return candidates;
  const random = fairRandom(fairness);
  const { item: entry, draw } = pickDrawn(random, candidates.words);
  return {
    status: 'playing',
    matchId: config.matchId,
    playerId: config.playerId,
    language: candidates.language,
    category: entry.category,
    difficulty: entry.difficulty,
    word: entry.word,
    chance: chanceOfStart({ fairness, bytesUsed: random.bytesUsed }),
    wordDraw: draw,
    hintDraws: [],
    startedAt: config.startedAt,
    deadline: new Date(Date.parse(config.startedAt) + HANGMAN_TIME_LIMIT_MS).toISOString(),
    lives: HANGMAN_LIVES,
    hints: HANGMAN_HINTS,
    guessed: [],
    missed: [],
    hintsUsed: 0,
    result: null,
  };
}

export function decide(command: HangmanCommand, state: HangmanState): HangmanEvent[] | HangmanRejection {
  switch (command.type) {
    case 'StartHangman':
      return start(command, state);
    case 'GuessLetter':
      return guess(command, state);
    case 'UseHint':
      return hint(command, state);
    case 'ExpireHangman':
      return expire(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export function evolve(state: HangmanState, event: HangmanEvent): HangmanState {
  if (event.type === 'HangmanStarted') {
    if (isGame(state)) return state;
    const { fairness, bytesUsed, seed, wordDraw, ...data } = event.data;
    return {
      status: 'playing',
      ...data,
      chance: chanceOfStart({ fairness, bytesUsed, seed }),
      wordDraw: wordDraw ?? null,
      hintDraws: [],
      guessed: [],
      missed: [],
      hintsUsed: 0,
      result: null,
    };
  }
  if (!isGame(state)) return state;
  switch (event.type) {
    case 'LetterGuessed':
      return {
        ...state,
        guessed: [...state.guessed, event.data.letter],
        missed: event.data.hit ? state.missed : [...state.missed, event.data.letter],
      };
    case 'HintUsed': {
      const { letter, draw, bytesUsed } = event.data;
      return {
        ...state,
        guessed: [...state.guessed, letter],
        hintsUsed: state.hintsUsed + 1,
        chance: afterDraw(state.chance, bytesUsed),
        hintDraws: draw ? [...state.hintDraws, draw] : state.hintDraws,
      };
    }
    case 'HangmanWon': {
      const { at, score, tokensWon, xpWon } = event.data;
      return { ...state, status: 'won', result: { at, score, tokensWon, xpWon } };
    }
    case 'HangmanLost':
      return {
        ...state,
        status: 'lost',
        result: { at: event.data.at, score: 0, tokensWon: 0, xpWon: 0, lossReason: event.data.reason },
      };
  }
}

/** Folds a whole stream, e.g. when a match is loaded. */
export const replay = (events: readonly HangmanEvent[]): HangmanState => events.reduce(evolve, NOT_STARTED);

// Commands -------------------------------------------------------------------------------------------------------

function start(command: StartHangman, state: HangmanState): HangmanEvent[] | HangmanRejection {
  if (isGame(state)) return 'already_started';
  const { fairness, ...config } = command.data;
  const game = initialState(config, fairness);
  if (typeof game === 'string') return game;
  const { matchId, playerId, language, category, difficulty, word, chance, wordDraw, startedAt, deadline, lives, hints } = game;
  const { bytesUsed } = chance;
  return [
    {
      type: 'HangmanStarted',
      data: {
        matchId,
        playerId,
        language,
        category,
        difficulty,
        word,
        fairness,
        wordDraw: wordDraw!,
        bytesUsed,
        startedAt,
        deadline,
        lives,
        hints,
      },
    },
  ];
}

type MoveCheck =
  { readonly ok: true; readonly game: HangmanGame } | { readonly ok: false; readonly outcome: HangmanEvent[] | HangmanRejection };

/** The checks every move shares: the mover's own match, still playing, and still in time. */
function checkMove(data: { matchId: string; playerId: string; at: string }, state: HangmanState): MoveCheck {
  if (!isGame(state)) return { ok: false, outcome: 'not_started' };
  if (data.matchId !== state.matchId || data.playerId !== state.playerId) return { ok: false, outcome: 'not_your_match' };
  if (state.status !== 'playing') return { ok: false, outcome: 'game_over' };
  if (isPastDeadline(state, data.at)) return { ok: false, outcome: [lostOnTime(data.at)] };
  return { ok: true, game: state };
}

function guess(command: GuessLetter, state: HangmanState): HangmanEvent[] | HangmanRejection {
  const checked = checkMove(command.data, state);
  if (!checked.ok) return checked.outcome;
  const { game } = checked;
  const { at } = command.data;
  const letter = keyOfGuess(game.language, command.data.letter);
  if (letter === null) return 'not_a_letter_of_this_language';
  if (game.guessed.includes(letter)) return 'already_guessed';
  const revealedPositions = positionsOf(game, letter);
  const guessed: HangmanEvent = {
    type: 'LetterGuessed',
    data: { letter, hit: revealedPositions.length > 0, revealedPositions, at },
  };
  const after = evolve(game, guessed) as HangmanGame;
  if (isWordRevealed(after)) return [guessed, won(after, at)];
  if (after.missed.length >= after.lives) return [guessed, { type: 'HangmanLost', data: { at, reason: 'lives' } }];
  return [guessed];
}

/**
 * A hint reveals one letter of the word not yet guessed, `pick`ed by the game's stream where it had got to among the
 * word's letters not yet shown (in keyboard order), and costs points at the end. It never reveals the last one: hints
 * alone would solve a short word (two fidel, two hints), so the last letter is always the player's to find.
 */
function hint(command: UseHint, state: HangmanState): HangmanEvent[] | HangmanRejection {
  const checked = checkMove(command.data, state);
  if (!checked.ok) return checked.outcome;
  const { game } = checked;
  const { at } = command.data;
  if (game.hintsUsed >= game.hints) return 'no_hints_left';
  const candidates = keysLeftToFind(game);
  if (candidates.length <= 1) return 'hint_would_reveal_word';
  const { value, bytesUsed } = drawFrom(game.chance, (random) => pickDrawn(random, candidates));
  const { item: letter, draw } = value;
  return [{ type: 'HintUsed', data: { letter, revealedPositions: positionsOf(game, letter), at, draw, bytesUsed } }];
}

function expire(command: ExpireHangman, state: HangmanState): HangmanEvent[] | HangmanRejection {
  if (!isGame(state)) return 'not_started';
  if (command.data.matchId !== state.matchId) return 'not_your_match';
  if (state.status !== 'playing') return 'game_over';
  if (!isPastDeadline(state, command.data.at)) return 'deadline_not_reached';
  return [lostOnTime(command.data.at)];
}

// Helpers ---------------------------------------------------------------------------------------------------------

const isPastDeadline = (game: HangmanGame, at: string): boolean => Date.parse(at) >= Date.parse(game.deadline);

const lostOnTime = (at: string): HangmanEvent => ({ type: 'HangmanLost', data: { at, reason: 'time' } });

function won(game: HangmanGame, at: string): HangmanWon {
  const elapsedMs = Math.max(0, Date.parse(at) - Date.parse(game.startedAt));
  const timeLimitMs = Date.parse(game.deadline) - Date.parse(game.startedAt);
  const score = scoreOf({
    won: true,
    language: game.language,
    letters: letterCount(game.language, game.word),
    wrongGuesses: game.missed.length,
    hintsUsed: game.hintsUsed,
    elapsedMs,
    timeLimitMs,
  });
  return { type: 'HangmanWon', data: { at, elapsedMs, score, tokensWon: tokensForScore(score), xpWon: xpForScore(score) } };
}
