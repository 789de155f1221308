import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api-client.ts';
import { aUser } from '../../testing/fixtures.ts';
import type { StoredSession } from './session-storage.ts';
import type { User } from './user.ts';
import { authMachine } from './auth-machine.ts';

type Fakes = {
  stored?: StoredSession | null;
  fetchUser?: () => Promise<User>;
  sendCode?: (input: { phone: string }) => Promise<{ phone: string; expiresInSec: number; resendAfterSec: number }>;
  verifyCode?: (input: { phone: string; otp: string; name: string }) => Promise<{ user: User; token: string }>;
  revokeSession?: () => Promise<void>;
};

function start(fakes: Fakes = {}) {
  const calls = {
    persisted: [] as { token: string; user: User }[],
    forgotten: 0,
    sessionExpiredToasts: 0,
    logoutFailures: 0,
    verifyInputs: [] as { phone: string; otp: string; name: string }[],
  };
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise(async () => fakes.stored ?? null),
      fetchUser: fromPromise(async () => (fakes.fetchUser ?? (async () => aUser()))()),
      sendCode: fromPromise(async ({ input }) =>
        (fakes.sendCode ?? (async () => ({ phone: '+251911223344', expiresInSec: 300, resendAfterSec: 60 })))(input),
      ),
      verifyCode: fromPromise(async ({ input }) => {
        calls.verifyInputs.push(input);
        return (fakes.verifyCode ?? (async () => ({ user: aUser(), token: 'new-token' })))(input);
      }),
      revokeSession: fromPromise(async () => (fakes.revokeSession ?? (async () => {}))()),
    },
    actions: {
      persistSession: (_, session) => void calls.persisted.push(session),
      forgetSession: () => void calls.forgotten++,
      notifySessionExpired: () => void calls.sessionExpiredToasts++,
      logLogoutFailure: () => void calls.logoutFailures++,
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

const fresh: StoredSession = { token: 'stored-token', user: aUser({ name: 'Old Name' }), authenticatedAt: 1 };

describe('auth machine: restoring', () => {
  it('is signed out when nothing was stored', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('restores the stored session, then refreshes the user from the server', async () => {
    const { actor } = start({ stored: fresh, fetchUser: async () => aUser({ name: 'New Name' }) });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(actor.getSnapshot().context.token).toBe('stored-token');
    expect(actor.getSnapshot().context.user?.name).toBe('New Name');
  });

  it.each([401, 403])('clears the session and says "Session expired" when the refresh answers %i', async (status) => {
    const { actor, calls } = start({
      stored: fresh,
      fetchUser: async () => {
        throw new ApiError(status, 'unauthorized', 'Unauthorized');
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(calls.forgotten).toBe(1);
    expect(calls.sessionExpiredToasts).toBe(1);
  });

  it('keeps the session when the refresh fails for another reason (offline)', async () => {
    const { actor, calls } = start({
      stored: fresh,
      fetchUser: async () => {
        throw new ApiError(0, 'network_error', '');
      },
    });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(actor.getSnapshot().context.user?.name).toBe('Old Name');
    expect(calls.sessionExpiredToasts).toBe(0);
  });
});

describe('auth machine: signing in with a phone code', () => {
  it('sends the code, verifies it and stores the session', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SUBMIT_PHONE', phone: '+251911223344', language: 'am' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringCode' }));
    expect(actor.getSnapshot().context.resendAvailableAt).toBeGreaterThan(Date.now() + 50_000);

    actor.send({ type: 'SUBMIT_CODE', code: '123456', name: 'Abebe', language: 'am' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    expect(calls.verifyInputs[0]).toMatchObject({ phone: '+251911223344', otp: '123456', name: 'Abebe' });
    expect(calls.persisted).toEqual([{ token: 'new-token', user: aUser() }]);
  });

  it('goes back to the phone step with the server message when sending fails', async () => {
    const { actor } = start({
      sendCode: async () => {
        throw new ApiError(400, 'invalid_phone', 'Invalid Ethiopian phone number format');
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SUBMIT_PHONE', phone: '123', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringPhone' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'invalid_phone',
      message: 'Invalid Ethiopian phone number format',
    });
  });

  it('stays on the code step with the message after a wrong code, and accepts a retry', async () => {
    let attempt = 0;
    const { actor } = start({
      verifyCode: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(401, 'otp_incorrect', 'Incorrect code', { attemptsLeft: 4 });
        return { user: aUser(), token: 'tok' };
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SUBMIT_PHONE', phone: '+251911223344', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringCode' }));
    actor.send({ type: 'SUBMIT_CODE', code: '000000', name: '', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringCode' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'otp_incorrect', message: 'Incorrect code', attemptsLeft: 4 });
    actor.send({ type: 'SUBMIT_CODE', code: '123456', name: '', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
  });

  it('moves the resend countdown to the server retry time when resending is refused', async () => {
    const { actor } = start({
      sendCode: vi
        .fn()
        .mockResolvedValueOnce({ phone: '+251911223344', expiresInSec: 300, resendAfterSec: 0 })
        .mockRejectedValueOnce(new ApiError(429, 'otp_resend_too_soon', 'Wait', { retryAfterSec: 120 })),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'SUBMIT_PHONE', phone: '+251911223344', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringCode' }));
    actor.send({ type: 'RESEND', language: 'en' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'enteringCode' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.resendAvailableAt).toBeGreaterThan(Date.now() + 100_000);
  });
});

describe('auth machine: signed in', () => {
  it('logs out locally even when the server call fails, and logs the failure', async () => {
    const { actor, calls } = start({
      stored: fresh,
      revokeSession: async () => {
        throw new ApiError(0, 'network_error', '');
      },
    });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(calls.forgotten).toBe(1);
    expect(calls.logoutFailures).toBe(1);
  });

  it('signs out with "Session expired" when any call reports the session gone', async () => {
    const { actor, calls } = start({ stored: fresh });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls.sessionExpiredToasts).toBe(1);
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(calls.sessionExpiredToasts).toBe(1);
  });

  it('takes an updated user (e.g. after claiming the daily bonus)', async () => {
    const { actor } = start({ stored: fresh });
    await waitFor(actor, (s) => s.matches({ signedIn: 'ready' }));
    actor.send({ type: 'USER_UPDATED', user: aUser({ tokens: 110, can_claim_daily_bonus: false }) });
    expect(actor.getSnapshot().context.user).toMatchObject({ tokens: 110, can_claim_daily_bonus: false });
  });
});
