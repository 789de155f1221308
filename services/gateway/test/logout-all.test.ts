import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/config.ts';
import { hashToken } from '../src/identity/sessions.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { connectSocket } from './support/ws-client.ts';

type Session = Awaited<ReturnType<TestPlatform['signIn']>>;

let t: TestPlatform;
let base: string;
beforeAll(async () => {
  t = await startPlatform();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

/** One player signed in `count` times (a code an hour apart, past the resend cool-down): one session per device. */
async function devices(count: number) {
  const phone = t.nextPhone();
  const sessions: Session[] = [];
  for (let n = 0; n < count; n += 1) {
    if (n > 0) t.clock.advance(LIMITS.otpWindowSec * 1000);
    sessions.push(await t.signIn(phone));
  }
  return sessions;
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
const logoutAll = (token: string, language = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-all', headers: { ...bearer(token), 'accept-language': language } });

describe('sign out everywhere', () => {
  it('revokes every session of the player, and only theirs', async () => {
    const sessions = await devices(3);
    const someoneElse = await t.signIn();

    const out = await logoutAll(sessions[0]!.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, data: { sessions: 3 }, message: 'You are signed out on every device' });
    for (const { token } of sessions) expect((await me(token)).statusCode).toBe(401);
    expect((await me(someoneElse.token)).statusCode).toBe(200);
    // The token that asked is revoked too: asking again is unauthorized.
    expect((await logoutAll(sessions[1]!.token)).statusCode).toBe(401);
  });

  it('answers in the player’s language', async () => {
    const { token } = await t.signIn(undefined, { language: 'am' });
    expect((await logoutAll(token, 'am')).json()).toMatchObject({ message: 'በሁሉም መሣሪያዎች ላይ ከመለያዎ ወጥተዋል' });
  });

  it('announces the hash of every revoked token (what closes sockets on the other gateways)', async () => {
    const sessions = await devices(2);
    const announced: string[] = [];
    const stop = t.identity.sessions.onRevoked((tokenHash) => announced.push(tokenHash));
    try {
      await logoutAll(sessions[1]!.token);
    } finally {
      stop();
    }
    expect(announced.sort()).toEqual(sessions.map(({ token }) => hashToken(token)).sort());
  });

  it('closes every socket of the player at once, whichever session opened it', async () => {
    const [first, second] = (await devices(2)) as [Session, Session];
    const other = await t.signIn();
    const sockets = await Promise.all([connectSocket(base, first.token), connectSocket(base, second.token)]);
    const untouched = await connectSocket(base, other.token);
    for (const ws of [...sockets, untouched]) {
      ws.send({ type: 'ping' });
      await ws.next('pong');
    }

    await logoutAll(first.token);
    for (const ws of sockets) {
      expect(await ws.next('error')).toMatchObject({ code: 'unauthorized' });
      expect((await ws.closed()).code).toBe(4401);
    }
    untouched.send({ type: 'subscribe', channel: `user:${other.user.id}` });
    expect(await untouched.next('subscribed')).toMatchObject({ channel: `user:${other.user.id}` });
    untouched.close();
  });
});
