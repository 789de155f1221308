/** The Hangman word bank: every word with its language, category, letter count and the difficulty its length gives. */
import { HANGMAN_DIFFICULTY_LENGTHS } from '../../../config.ts';
import { letterCount, type HangmanLanguage } from '../alphabet.ts';
import { AMHARIC_WORDS } from './am.ts';
import { WORD_CATEGORIES, type Difficulty, type WordCategory } from './categories.ts';
import { ENGLISH_WORDS } from './en.ts';

export interface WordEntry {
  readonly word: string;
  readonly language: HangmanLanguage;
  readonly category: WordCategory;
  readonly difficulty: Difficulty;
  /** Letters (fidel in Amharic), spaces not counted. */
  readonly letters: number;
}

/** Short words are easy, long words hard; the bounds are per language because a fidel is a whole syllable. */
export function difficultyOf(language: HangmanLanguage, letters: number): Difficulty {
  const { easyMax, hardMin } = HANGMAN_DIFFICULTY_LENGTHS[language];
  if (letters <= easyMax) return 'easy';
  if (letters >= hardMin) return 'hard';
  return 'medium';
}

const SOURCES: Readonly<Record<HangmanLanguage, Readonly<Record<WordCategory, readonly string[]>>>> = {
  en: ENGLISH_WORDS,
  am: AMHARIC_WORDS,
};

function entriesOf(language: HangmanLanguage): readonly WordEntry[] {
  return WORD_CATEGORIES.flatMap((category) =>
    SOURCES[language][category].map((word) => {
      const letters = letterCount(language, word);
      return { word, language, category, difficulty: difficultyOf(language, letters), letters };
    }),
  );
}

/** Every word of each language, in a fixed order (seeds index into it). */
export const WORD_BANK: Readonly<Record<HangmanLanguage, readonly WordEntry[]>> = {
  en: entriesOf('en'),
  am: entriesOf('am'),
};

export interface WordFilter {
  readonly category?: WordCategory | undefined;
  readonly difficulty?: Difficulty | undefined;
}

/** The words a game may pick from; a missing category or difficulty means any. */
export function wordsFor(language: HangmanLanguage, filter: WordFilter = {}): readonly WordEntry[] {
  return WORD_BANK[language].filter(
    (entry) =>
      (filter.category === undefined || entry.category === filter.category) &&
      (filter.difficulty === undefined || entry.difficulty === filter.difficulty),
  );
}

/** The categories a language has words in, in WORD_CATEGORIES order. */
export function categoriesOf(language: HangmanLanguage): readonly WordCategory[] {
  return WORD_CATEGORIES.filter((category) => SOURCES[language][category].length > 0);
}
