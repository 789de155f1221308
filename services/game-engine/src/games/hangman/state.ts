/** Hangman's state: what evolve() folds the events into. It holds the word and the seeds, so it never leaves the server. */
import type { FairDraw } from '@qal/events';
import type { MatchChance } from '../fair-chance.ts';
import type { HangmanLanguage } from './alphabet.ts';
import { charactersOf, keyOfCharacter, keysOf } from './alphabet.ts';
import type { Difficulty, WordCategory } from './words/categories.ts';

export interface HangmanResult {
  readonly at: string;
  readonly score: number;
  readonly tokensWon: number;
  readonly xpWon: number;
  /** Why a lost game ended; absent when won. */
  readonly lossReason?: 'lives' | 'time';
}

export interface HangmanGame {
  readonly status: 'playing' | 'won' | 'lost';
  readonly matchId: string;
  readonly playerId: string;
  readonly language: HangmanLanguage;
  readonly category: WordCategory;
  readonly difficulty: Difficulty;
  readonly word: string;
  /** The game's fair stream: its seeds (secret until the end) and how far the word and the hints have drawn. */
  readonly chance: MatchChance;
  /** The word's draw among the candidate words; null in a game started before the fairness module. */
  readonly wordDraw: FairDraw | null;
  /** Each hint's draw, in order (hints of a game from before the fairness module have none). */
  readonly hintDraws: readonly FairDraw[];
  readonly startedAt: string;
  readonly deadline: string;
  readonly lives: number;
  readonly hints: number;
  /** Keys guessed or revealed by a hint, in order. */
  readonly guessed: readonly string[];
  /** Guessed keys that are not in the word, in order. */
  readonly missed: readonly string[];
  readonly hintsUsed: number;
  readonly result: HangmanResult | null;
}

export type HangmanState = { readonly status: 'not_started' } | HangmanGame;

/** The state of a match before its HangmanStarted event: what evolve() folds from. */
export const NOT_STARTED: HangmanState = { status: 'not_started' };

export const isGame = (state: HangmanState): state is HangmanGame => state.status !== 'not_started';

/** The key of each character of the word (null for a space), one entry per character. */
export const keysOfWord = (game: Pick<HangmanGame, 'language' | 'word'>): (string | null)[] =>
  charactersOf(game.word).map((character) => keyOfCharacter(game.language, character));

/** Positions of the characters `key` reveals. */
export const positionsOf = (game: Pick<HangmanGame, 'language' | 'word'>, key: string): number[] =>
  keysOfWord(game).flatMap((k, index) => (k === key ? [index] : []));

/** The keys of the word not yet guessed or hinted, in keyboard order: what is left to find. */
export const keysLeftToFind = (game: HangmanGame): string[] => {
  const inWord = new Set(keysOfWord(game));
  return keysOf(game.language).filter((key) => inWord.has(key) && !game.guessed.includes(key));
};

/** True once every letter of the word has been guessed or hinted. */
export const isWordRevealed = (game: HangmanGame): boolean => keysOfWord(game).every((key) => key === null || game.guessed.includes(key));
