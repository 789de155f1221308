import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS } from '../../config/constants.ts';
import { readStoredSession, writeStoredSession } from './session-storage.ts';
import { aUser } from '../../testing/fixtures.ts';

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('restores a session saved less than 30 days ago', () => {
    writeStoredSession(localStorage, { token: 't1', user: aUser(), authenticatedAt: 1000 });
    expect(readStoredSession(localStorage, 1000 + SESSION_MAX_AGE_MS)?.token).toBe('t1');
  });

  it('discards a session older than 30 days and forgets it', () => {
    writeStoredSession(localStorage, { token: 't1', user: aUser(), authenticatedAt: 1000 });
    expect(readStoredSession(localStorage, 1001 + SESSION_MAX_AGE_MS)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('discards a session whose user data is unreadable', () => {
    writeStoredSession(localStorage, { token: 't1', user: aUser(), authenticatedAt: 1000 });
    localStorage.setItem('qal.auth.user', '{"id":1');
    expect(readStoredSession(localStorage, 2000)).toBeNull();
  });
});
