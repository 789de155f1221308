import { describe, expect, it } from 'vitest';
import { LIMITS } from '../config.ts';
import {
  AMHARIC_NAME_ADJECTIVES,
  AMHARIC_NAME_NOUNS,
  chooseDisplayName,
  generateDisplayName,
  NAME_ADJECTIVES,
  NAME_NOUNS,
} from './names.ts';
import { isValidUsername, usernameKey } from './username.ts';

describe('display names', () => {
  it('are Adjective + Noun + number', () => {
    const picks = [2, 5, 42];
    expect(generateDisplayName(() => picks.shift()!)).toBe(`${NAME_ADJECTIVES[2]}${NAME_NOUNS[5]}42`);
  });
  it('keep a name the player typed, trimmed, and generate one for blank input', () => {
    expect(chooseDisplayName('  Tigist ')).toBe('Tigist');
    expect(chooseDisplayName('   ')).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d+$/);
    expect(chooseDisplayName(undefined)).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d+$/);
  });
  it('are Amharic words, adjective then noun then number, for a player who signs in in Amharic', () => {
    const picks = [2, 7, 42];
    expect(generateDisplayName(() => picks.shift()!, 'am')).toBe(`${AMHARIC_NAME_ADJECTIVES[2]} ${AMHARIC_NAME_NOUNS[7]} 42`);
    expect(chooseDisplayName('', 'am')).toMatch(/^[\u1200-\u135A]+ [\u1200-\u135A]+ \d{1,2}$/u);
    expect(chooseDisplayName(' Tigist ', 'am')).toBe('Tigist');
    expect(chooseDisplayName(null, 'en')).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d+$/);
  });
  it('fit the name limit and never repeat a word in a list', () => {
    for (const list of [NAME_ADJECTIVES, NAME_NOUNS, AMHARIC_NAME_ADJECTIVES, AMHARIC_NAME_NOUNS])
      expect(new Set(list).size).toBe(list.length);
    const longest = (list: readonly string[]) => Math.max(...list.map((word) => word.length));
    expect(longest(AMHARIC_NAME_ADJECTIVES) + longest(AMHARIC_NAME_NOUNS) + ' 99'.length + 1).toBeLessThanOrEqual(LIMITS.nameMax);
  });
});

describe('usernames', () => {
  it('are 3-20 letters, digits or underscores', () => {
    expect(['abc', 'A_b_9', 'x'.repeat(20)].map(isValidUsername)).toEqual([true, true, true]);
    expect(['ab', 'x'.repeat(21), 'with space', 'ቃል_ቃል', 'dash-name', ''].map(isValidUsername)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('compare without case', () => {
    expect(usernameKey('Abebe_1')).toBe(usernameKey('aBEBE_1'));
  });
});
