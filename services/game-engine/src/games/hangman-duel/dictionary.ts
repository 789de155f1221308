/**
 * Which words a duel's setter may set. English: the `word-list` npm package (~274,000 lower-case words), plus the
 * English Hangman bank's single words; Amharic: the Amharic Hangman word bank (reviewed spellings) under the
 * script rules: only fidel and single spaces. An Amharic word is compared with the bank's with the letters that sound
 * the same folded together (hangman/fidel.ts, foldHomophones: ሣር and ሳር, ሕፃን and ህጻን are one word), and kept as
 * the player typed it; the Hangman keys already guess those letters alike.
 *
 * The English list is read once, on the first lookup, into a module-level Set: a lookup in a fixed list is a pure
 * function of its arguments, so the decider may call it. Tests and the service may pass their own `IsWord`.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { charactersOf, keyOfCharacter, letterCount, type HangmanLanguage } from '../hangman/alphabet.ts';
import { foldHomophones } from '../hangman/fidel.ts';
import { WORD_BANK } from '../hangman/words/word-bank.ts';
import { DUEL_WORD_INPUT_MAX_CHARS, DUEL_WORD_LENGTH } from './rules.ts';

/** True when `word` (already normalised by normaliseWord) is a word of `language`. */
export type IsWord = (language: HangmanLanguage, word: string) => boolean;

const ENGLISH_LETTERS = /^[a-z]+$/;

/**
 * The form a set word is checked and stored in, or null when it cannot be a word of the language at all.
 * English: trimmed, lower case, letters a–z only. Amharic: NFC, trimmed, runs of white space made one space, every
 * other character a fidel. Either way the letter count must be within DUEL_WORD_LENGTH.
 */
export function normaliseWord(language: HangmanLanguage, raw: string): string | null {
  if (raw.length > DUEL_WORD_INPUT_MAX_CHARS) return null;
  const text = raw.normalize('NFC').trim();
  const word = language === 'en' ? text.toLowerCase() : text.replace(/\s+/gu, ' ');
  if (language === 'en' && !ENGLISH_LETTERS.test(word)) return null;
  if (language === 'am' && !charactersOf(word).every((c) => c === ' ' || keyOfCharacter('am', c) !== null)) return null;
  const letters = letterCount(language, word);
  const { min, max } = DUEL_WORD_LENGTH[language];
  return letters >= min && letters <= max ? word : null;
}

let englishWords: ReadonlySet<string> | undefined;

/** The English word set, read from the package on first use. */
function english(): ReadonlySet<string> {
  englishWords ??= new Set([
    ...readFileSync(wordListPath, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0),
    ...WORD_BANK.en.map((entry) => entry.word).filter((word) => ENGLISH_LETTERS.test(word)),
  ]);
  return englishWords;
}

/** The form two words of a language are compared in: Amharic with its homophone letters folded (see above). */
export const comparableWord = (language: HangmanLanguage, word: string): string => (language === 'am' ? foldHomophones(word) : word);

/** True when two normalised words are the same word of `language` (ሰዓት and ሰአት are). */
export const isSameWord = (language: HangmanLanguage, a: string, b: string): boolean =>
  comparableWord(language, a) === comparableWord(language, b);

const amharicWords: ReadonlySet<string> = new Set(WORD_BANK.am.map((entry) => comparableWord('am', entry.word.normalize('NFC'))));

/** The duel's dictionary: English from the word list, Amharic from the word bank in any spelling of the same sounds. */
export const isDictionaryWord: IsWord = (language, word) =>
  language === 'en' ? english().has(word) : amharicWords.has(comparableWord('am', word));

/** Reads the English list now, so the first SetWord of the day does not pay for it (call at service start). */
export function preloadDictionary(): number {
  return english().size;
}
