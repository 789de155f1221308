/** Every client-side limit and duration in one place (SPEC §9, RULES). */

export const LOCALES = ['en', 'am'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const AMHARIC_PREFIX = '/am';

export const LANGUAGE_COOKIE = 'lng';
export const LANGUAGE_COOKIE_MAX_AGE_SEC = 365 * 24 * 60 * 60;

export const THEME_STORAGE_KEY = 'qal.theme';

export const SESSION_STORAGE_KEYS = {
  token: 'qal.auth.token',
  user: 'qal.auth.user',
  authenticatedAt: 'qal.auth.at',
} as const;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const API_BASE = '/api/v1';
export const WS_PATH = '/ws';

export const TOAST_DURATION_MS = { default: 5000, error: 8000, warning: 7000 } as const;
export const TOAST_DEDUPE_WINDOW_MS = 2000;

export const REALTIME_MAX_RETRIES = 5;
export const REALTIME_BACKOFF_START_MS = 1000;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const WALLET_POLL_INTERVAL_MS = 15_000;

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'qal.chunkReloadAt';
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export const OTP_LENGTH = 6;
export const PHONE_COUNTRY_CODE = '+251';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const USERNAME_CHECK_DEBOUNCE_MS = 400;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

export const TRANSACTIONS_PAGE_SIZE = 20;
