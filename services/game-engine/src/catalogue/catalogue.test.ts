import { DEFAULT_GAME_REGISTRY } from '../games/registry.ts';
import { describe, expect, it } from 'vitest';
import {
  HANGMAN_COST_TOKENS,
  HANGMAN_DAILY_PLAY_LIMIT,
  HANGMAN_HINT_COST_POINTS,
  HANGMAN_HINTS,
  HANGMAN_LIVES,
  HANGMAN_TIME_LIMIT_SECONDS,
} from '../config.ts';
import { CRAZY_RULE_TABLE, instructions as crazyInstructions } from '../games/crazy/messages.en-am.ts';
import { AMHARIC_KEYS, soundAlikesOf } from '../games/hangman/fidel.ts';
import { catalogueEntry, fullCatalogue, listCatalogue } from './catalogue.ts';
import { GAME_CATEGORIES, HOME_CATEGORIES } from './categories.ts';
import { ruleTable } from './rule-tables.ts';

const ETHIOPIC = /[\u1200-\u137F]/u;

describe('the game catalogue', () => {
  it('seeds the eight games of the product rules with their categories and costs', () => {
    expect(fullCatalogue().map(({ slug, category, costTokens, multiplayer }) => ({ slug, category, costTokens, multiplayer }))).toEqual([
      { slug: 'hangman', category: 'word', costTokens: 9, multiplayer: false },
      { slug: 'crazy', category: 'card', costTokens: 15, multiplayer: true },
      { slug: 'codebreaker', category: 'code_breaker', costTokens: 5, multiplayer: false },
      { slug: 'mines', category: 'mines', costTokens: 1, multiplayer: false },
      { slug: 'sum-chaser', category: 'prediction', costTokens: 5, multiplayer: false },
      { slug: 'geo-sprint', category: 'trivia', costTokens: 8, multiplayer: false },
      { slug: 'math-sprint', category: 'math', costTokens: 10, multiplayer: false },
      { slug: 'rapid-recall', category: 'memory', costTokens: 8, multiplayer: false },
    ]);
  });

  it('limits Hangman to 20 plays a day and other single-player games to 15', () => {
    const limits = Object.fromEntries(fullCatalogue().map((entry) => [entry.slug, entry.dailyPlayLimit]));
    expect(limits).toMatchObject({ hangman: 20, codebreaker: 15, mines: 15, 'rapid-recall': 15, crazy: null });
  });

  it('lists every game of the catalogue as playable, each with its category', () => {
    expect(listCatalogue().map((entry) => [entry.slug, entry.category])).toEqual([
      ['hangman', 'word'],
      ['crazy', 'card'],
      ['codebreaker', 'code_breaker'],
      ['mines', 'mines'],
      ['sum-chaser', 'prediction'],
      ['geo-sprint', 'trivia'],
      ['math-sprint', 'math'],
      ['rapid-recall', 'memory'],
    ]);
    expect(listCatalogue()[0]!.categoryLabel).toEqual({ en: 'Word', am: 'ቃላት' });
  });

  it('has an engine module behind every playable game, so what the home page offers can be played', () => {
    const played = new Set(DEFAULT_GAME_REGISTRY.modules.map((m) => (m.kind === 'room' ? m.roomGame : m.id)));
    for (const entry of listCatalogue()) expect(played.has(entry.slug), entry.slug).toBe(true);
  });

  it('has a title, description and instructions in English and Amharic for every game', () => {
    for (const entry of fullCatalogue()) {
      for (const text of [entry.title, entry.description, entry.instructions]) {
        expect(text.en.trim().length, entry.slug).toBeGreaterThan(0);
        expect(text.en, entry.slug).not.toMatch(/\$\{|undefined|NaN/);
        expect(text.am, entry.slug).toMatch(ETHIOPIC);
        expect(text.am, entry.slug).not.toMatch(/\$\{|undefined|NaN/);
      }
    }
  });

  it('writes the numbers the Hangman engine enforces into its instructions, in both languages', () => {
    const { instructions } = catalogueEntry('hangman');
    for (const text of [instructions.en, instructions.am]) {
      for (const value of [
        HANGMAN_LIVES,
        HANGMAN_HINTS,
        HANGMAN_HINT_COST_POINTS,
        HANGMAN_TIME_LIMIT_SECONDS,
        HANGMAN_COST_TOKENS,
        HANGMAN_DAILY_PLAY_LIMIT,
      ])
        expect(text).toContain(String(value));
    }
    expect(instructions.en).toContain(`${HANGMAN_LIVES} wrong guesses`);
    expect(instructions.en).toContain(`${HANGMAN_TIME_LIMIT_SECONDS} seconds`);
    expect(instructions.en).toContain(`${HANGMAN_HINTS} hints`);
    expect(instructions.en).toContain(`${HANGMAN_HINT_COST_POINTS} points`);
    expect(instructions.en).toContain(`${HANGMAN_COST_TOKENS} tokens`);
    expect(instructions.am).toContain(`${HANGMAN_TIME_LIMIT_SECONDS} ሰከንድ`);
    expect(instructions.am).toContain(`${HANGMAN_HINT_COST_POINTS} ነጥብ`);
    expect(instructions.am).toContain(`${HANGMAN_COST_TOKENS} ቶከን`);
  });

  it('tells Hangman players which Amharic letters share a key because they sound the same', () => {
    const { instructions } = catalogueEntry('hangman');
    for (const key of AMHARIC_KEYS.filter((k) => soundAlikesOf(k).length > 0)) {
      expect(instructions.en).toContain([key, ...soundAlikesOf(key)].join(' '));
      expect(instructions.am).toContain([key, ...soundAlikesOf(key)].join(' '));
    }
  });

  it('describes Crazy by the rules the product fixes, not an earlier system’s contradicting text', () => {
    const { en } = catalogueEntry('crazy').instructions;
    expect(en).toContain('A 7 skips');
    expect(en).toContain('A 5 reverses');
    expect(en).toContain('An 8 or a J goes on any card');
    expect(en).not.toMatch(/8 skips|Ace changes/);
  });

  it('takes Crazy’s instructions from the game’s own rule table, in both languages', () => {
    const { instructions } = catalogueEntry('crazy');
    expect(instructions.en.startsWith(crazyInstructions('en'))).toBe(true);
    expect(instructions.am.startsWith(crazyInstructions('am'))).toBe(true);
    expect(instructions.en).toContain('15 tokens');
  });

  it('serves Crazy’s rule table line by line in both languages, and none for a game without one', () => {
    expect(ruleTable('crazy')).toEqual(CRAZY_RULE_TABLE.map(({ id, en, am }) => ({ id, text: { en, am } })));
    expect(ruleTable('crazy')?.every((line) => ETHIOPIC.test(line.text.am) && !ETHIOPIC.test(line.text.en))).toBe(true);
    expect(ruleTable('hangman')).toBeNull();
  });
});

describe('home categories', () => {
  it('has 8 categories with English and Amharic labels, and every game belongs to one', () => {
    expect(HOME_CATEGORIES).toHaveLength(8);
    for (const { label } of HOME_CATEGORIES) {
      expect(label.en.length).toBeGreaterThan(0);
      expect(label.am).toMatch(ETHIOPIC);
    }
    for (const entry of fullCatalogue()) expect(GAME_CATEGORIES).toContain(entry.category);
  });
});
