/** The duel's dictionary with the real word list (English) and word bank (Amharic). */
import { testServerSeed } from '../../fairness/testing.ts';
import { describe, expect, it } from 'vitest';
import { letterCount } from '../hangman/alphabet.ts';
import { WORD_BANK } from '../hangman/words/word-bank.ts';
import { decide, initialState } from './decider.ts';
import type { DuelEvent } from './messages.ts';
import { DUEL_WORD_SUGGESTIONS_MAX, isDictionaryWord, isSameWord, normaliseWord, preloadDictionary, suggestWords } from './dictionary.ts';
import { DUEL_WORD_LENGTH } from './rules.ts';
import { after, duelConfig } from './testing.ts';

describe('English', () => {
  it('loads the word-list package once into a set of over 200,000 words', () => {
    expect(preloadDictionary()).toBeGreaterThan(200_000);
    expect(preloadDictionary()).toBe(preloadDictionary());
  });

  it.each(['apple', 'zebra', 'cat', 'xylophone', 'rhythm'])('knows %s', (word) => {
    expect(isDictionaryWord('en', word)).toBe(true);
  });

  it.each(['qwzx', 'bananana', 'aple'])('does not know %s', (word) => {
    expect(isDictionaryWord('en', word)).toBe(false);
  });

  it('normalises case and surrounding space; refuses non-letters and lengths outside 3–12', () => {
    expect(normaliseWord('en', '  ZeBra ')).toBe('zebra');
    for (const word of ["don't", 'ice cream', 'caf\u00e9', 'ab', 'extraordinary', 'a1c', '']) expect(normaliseWord('en', word)).toBeNull();
    expect(normaliseWord('en', 'abc')).toBe('abc');
    expect(normaliseWord('en', 'abcdefghijkl')).toBe('abcdefghijkl');
  });

  it('knows every single English word of the Hangman bank that fits the duel', () => {
    const { min, max } = DUEL_WORD_LENGTH.en;
    const words = WORD_BANK.en.map((e) => e.word).filter((w) => /^[a-z]+$/.test(w) && w.length >= min && w.length <= max);
    expect(words.length).toBeGreaterThan(500);
    for (const word of words) expect(isDictionaryWord('en', word)).toBe(true);
  });

  it('is what decide() uses by default', () => {
    const state = initialState(duelConfig(), testServerSeed('seed'));
    expect(decide({ type: 'SetWord', data: { playerId: 'ann', word: 'Rhythm', at: after(1) } }, state)).toEqual([
      { type: 'WordSet', data: { setterId: 'ann', word: 'rhythm', at: after(1) } },
    ]);
    expect(decide({ type: 'SetWord', data: { playerId: 'ann', word: 'qwzx', at: after(1) } }, state)).toBe('invalid_word');
  });
});

describe('Amharic', () => {
  it('knows every word of the Amharic bank within 2–8 fidel, as written', () => {
    const { min, max } = DUEL_WORD_LENGTH.am;
    const words = WORD_BANK.am.map((e) => e.word).filter((w) => letterCount('am', w) >= min && letterCount('am', w) <= max);
    expect(words.length).toBeGreaterThan(300);
    for (const word of words) {
      expect(normaliseWord('am', word)).toBe(word);
      expect(isDictionaryWord('am', word)).toBe(true);
    }
  });

  it('normalises to NFC and single spaces; refuses Latin, digits, punctuation and single fidel', () => {
    expect(normaliseWord('am', '  ሜዳ \t አህያ ')).toBe('ሜዳ አህያ');
    for (const word of ['ውሻ1', 'dog', 'ው', 'ውሻ።', 'ውሻ-ድመት']) expect(normaliseWord('am', word)).toBeNull();
  });

  it('does not know well-formed fidel strings outside the bank', () => {
    expect(isDictionaryWord('am', 'ሀለሐመ')).toBe(false);
    expect(isDictionaryWord('am', 'ውሻ')).toBe(true);
  });

  // The bank writes ሣር, ዓይን, ሥጋ, ሕፃን, ሰዓት; players mostly write the letters that sound the same.
  const COMMON_SPELLINGS = [
    ['ሳር', 'ሣር'],
    ['አይን', 'ዓይን'],
    ['ስጋ', 'ሥጋ'],
    ['ህጻን', 'ሕፃን'],
    ['ሰአት', 'ሰዓት'],
  ] as const;

  it.each(COMMON_SPELLINGS)('knows %s, the bank’s %s with the same-sounding letters', (typed, banked) => {
    expect(WORD_BANK.am.map((e) => e.word)).toContain(banked);
    expect(WORD_BANK.am.map((e) => e.word)).not.toContain(typed);
    expect(normaliseWord('am', typed)).toBe(typed);
    expect(isDictionaryWord('am', typed)).toBe(true);
    expect(isSameWord('am', typed, banked)).toBe(true);
  });

  it('still refuses a word whose letters only look alike: another sound or another vowel order', () => {
    // ሻር: ሸ is not ሰ; ሰጋ: the same family as ሥጋ's ሥ but another order; ሳሮ: not in the bank.
    for (const word of ['ሻር', 'ሰጋ', 'ሳሮ']) expect(isDictionaryWord('am', word), word).toBe(false);
    expect(isSameWord('am', 'ሰጋ', 'ሥጋ')).toBe(false);
  });

  it('keeps the setter’s spelling in the WordSet event, and refuses the other spelling of a word used before', () => {
    const state = initialState(duelConfig({ language: 'am' }), testServerSeed('seed'));
    const [set] = decide({ type: 'SetWord', data: { playerId: 'ann', word: ' ሳር ', at: after(1) } }, state) as DuelEvent[];
    expect(set).toEqual({ type: 'WordSet', data: { setterId: 'ann', word: 'ሳር', at: after(1) } });
    expect(decide({ type: 'SetWord', data: { playerId: 'ann', word: 'ሻር', at: after(1) } }, state)).toBe('invalid_word');
    const used = { ...state, usedWords: ['ሣር'] };
    expect(decide({ type: 'SetWord', data: { playerId: 'ann', word: 'ሳር', at: after(1) } }, used)).toBe('duplicate_word');
  });
});

describe('suggestions while the setter types', () => {
  it('offers English dictionary words that begin with the typed letters, in any case, each a word the duel accepts', () => {
    const found = suggestWords('en', ' Pla');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(DUEL_WORD_SUGGESTIONS_MAX);
    for (const word of found) {
      expect(word.startsWith('pla')).toBe(true);
      expect(isDictionaryWord('en', word)).toBe(true);
    }
    expect(found).toEqual([...found].sort());
  });

  it('never tells which English words single-player Hangman draws: the suggestions come from the whole dictionary', () => {
    const bank = new Set(WORD_BANK.en.map((entry) => entry.word.toLowerCase()));
    const offered = ['ca', 'mo', 'st', 'tr'].flatMap((typed) => suggestWords('en', typed));
    expect(offered.filter((word) => !bank.has(word)).length).toBeGreaterThan(offered.length / 2);
  });

  it('finds an Amharic word from any spelling of its sounds, as the bank writes it', () => {
    expect(suggestWords('am', 'ሳር')).toContain('ሣር');
    expect(suggestWords('am', 'ሣ')).toEqual(suggestWords('am', 'ሳ'));
    for (const word of suggestWords('am', 'ሰ')) expect(isDictionaryWord('am', word)).toBe(true);
  });

  it('offers at most the limit, and nothing for a beginning no word of the language can have', () => {
    expect(suggestWords('en', 'c', 3)).toHaveLength(3);
    for (const typed of ['', '  ', 'a1', 'ሰ', 'qzxq']) expect(suggestWords('en', typed)).toEqual([]);
    for (const typed of ['', 'sa', 'ሰ1']) expect(suggestWords('am', typed)).toEqual([]);
  });
});
