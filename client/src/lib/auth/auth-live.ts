import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { configureApi } from '../api-client.ts';
import { i18n } from '../i18n.ts';
import { notify } from '../notify.ts';
import { fetchCurrentUser, revokeSession, sendCode, verifyCode } from './auth-api.ts';
import { authMachine } from './auth-machine.ts';
import { clearStoredSession, readStoredSession, writeStoredSession, writeStoredUser } from './session-storage.ts';

/** The auth machine wired to the real API, localStorage and toasts. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    loadSession: fromPromise(async () => readStoredSession(localStorage, Date.now())),
    sendCode: fromPromise(({ input }) => sendCode(input)),
    verifyCode: fromPromise(({ input }) => verifyCode(input)),
    fetchUser: fromPromise(({ input }) => fetchCurrentUser(input.token)),
    revokeSession: fromPromise(({ input }) => revokeSession(input.token)),
  },
  actions: {
    persistSession: (_, session) => writeStoredSession(localStorage, { ...session, authenticatedAt: Date.now() }),
    persistUser: (_, user) => writeStoredUser(localStorage, user),
    forgetSession: () => clearStoredSession(localStorage),
    notifySessionExpired: () => notify.error(i18n.t('toast.sessionExpired')),
    logLogoutFailure: (_, error) => console.warn('Logout failed', error),
    logRefreshFailure: (_, error) => console.warn('User refresh failed', error),
  },
});

export const authActor = createActor(liveAuthMachine);

configureApi({
  getToken: () => authActor.getSnapshot().context.token,
  getLanguage: () => i18n.resolvedLanguage ?? i18n.language ?? 'en',
  onUnauthorized: () => authActor.send({ type: 'SESSION_EXPIRED' }),
});

export type AuthSnapshot = SnapshotFrom<typeof liveAuthMachine>;

export function useAuth<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(authActor, selector);
}

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;
export const selectIsRestoring = (snapshot: AuthSnapshot) => snapshot.matches('restoring');
export const selectIsSignedIn = (snapshot: AuthSnapshot) => snapshot.matches('signedIn');
