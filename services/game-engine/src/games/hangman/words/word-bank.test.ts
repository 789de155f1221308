import { describe, expect, it } from 'vitest';
import { HANGMAN_WORD_LENGTH_MAX, HANGMAN_WORD_LENGTH_MIN } from '../../../config.ts';
import { HANGMAN_LANGUAGES, keyOfCharacter } from '../alphabet.ts';
import { AMHARIC_WORDS } from './am.ts';
import { DIFFICULTIES, WORD_CATEGORIES, WORD_CATEGORY_LABELS } from './categories.ts';
import { ENGLISH_WORDS } from './en.ts';
import { WORD_BANK, categoriesOf, difficultyOf, wordsFor } from './word-bank.ts';

/** Enough words that a category and difficulty does not repeat after a couple of games. */
const WORDS_PER_CATEGORY_AND_DIFFICULTY_MIN = 3;

describe('the Hangman word bank', () => {
  it('has at least 600 English and 400 Amharic words in at least 10 categories', () => {
    expect(WORD_BANK.en.length).toBeGreaterThanOrEqual(600);
    expect(WORD_BANK.am.length).toBeGreaterThanOrEqual(400);
    expect(categoriesOf('en').length).toBeGreaterThanOrEqual(10);
    expect(categoriesOf('am').length).toBeGreaterThanOrEqual(10);
  });

  it.each(HANGMAN_LANGUAGES)('%s: no word appears twice, in one category or across categories', (language) => {
    const words = WORD_BANK[language].map((entry) => entry.word);
    const repeated = words.filter((word, index) => words.indexOf(word) !== index);
    expect(repeated).toEqual([]);
  });

  it('English words are spelt the British way, like the rest of the app’s English', () => {
    const american =
      /^(?:theater|harbor|neighbor|pajamas|airplane|color\w*|favorite|center|gray|tire|jewelry|mustache|plow|ax|omelet|aluminum|donut|catalog)$/;
    expect(WORD_BANK.en.filter(({ word }) => american.test(word)).map(({ word }) => word)).toEqual([]);
    expect(WORD_BANK.en.map(({ word }) => word)).toEqual(expect.arrayContaining(['theatre', 'harbour', 'neighbour', 'pyjamas']));
  });

  it('English words are lower-case a–z only, one word each', () => {
    const bad = Object.values(ENGLISH_WORDS)
      .flat()
      .filter((word) => !/^[a-z]+$/.test(word));
    expect(bad).toEqual([]);
  });

  it('Amharic words are fidel only, with at most one space between two words', () => {
    const bad = Object.values(AMHARIC_WORDS)
      .flat()
      .filter((word) => !/^\S+( \S+)?$/u.test(word) || [...word].some((c) => c !== ' ' && keyOfCharacter('am', c) === null));
    expect(bad).toEqual([]);
  });

  it.each(HANGMAN_LANGUAGES)('%s: every word has a length the game can show', (language) => {
    const outside = WORD_BANK[language].filter(
      (entry) => entry.letters < HANGMAN_WORD_LENGTH_MIN[language] || entry.letters > HANGMAN_WORD_LENGTH_MAX[language],
    );
    expect(outside).toEqual([]);
  });

  it.each(HANGMAN_LANGUAGES)('%s: every category has words of every difficulty', (language) => {
    for (const category of WORD_CATEGORIES)
      for (const difficulty of DIFFICULTIES)
        expect(wordsFor(language, { category, difficulty }).length, `${category}/${difficulty}`).toBeGreaterThanOrEqual(
          WORDS_PER_CATEGORY_AND_DIFFICULTY_MIN,
        );
  });

  it.each(HANGMAN_LANGUAGES)('%s: no word is the name of its category, which the player sees', (language) => {
    const giveaways = WORD_BANK[language].filter(({ word, category }) =>
      [category, WORD_CATEGORY_LABELS[category].en.toLowerCase(), WORD_CATEGORY_LABELS[category].am].includes(word),
    );
    expect(giveaways).toEqual([]);
  });

  it('every category has an English and an Amharic label', () => {
    for (const category of WORD_CATEGORIES) {
      expect(WORD_CATEGORY_LABELS[category].en).toMatch(/^[A-Z][a-z ]+$/);
      expect(WORD_CATEGORY_LABELS[category].am).toMatch(/^[\u1200-\u135A ]+$/u);
    }
  });

  it('derives difficulty from length, counting fidel in Amharic and ignoring spaces', () => {
    expect(difficultyOf('en', 4)).toBe('easy');
    expect(difficultyOf('en', 5)).toBe('easy');
    expect(difficultyOf('en', 6)).toBe('medium');
    expect(difficultyOf('en', 7)).toBe('medium');
    expect(difficultyOf('en', 8)).toBe('hard');
    expect(difficultyOf('am', 2)).toBe('easy');
    expect(difficultyOf('am', 3)).toBe('medium');
    expect(difficultyOf('am', 4)).toBe('hard');
    const addisAbaba = WORD_BANK.am.find((entry) => entry.word === 'አዲስ አበባ')!;
    expect(addisAbaba).toMatchObject({ letters: 6, difficulty: 'hard', category: 'places' });
    expect(WORD_BANK.am.find((entry) => entry.word === 'ውሻ')).toMatchObject({ letters: 2, difficulty: 'easy' });
  });

  it('filters by category and difficulty, either of which may be left out', () => {
    expect(wordsFor('en').length).toBe(WORD_BANK.en.length);
    expect(wordsFor('am', { category: 'animals' }).every((entry) => entry.category === 'animals')).toBe(true);
    expect(wordsFor('en', { difficulty: 'hard' }).every((entry) => entry.letters >= 8)).toBe(true);
  });
});
