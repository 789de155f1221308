/** Every client-side limit and duration in one place (the product rules: docs/product-rules.md). */

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
/** After the server closed the socket over one of its limits: the first pause before trying again, doubling up to the max. */
export const REALTIME_LIMIT_BACKOFF_START_MS = 60_000;
export const REALTIME_LIMIT_BACKOFF_MAX_MS = 15 * 60_000;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const WALLET_POLL_INTERVAL_MS = 15_000;

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'qal.chunkReloadAt';
/** How often an open app asks whether a newer service worker (a new deploy) is available. */
export const SW_UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export const OTP_LENGTH = 6;
export const PHONE_COUNTRY_CODE = '+251';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const USERNAME_CHECK_DEBOUNCE_MS = 400;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

export const TRANSACTIONS_PAGE_SIZE = 20;

// Multiplayer rooms (docs/product-rules.md, rooms); the server checks them again.
export const ROOM_CODE_LENGTH = 6;
/** Room codes never use 0, O, 1 or I (they are easy to mistake for each other). */
export const ROOM_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{6}$/;
export const ROOM_NAME_MAX = 100;
export const ROOM_DESCRIPTION_MAX = 500;
export const ROOM_MIN_PLAYERS = 2;
export const ROOM_MAX_PLAYERS = 8;
export const ROOM_PENALTY_MAX = 50;
export const ROOM_PASSWORD_MIN = 4;
export const ROOM_PASSWORD_MAX = 20;
/** Hangman's cost, the lowest entry fee, when the catalogue cannot be read. */
export const HANGMAN_COST_FALLBACK = 9;
/** Crazy's entry fee when the catalogue has not answered (the product rules: 15 tokens). */
export const CRAZY_COST_FALLBACK = 15;
/** A Codebreaker race room's smallest entry fee, until the catalogue has loaded. */
export const CODEBREAKER_RACE_COST_FALLBACK = 5;
export const BET_AMOUNTS = [5, 10, 15, 20, 30, 40, 50] as const;
export const BET_EXPIRY_MS = 2 * 60 * 1000;
/** While the socket is down for good, room and match views are re-read this often. */
export const ROOM_POLL_INTERVAL_MS = 3000;
/** A match just started whose view cannot be read yet is asked for again this often. */
export const MATCH_RETRY_INTERVAL_MS = 1000;
/** The duel's keyboard keys, when they could not be read (a drop), are asked for again after this long. */
export const KEYS_RETRY_MS = 2000;
export const REPLAY_SPEEDS = [1, 2, 4] as const;
/** One replay step per this long at 1×. */
export const REPLAY_STEP_MS = 1200;
