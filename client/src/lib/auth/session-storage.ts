import { SESSION_MAX_AGE_MS, SESSION_STORAGE_KEYS } from '../../config/constants.ts';
import { userSchema, type User } from './user.ts';

export type StoredSession = { token: string; user: User; authenticatedAt: number };

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The saved session, or null when absent, unreadable or older than 30 days (then it is removed). */
export function readStoredSession(storage: KeyValueStorage, now: number): StoredSession | null {
  const token = storage.getItem(SESSION_STORAGE_KEYS.token);
  const rawUser = storage.getItem(SESSION_STORAGE_KEYS.user);
  const authenticatedAt = Number(storage.getItem(SESSION_STORAGE_KEYS.authenticatedAt));
  if (!token || !rawUser || !Number.isFinite(authenticatedAt) || authenticatedAt <= 0) {
    clearStoredSession(storage);
    return null;
  }
  if (now - authenticatedAt > SESSION_MAX_AGE_MS) {
    clearStoredSession(storage);
    return null;
  }
  let user: User;
  try {
    user = userSchema.parse(JSON.parse(rawUser));
  } catch {
    clearStoredSession(storage);
    return null;
  }
  return { token, user, authenticatedAt };
}

export function writeStoredSession(storage: KeyValueStorage, session: StoredSession): void {
  storage.setItem(SESSION_STORAGE_KEYS.token, session.token);
  storage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(SESSION_STORAGE_KEYS.authenticatedAt, String(session.authenticatedAt));
}

export function writeStoredUser(storage: KeyValueStorage, user: User): void {
  storage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(storage: KeyValueStorage): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
}
