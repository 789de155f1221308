import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, preferredLocale, readCookie, safeReturnPath, stripLocale, switchLocalePath } from './locale.ts';

describe('locale paths', () => {
  it('reads the language from the /am prefix only', () => {
    expect(localeFromPath('/')).toBe('en');
    expect(localeFromPath('/am')).toBe('am');
    expect(localeFromPath('/am/wallet')).toBe('am');
    expect(localeFromPath('/amharic')).toBe('en');
  });

  it('adds and strips the prefix', () => {
    expect(localizePath('/wallet', 'am')).toBe('/am/wallet');
    expect(localizePath('/', 'am')).toBe('/am');
    expect(localizePath('/wallet', 'en')).toBe('/wallet');
    expect(localizePath('/?tab=1', 'am')).toBe('/am?tab=1');
    expect(stripLocale('/am/wallet')).toBe('/wallet');
    expect(stripLocale('/am')).toBe('/');
  });

  it('switches language on the same page keeping query and hash', () => {
    expect(switchLocalePath('/wallet', '?x=1', '#h', 'am')).toBe('/am/wallet?x=1#h');
    expect(switchLocalePath('/am/wallet', '', '', 'en')).toBe('/wallet');
    expect(switchLocalePath('/am', '', '', 'en')).toBe('/');
  });
});

describe('language detection', () => {
  it('prefers the saved cookie, then the browser, then English', () => {
    expect(preferredLocale('am', ['en-US'])).toBe('am');
    expect(preferredLocale(null, ['am-ET', 'en'])).toBe('am');
    expect(preferredLocale('fr', ['fr-FR', 'de'])).toBe('en');
  });

  it('reads the lng cookie', () => {
    expect(readCookie('lng', 'a=1; lng=am; b=2')).toBe('am');
    expect(readCookie('lng', 'a=1')).toBeNull();
  });
});

describe('return path after login', () => {
  it('accepts local paths only', () => {
    expect(safeReturnPath('/am/wallet')).toBe('/am/wallet');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
