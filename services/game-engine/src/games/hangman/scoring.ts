/** Hangman's score (docs/product-rules.md, "Hangman (single-player)"), computed in exact integers: m is kept in tenths. */
import {
  HANGMAN_AMHARIC_LENGTH_OFFSET,
  HANGMAN_HINT_COST_POINTS,
  HANGMAN_MULTIPLIER_TENTHS_BY_LENGTH,
  HANGMAN_SCORE_BASE_POINTS,
  HANGMAN_SCORE_PERFECT_BONUS,
  HANGMAN_SCORE_POINTS_PER_LETTER,
  HANGMAN_SCORE_TIME_BONUS_MAX,
  HANGMAN_SCORE_WRONG_GUESS_PENALTY,
  HANGMAN_TIME_LIMIT_MS,
} from '../../config.ts';
import type { HangmanLanguage } from './alphabet.ts';

/** The length multiplier m × 10. An Amharic word of n fidel counts as an English word of n + 2 letters. */
export function multiplierTenths(language: HangmanLanguage, letters: number): number {
  const length = language === 'am' ? letters + HANGMAN_AMHARIC_LENGTH_OFFSET : letters;
  const row = HANGMAN_MULTIPLIER_TENTHS_BY_LENGTH.find(([minLength]) => length >= minLength);
  return row![1];
}

export interface ScoreInput {
  readonly won: boolean;
  readonly language: HangmanLanguage;
  /** Letters (fidel) of the word, spaces not counted. */
  readonly letters: number;
  readonly wrongGuesses: number;
  readonly hintsUsed: number;
  /** From the start to the winning move. */
  readonly elapsedMs: number;
  readonly timeLimitMs?: number;
}

/**
 * 100m + 10·length·m − 20·wrong − 50·hints + (no wrong and no hint ? 200m : 0) + floor(50·m·(1 − t/T)), at least 0;
 * a lost game scores 0.
 */
export function scoreOf(input: ScoreInput): number {
  if (!input.won) return 0;
  const tenths = multiplierTenths(input.language, input.letters);
  const timeLimitMs = input.timeLimitMs ?? HANGMAN_TIME_LIMIT_MS;
  const remainingMs = Math.min(timeLimitMs, Math.max(0, timeLimitMs - input.elapsedMs));
  const perfect = input.wrongGuesses === 0 && input.hintsUsed === 0;
  const score =
    (HANGMAN_SCORE_BASE_POINTS * tenths) / 10 +
    (HANGMAN_SCORE_POINTS_PER_LETTER * input.letters * tenths) / 10 -
    HANGMAN_SCORE_WRONG_GUESS_PENALTY * input.wrongGuesses -
    HANGMAN_HINT_COST_POINTS * input.hintsUsed +
    (perfect ? (HANGMAN_SCORE_PERFECT_BONUS * tenths) / 10 : 0) +
    Math.floor((HANGMAN_SCORE_TIME_BONUS_MAX * tenths * remainingMs) / (10 * timeLimitMs));
  return Math.max(0, Math.round(score));
}
