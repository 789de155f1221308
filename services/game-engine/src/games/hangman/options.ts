/** What a player chooses from before a Hangman game, per language: categories, difficulties and the keyboard. */
import type { LocalizedText } from '../../catalogue/localized.ts';
import { HANGMAN_LANGUAGES, keysOf, type HangmanLanguage } from './alphabet.ts';
import { AMHARIC_KEYS, familyMembers, soundAlikesOf } from './fidel.ts';
import { DIFFICULTIES, DIFFICULTY_LABELS, WORD_CATEGORY_LABELS, type Difficulty, type WordCategory } from './words/categories.ts';
import { categoriesOf, wordsFor } from './words/word-bank.ts';

export interface HangmanOptions {
  readonly language: HangmanLanguage;
  readonly categories: readonly {
    readonly id: WordCategory;
    readonly label: LocalizedText;
    /** How many words each difficulty has in this category. */
    readonly wordCounts: Readonly<Record<Difficulty, number>>;
  }[];
  readonly difficulties: readonly { readonly id: Difficulty; readonly label: LocalizedText }[];
  /** The on-screen keyboard: English a–z; Amharic one key per consonant family, in ሀ-row order. */
  readonly keys: readonly string[];
  /** Amharic: what each key guesses, for the keyboard to show and a typed fidel to find its key. English: none. */
  readonly families: readonly KeyFamily[];
}

export interface KeyFamily {
  readonly key: string;
  /** The other letters heard the same that share the key (ሀ: ሐ ኀ), shown small beside it. */
  readonly soundAlikes: readonly string[];
  /** Every fidel the key guesses, in code-point order. */
  readonly fidel: readonly string[];
}

const AMHARIC_FAMILIES: readonly KeyFamily[] = AMHARIC_KEYS.map((key) => ({
  key,
  soundAlikes: soundAlikesOf(key),
  fidel: familyMembers(key),
}));

export function hangmanOptions(language: HangmanLanguage): HangmanOptions {
  return {
    language,
    categories: categoriesOf(language).map((id) => ({
      id,
      label: WORD_CATEGORY_LABELS[id],
      wordCounts: {
        easy: wordsFor(language, { category: id, difficulty: 'easy' }).length,
        medium: wordsFor(language, { category: id, difficulty: 'medium' }).length,
        hard: wordsFor(language, { category: id, difficulty: 'hard' }).length,
      },
    })),
    difficulties: DIFFICULTIES.map((id) => ({ id, label: DIFFICULTY_LABELS[id] })),
    keys: keysOf(language),
    families: language === 'am' ? AMHARIC_FAMILIES : [],
  };
}

/** The options of every language. */
export const allHangmanOptions = (): readonly HangmanOptions[] => HANGMAN_LANGUAGES.map(hangmanOptions);
