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

/** Most words a setter is offered at once (the suggestions under the set-word field). */
export const DUEL_WORD_SUGGESTIONS_MAX = 8;

interface Suggestion {
  readonly word: string;
  /** The word as it is compared (comparableWord). */
  readonly compared: string;
}

const suggestionLists: Partial<Record<HangmanLanguage, readonly Suggestion[]>> = {};

/**
 * The words a setter may set, one per spelling-as-compared, sorted by it (so a word comes before the longer words it
 * begins): built on first use. English from the whole duel dictionary, never the Hangman bank alone: suggestions must
 * not tell which words single-player Hangman draws from. Amharic from the bank, which is the duel's Amharic
 * dictionary (a refused set word already tells a setter what it holds).
 */
function suggestionsOf(language: HangmanLanguage): readonly Suggestion[] {
  const source = language === 'en' ? [...english()] : WORD_BANK.am.map((entry) => entry.word);
  suggestionLists[language] ??= [
    ...new Map(
      source
        .map((word) => normaliseWord(language, word))
        .filter((word): word is string => word !== null)
        .map((word) => [comparableWord(language, word), word] as const),
    ),
  ]
    .map(([compared, word]) => ({ word, compared }))
    .sort((a, b) => (a.compared < b.compared ? -1 : a.compared > b.compared ? 1 : 0));
  return suggestionLists[language];
}

/** A typed beginning in the form words are compared in, or null when no word of the language can start with it. */
function comparablePrefix(language: HangmanLanguage, typed: string): string | null {
  const text = typed.normalize('NFC').trimStart().replace(/\s+/gu, ' ');
  const prefix = language === 'en' ? text.trimEnd().toLowerCase() : text;
  if (prefix.trim() === '' || prefix.length > DUEL_WORD_INPUT_MAX_CHARS) return null;
  if (language === 'en') return ENGLISH_LETTERS.test(prefix) ? prefix : null;
  return charactersOf(prefix).every((c) => c === ' ' || keyOfCharacter('am', c) !== null) ? comparableWord('am', prefix) : null;
}

/**
 * Dictionary words that begin with what the setter has typed, as the dictionary spells them, for the set-word field
 * to offer: English by prefix, Amharic with the sound-alike letters folded (ሳ finds ሣር). Only words the
 * dictionary accepts as a set word, at most `limit`; nothing for a beginning no word can have.
 */
export function suggestWords(language: HangmanLanguage, typed: string, limit: number = DUEL_WORD_SUGGESTIONS_MAX): readonly string[] {
  const prefix = comparablePrefix(language, typed);
  if (prefix === null || limit <= 0) return [];
  const list = suggestionsOf(language);
  // The list is sorted as compared: the words with this beginning are one run, found by a binary search.
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle]?.compared ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let at = low; at < list.length && found.length < limit; at++) {
    const entry = list[at];
    if (!entry?.compared.startsWith(prefix)) break;
    found.push(entry.word);
  }
  return found;
}

/** Reads the English list now, so the first SetWord of the day does not pay for it (call at service start). */
export function preloadDictionary(): number {
  return english().size;
}
