import { describe, expect, it } from 'vitest';
import { chooseDisplayName, generateDisplayName, NAME_ADJECTIVES, NAME_NOUNS } from './names.ts';
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
