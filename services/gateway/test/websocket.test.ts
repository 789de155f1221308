import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/config.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { connectSocket, openSocket } from './support/ws-client.ts';

let t: TestPlatform;
let base: string;
beforeAll(async () => {
  t = await startPlatform();
  // A real socket (not injectWS), so listeners are attached before the server's first message, as in a browser.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

const connect = (token: string, headers: Record<string, string> = {}) => connectSocket(base, token, headers);

describe('websocket', () => {
  it('refuses a bad token, or a first message other than auth, with an error and close code 4401', async () => {
    const { user } = await t.signIn();
    const badToken = await connect('not-a-session-token-at-all-0123456789');
    const noAuth = await openSocket(`${base}/ws`);
    noAuth.send({ type: 'subscribe', channel: `user:${user.id}` });
    for (const ws of [badToken, noAuth]) {
      expect(await ws.next('error')).toEqual({ type: 'error', code: 'unauthorized', message: 'Not authenticated' });
      expect((await ws.closed()).code).toBe(4401);
      expect(ws.received.filter((m) => m.type === 'subscribed')).toEqual([]);
    }
  });

  it('refuses the token in the URL (the old way), even a good one, and follows nothing', async () => {
    const { token, user } = await t.signIn();
    const ws = await openSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
    ws.send({ type: 'auth', token });
    ws.send({ type: 'subscribe', channel: `user:${user.id}` });
    expect(await ws.next('error')).toMatchObject({ code: 'ws_token_in_url' });
    expect((await ws.closed()).code).toBe(4401);
    expect(ws.received.map((m) => m.type)).toEqual(['error']);
  });

  it('answers ping with pong', async () => {
    const { token } = await t.signIn();
    const ws = await connect(token);
    ws.send({ type: 'ping' });
    expect(await ws.next('pong')).toEqual({ type: 'pong' });
    ws.close();
  });

  it('gives the wallet as the snapshot of the own user channel', async () => {
    const { token, user } = await t.signIn();
    const ws = await connect(token);
    ws.send({ type: 'subscribe', channel: `user:${user.id}` });
    const subscribed = await ws.next('subscribed');
    expect(subscribed).toMatchObject({ channel: `user:${user.id}`, snapshot: { balance: 100, held: 0, available: 100 } });
    expect(subscribed.version).toBeGreaterThan(0);
    ws.close();
  });

  it("refuses someone else's channel with forbidden_channel, in the user's language", async () => {
    const a = await t.signIn();
    const b = await t.signIn(undefined, { language: 'am' });
    const ws = await connect(b.token);
    ws.send({ type: 'subscribe', channel: `user:${a.user.id}` });
    expect(await ws.next('error')).toEqual({
      type: 'error',
      code: 'forbidden_channel',
      channel: `user:${a.user.id}`,
      message: 'ይህን ቻናል መከታተል አልተፈቀደልዎትም',
    });
    ws.close();
  });

  it('refuses unknown channels and malformed messages', async () => {
    const { token } = await t.signIn();
    const ws = await connect(token, { 'accept-language': 'en' });
    ws.send({ type: 'subscribe', channel: 'lobby:all' });
    expect(await ws.next('error', (m) => m.code === 'unknown_channel')).toMatchObject({ channel: 'lobby:all' });
    ws.send({ type: 'dance' });
    expect(await ws.next('error', (m) => m.code === 'invalid_message')).toBeTruthy();
    ws.close();
  });

  it('pushes the new wallet with a higher version after a daily bonus', async () => {
    const { token, user } = await t.signIn();
    const ws = await connect(token);
    const channel = `user:${user.id}`;
    ws.send({ type: 'subscribe', channel });
    const subscribed = await ws.next('subscribed');
    const claim = await t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: bearer(token) });
    expect(claim.statusCode).toBe(200);
    const push = await ws.next('push', (m) => m.channel === channel);
    expect(push).toMatchObject({ type: 'push', channel, event: 'wallet', data: { balance: 110, held: 0, available: 110 } });
    expect(push.version).toBeGreaterThan(subscribed.version);
    ws.close();
  });

  it('stops pushing after unsubscribe', async () => {
    const { token, user } = await t.signIn();
    const ws = await connect(token);
    const channel = `user:${user.id}`;
    ws.send({ type: 'subscribe', channel });
    await ws.next('subscribed');
    ws.send({ type: 'unsubscribe', channel });
    expect(await ws.next('unsubscribed')).toEqual({ type: 'unsubscribed', channel });
    await t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: bearer(token) });
    // A ping after the claim: its pong arrives after any push the claim could have caused on this socket.
    await new Promise((resolve) => setTimeout(resolve, 400));
    ws.send({ type: 'ping' });
    await ws.next('pong');
    expect(ws.received.filter((m) => m.type === 'push')).toEqual([]);
    ws.close();
  });

  it('closes a socket whose session was revoked when it next subscribes', async () => {
    const { token, user } = await t.signIn();
    const ws = await connect(token);
    ws.send({ type: 'ping' });
    await ws.next('pong');
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(token) });
    ws.send({ type: 'subscribe', channel: `user:${user.id}` });
    expect(await ws.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await ws.closed()).code).toBe(4401);
  });

  it('closes every socket of a token at once when it signs out, and leaves other sessions open', async () => {
    const first = await t.signIn();
    const second = await t.signIn();
    const [a, b, other] = await Promise.all([connect(first.token), connect(first.token), connect(second.token)]);
    for (const ws of [a, b, other]) {
      ws.send({ type: 'ping' });
      await ws.next('pong');
    }
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(first.token) });
    for (const ws of [a, b]) {
      expect(await ws.next('error')).toMatchObject({ code: 'unauthorized' });
      expect((await ws.closed()).code).toBe(4401);
    }
    other.send({ type: 'subscribe', channel: `user:${second.user.id}` });
    expect(await other.next('subscribed')).toMatchObject({ channel: `user:${second.user.id}` });
    other.close();
  });

  it('closes a socket that floods messages: an error naming the limit, then 1008', async () => {
    const { token } = await t.signIn();
    const ws = await connect(token, { 'accept-language': 'en' });
    ws.send({ type: 'ping' });
    await ws.next('pong');
    const sent = LIMITS.wsMessageBurst * 3;
    for (let i = 0; i < sent; i++) ws.send({ type: 'ping' });
    expect(await ws.next('error')).toEqual({
      type: 'error',
      code: 'ws_too_many_messages',
      message: 'Too many messages on this connection. Please slow down',
    });
    expect((await ws.closed()).code).toBe(1008);
    expect(ws.received.filter((m) => m.type === 'pong').length).toBeLessThan(sent);
  });

  it("refuses a player's socket past the cap of open sockets, and takes one again once another closed", async () => {
    const { token } = await t.signIn();
    const open = [];
    for (let i = 0; i < LIMITS.wsMaxSocketsPerUser; i++) {
      const ws = await connect(token);
      ws.send({ type: 'ping' });
      await ws.next('pong');
      open.push(ws);
    }
    const extra = await connect(token, { 'accept-language': 'am' });
    expect(await extra.next('error')).toMatchObject({ code: 'ws_too_many_sockets', message: expect.stringContaining('ቃል') });
    expect((await extra.closed()).code).toBe(1008);
    open.pop()!.close();
    const again = await connect(token);
    again.send({ type: 'ping' });
    expect(await again.next('pong')).toEqual({ type: 'pong' });
    for (const ws of [...open, again]) ws.close();
  });

  it('after a refresh, closes the old token’s socket and pushes to the new token’s', async () => {
    const { token, user } = await t.signIn();
    const channel = `user:${user.id}`;
    const old = await connect(token);
    old.send({ type: 'subscribe', channel });
    await old.next('subscribed');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) });
    const newToken = (refreshed.json() as { data: { token: string } }).data.token;
    expect((await old.closed()).code).toBe(4401);
    const ws = await connect(newToken);
    ws.send({ type: 'subscribe', channel });
    await ws.next('subscribed');
    await t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: bearer(newToken) });
    expect(await ws.next('push', (m) => m.channel === channel)).toMatchObject({ event: 'wallet', data: { balance: 110 } });
    ws.close();
  });

  // Last: it moves the platform's clock a month on.
  it('closes a socket with 4401 when its session expires, without waiting for its next message', async () => {
    const signedInAt = t.clock().getTime();
    const { token, user } = await t.signIn();
    const expiresAt = signedInAt + LIMITS.sessionTtlSec * 1000;
    t.clock.set(new Date(expiresAt - 200));
    const ws = await connect(token);
    const channel = `user:${user.id}`;
    ws.send({ type: 'subscribe', channel });
    await ws.next('subscribed');
    t.clock.set(new Date(expiresAt + 1));
    expect(await ws.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await ws.closed()).code).toBe(4401);
  });
});
