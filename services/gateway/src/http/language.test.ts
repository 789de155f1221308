import { describe, expect, it } from 'vitest';
import { languageFromHeader, responseLanguage } from './language.ts';
import { MESSAGES, REJECTIONS } from './rejections.ts';

describe('response language', () => {
  it('follows Accept-Language, then the user, then English', () => {
    expect(languageFromHeader('am')).toBe('am');
    expect(languageFromHeader('am-ET,am;q=0.9,en;q=0.8')).toBe('am');
    expect(languageFromHeader('fr-FR, en;q=0.5, am;q=0.7')).toBe('am');
    expect(languageFromHeader('fr')).toBeNull();
    expect(responseLanguage('fr', 'am')).toBe('am');
    expect(responseLanguage(undefined, null)).toBe('en');
    expect(responseLanguage('en-US', 'am')).toBe('en');
  });
});

describe('message tables', () => {
  it('have English and Amharic (in Ethiopic script) for every entry', () => {
    for (const [code, info] of Object.entries({ ...REJECTIONS, ...MESSAGES })) {
      expect(info.en.length, code).toBeGreaterThan(0);
      expect(info.am, code).toMatch(/[\u1200-\u137F]/);
    }
  });
});
