/**
 * What a letter is in each Hangman language, and which key guesses it. English: 26 keys, case-insensitive.
 * Amharic: one key per consonant family (fidel.ts). Anything else in a word (a space) is shown from the start.
 */
import { HANGMAN_LANGUAGES, type HangmanLanguage } from '@qal/events';
import { AMHARIC_KEYS, familyOf } from './fidel.ts';

/** The languages are the client contract's (@qal/events contracts/hangman.ts). */
export { HANGMAN_LANGUAGES, type HangmanLanguage };

export const isHangmanLanguage = (value: string): value is HangmanLanguage => (HANGMAN_LANGUAGES as readonly string[]).includes(value);

const ENGLISH_KEYS: readonly string[] = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i));

/** The on-screen keyboard of a language, in display order. */
export function keysOf(language: HangmanLanguage): readonly string[] {
  return language === 'en' ? ENGLISH_KEYS : AMHARIC_KEYS;
}

const ENGLISH_KEY_SET = new Set(ENGLISH_KEYS);
const AMHARIC_KEY_SET = new Set(AMHARIC_KEYS);

/** The key that reveals `character` in a word, or null when it is not a letter of the language. */
export function keyOfCharacter(language: HangmanLanguage, character: string): string | null {
  if (language === 'am') return familyOf(character);
  const lower = character.toLowerCase();
  return ENGLISH_KEY_SET.has(lower) ? lower : null;
}

/** The key a player's guess stands for, or null when the guess is not one of the language's keys. */
export function keyOfGuess(language: HangmanLanguage, guess: string): string | null {
  if (language === 'am') return AMHARIC_KEY_SET.has(guess) ? guess : null;
  const lower = guess.toLowerCase();
  return ENGLISH_KEY_SET.has(lower) ? lower : null;
}

/** The characters of a word, one per code point (one fidel is one code point). */
export const charactersOf = (word: string): string[] => [...word];

/** How many letters (fidel in Amharic) a word has; spaces do not count. */
export const letterCount = (language: HangmanLanguage, word: string): number =>
  charactersOf(word).filter((c) => keyOfCharacter(language, c) !== null).length;
