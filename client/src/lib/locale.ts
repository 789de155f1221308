import { AMHARIC_PREFIX, DEFAULT_LOCALE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SEC, LOCALES, type Locale } from '../config/constants.ts';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeFromPath(pathname: string): Locale {
  return pathname === AMHARIC_PREFIX || pathname.startsWith(`${AMHARIC_PREFIX}/`) ? 'am' : 'en';
}

/** '/am/wallet' → '/wallet', '/am' → '/', '/wallet' → '/wallet'. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') return pathname || '/';
  const rest = pathname.slice(AMHARIC_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** The one locale-aware path helper: '/wallet' in Amharic is '/am/wallet'; '/' is '/am'. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'en') return clean;
  if (clean === '/') return AMHARIC_PREFIX;
  if (clean.startsWith('/?') || clean.startsWith('/#')) return `${AMHARIC_PREFIX}${clean.slice(1)}`;
  return `${AMHARIC_PREFIX}${clean}`;
}

/** The same page in another language (path, query and hash kept). */
export function switchLocalePath(pathname: string, search: string, hash: string, locale: Locale): string {
  return `${localizePath(stripLocale(pathname), locale)}${search}${hash}`;
}

export function readCookie(name: string, cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function writeLanguageCookie(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SEC}; Path=/; SameSite=Lax`;
}

/** Saved choice first (cookie), then the browser's languages; only en and am count. */
export function preferredLocale(cookie: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookie)) return cookie;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** Only same-site paths are allowed as a post-login destination. */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
