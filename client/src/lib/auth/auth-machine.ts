import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import * as z from 'zod/mini';
import type { Locale } from '../../config/constants.ts';
import { ApiError, retryAfterSec } from '../api-client.ts';
import type { CodeSent, SignedIn } from './auth-api.ts';
import type { StoredSession } from './session-storage.ts';
import type { User } from './user.ts';

export type AuthError = { code: string; message: string; attemptsLeft?: number };

export type AuthContext = {
  token: string | null;
  user: User | null;
  /** E.164 number the code was sent to. */
  phone: string | null;
  /** Epoch ms from which "resend" is allowed. */
  resendAvailableAt: number | null;
  error: AuthError | null;
};

export type AuthEvent =
  | { type: 'SUBMIT_PHONE'; phone: string; language: Locale }
  | { type: 'SUBMIT_CODE'; code: string; name: string; language: Locale }
  | { type: 'RESEND'; language: Locale }
  | { type: 'CHANGE_PHONE' }
  | { type: 'LOGOUT' }
  /** The server already ended this session (signed out everywhere): forget it here, nothing left to revoke. */
  | { type: 'SIGNED_OUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'USER_UPDATED'; user: User };

type SendCodeInput = { phone: string; language: Locale };
type VerifyCodeInput = { phone: string; otp: string; language: Locale; name: string };

const attemptsSchema = z.object({ attemptsLeft: z.number() });

function toAuthError(error: unknown): AuthError {
  if (!(error instanceof ApiError)) return { code: 'unexpected', message: '' };
  const details = attemptsSchema.safeParse(error.data);
  return details.success
    ? { code: error.code, message: error.message, attemptsLeft: details.data.attemptsLeft }
    : { code: error.code, message: error.message };
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

function notImplemented(name: string): never {
  throw new Error(`auth machine: ${name} must be provided`);
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    loadSession: fromPromise<StoredSession | null>(async () => notImplemented('loadSession')),
    sendCode: fromPromise<CodeSent, SendCodeInput>(async () => notImplemented('sendCode')),
    verifyCode: fromPromise<SignedIn, VerifyCodeInput>(async () => notImplemented('verifyCode')),
    fetchUser: fromPromise<User, { token: string }>(async () => notImplemented('fetchUser')),
    revokeSession: fromPromise<void, { token: string }>(async () => notImplemented('revokeSession')),
  },
  actions: {
    persistSession: (_, _session: { token: string; user: User }) => {},
    persistUser: (_, _user: User) => {},
    forgetSession: () => {},
    notifySessionExpired: () => {},
    logLogoutFailure: (_, _error: unknown) => {},
    logRefreshFailure: (_, _error: unknown) => {},
    clearSession: assign({ token: null, user: null, phone: null, resendAvailableAt: null, error: null }),
    clearError: assign({ error: null }),
  },
  guards: {
    isAuthRejection: (_, error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403),
  },
}).createMachine({
  id: 'auth',
  initial: 'restoring',
  context: { token: null, user: null, phone: null, resendAvailableAt: null, error: null },
  states: {
    restoring: {
      invoke: {
        src: 'loadSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: assign(({ event }) => ({ token: event.output?.token ?? null, user: event.output?.user ?? null })),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },

    signedOut: {
      initial: 'enteringPhone',
      states: {
        enteringPhone: {
          on: {
            SUBMIT_PHONE: {
              target: 'sendingCode',
              actions: [assign({ phone: ({ event }) => event.phone }), 'clearError'],
            },
          },
        },
        sendingCode: {
          invoke: {
            src: 'sendCode',
            input: ({ context, event }) => ({
              phone: context.phone ?? '',
              language: event.type === 'SUBMIT_PHONE' ? event.language : 'en',
            }),
            onDone: {
              target: 'enteringCode',
              actions: assign(({ event }) => ({
                phone: event.output.phone,
                resendAvailableAt: Date.now() + event.output.resendAfterSec * 1000,
              })),
            },
            onError: {
              target: 'enteringPhone',
              actions: assign({ error: ({ event }) => toAuthError(event.error) }),
            },
          },
        },
        enteringCode: {
          on: {
            SUBMIT_CODE: { target: 'verifyingCode', actions: 'clearError' },
            RESEND: { target: 'resendingCode', actions: 'clearError' },
            CHANGE_PHONE: { target: 'enteringPhone', actions: 'clearError' },
          },
        },
        resendingCode: {
          invoke: {
            src: 'sendCode',
            input: ({ context, event }) => ({
              phone: context.phone ?? '',
              language: event.type === 'RESEND' ? event.language : 'en',
            }),
            onDone: {
              target: 'enteringCode',
              actions: assign(({ event }) => ({
                phone: event.output.phone,
                resendAvailableAt: Date.now() + event.output.resendAfterSec * 1000,
              })),
            },
            onError: {
              target: 'enteringCode',
              actions: assign(({ context, event }) => {
                const wait = retryAfterSec(event.error);
                return {
                  error: toAuthError(event.error),
                  resendAvailableAt: wait === null ? context.resendAvailableAt : Date.now() + wait * 1000,
                };
              }),
            },
          },
        },
        verifyingCode: {
          invoke: {
            src: 'verifyCode',
            input: ({ context, event }) => ({
              phone: context.phone ?? '',
              otp: event.type === 'SUBMIT_CODE' ? event.code : '',
              name: event.type === 'SUBMIT_CODE' ? event.name : '',
              language: event.type === 'SUBMIT_CODE' ? event.language : 'en',
            }),
            onDone: {
              target: '#auth.signedIn.ready',
              actions: [
                assign(({ event }) => ({
                  token: event.output.token,
                  user: event.output.user,
                  phone: null,
                  resendAvailableAt: null,
                  error: null,
                })),
                { type: 'persistSession', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
              ],
            },
            onError: {
              target: 'enteringCode',
              actions: assign({ error: ({ event }) => toAuthError(event.error) }),
            },
          },
        },
      },
    },

    signedIn: {
      initial: 'refreshing',
      on: {
        LOGOUT: '.signingOut',
        SIGNED_OUT: { target: 'signedOut', actions: ['clearSession', 'forgetSession'] },
        SESSION_EXPIRED: {
          target: 'signedOut',
          actions: ['clearSession', 'forgetSession', 'notifySessionExpired'],
        },
        USER_UPDATED: {
          actions: [assign({ user: ({ event }) => event.user }), { type: 'persistUser', params: ({ event }) => event.user }],
        },
      },
      states: {
        refreshing: {
          invoke: {
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'ready',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'persistUser', params: ({ event }) => event.output }],
            },
            onError: [
              {
                guard: { type: 'isAuthRejection', params: errorOf },
                target: '#auth.signedOut',
                actions: ['clearSession', 'forgetSession', 'notifySessionExpired'],
              },
              { target: 'ready', actions: { type: 'logRefreshFailure', params: errorOf } },
            ],
          },
        },
        ready: {},
        signingOut: {
          invoke: {
            src: 'revokeSession',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: '#auth.signedOut', actions: ['clearSession', 'forgetSession'] },
            onError: {
              target: '#auth.signedOut',
              actions: [{ type: 'logLogoutFailure', params: errorOf }, 'clearSession', 'forgetSession'],
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
