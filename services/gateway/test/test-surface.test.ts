import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TEST_DEBUG_CHANNEL, TEST_PAGE_PATHS, TEST_WS_PATH } from '@qal/events';
import { buildApp } from '../src/app.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { collect, connectSocket } from './support/ws-client.ts';

let t: TestPlatform;
let wsBase: string;
let clientDir: string;
beforeAll(async () => {
  t = await startPlatform();
  wsBase = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  clientDir = await mkdtemp(path.join(tmpdir(), 'qal-test-surface-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Qal</title><div id="root"></div>');
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe('the test surface where it is on (development and tests)', () => {
  it('answers the auth test without a session, to JSON and to the XMLHttpRequest marker, saying nothing else', async () => {
    const answer = await post('/debug/auth-test', { hello: 'world' }, { 'x-requested-with': 'XMLHttpRequest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: { ok: true } });
    expect((await post('/debug/auth-test')).json()).toEqual({ success: true, data: { ok: true } });
  });

  it('answers the channel auth test, and refuses a body without a channel', async () => {
    const answer = await post('/broadcasting/auth-test', { channel_name: TEST_DEBUG_CHANNEL, socket_id: '1234.5678' });
    expect(answer.json()).toEqual({ success: true, data: { ok: true } });
    const refused = await post('/broadcasting/auth-test', { socket_id: '1234.5678' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', data: { fields: { channel_name: expect.any(String) } } });
  });

  it("authorises the player's own channel and test.debug for the bearer", async () => {
    const { token, user } = await t.signIn();
    for (const channel of [`user:${user.id}`, TEST_DEBUG_CHANNEL]) {
      const answer = await post('/broadcasting/auth', { channel_name: channel, socket_id: '1.2' }, bearer(token));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, data: { channel, authorized: true } });
    }
  });

  it("refuses another player's private channel in the player's language, as the socket does", async () => {
    const other = await t.signIn();
    const { token } = await t.signIn(undefined, { language: 'am' });
    const answer = await post('/broadcasting/auth', { channel_name: `user:${other.user.id}` }, bearer(token));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ success: false, code: 'forbidden_channel', message: 'ይህን ቻናል መከታተል አልተፈቀደልዎትም' });
    const unknown = await post('/broadcasting/auth', { channel_name: 'lobby:all' }, bearer(token));
    expect(unknown.json()).toMatchObject({ code: 'unknown_channel' });
  });

  it('refuses the channel authorisation without a session', async () => {
    const answer = await post('/broadcasting/auth', { channel_name: TEST_DEBUG_CHANNEL });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('documents its calls in the API reference', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const url of ['/debug/auth-test', '/broadcasting/auth-test', '/broadcasting/auth'])
      expect(docs.paths).toHaveProperty([`/api/v1${url}`, 'post']);
  });

  it('lets a signed-in socket follow test.debug', async () => {
    const { token } = await t.signIn();
    const ws = await connectSocket(wsBase, token);
    ws.send({ type: 'subscribe', channel: TEST_DEBUG_CHANNEL });
    expect(await ws.next('subscribed')).toEqual({
      type: 'subscribed',
      channel: TEST_DEBUG_CHANNEL,
      version: 0,
      snapshot: { channel: TEST_DEBUG_CHANNEL },
    });
    ws.close();
  });

  it('opens a guest socket that answers ping and refuses every subscription', async () => {
    const socket = new WebSocket(`${wsBase}${TEST_WS_PATH}`, { headers: { 'accept-language': 'en' } });
    const ws = collect(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    ws.send({ type: 'ping' });
    expect(await ws.next('pong')).toEqual({ type: 'pong' });
    ws.send({ type: 'subscribe', channel: TEST_DEBUG_CHANNEL });
    expect(await ws.next('error')).toEqual({
      type: 'error',
      code: 'unauthorized',
      channel: TEST_DEBUG_CHANNEL,
      message: 'Not authenticated',
    });
    ws.close();
  });
});

describe('the test surface where it is off (production without QAL_TEST_SURFACE)', () => {
  it('answers 404 for its calls, pages, socket and channel, and still serves the other pages', async () => {
    const { app } = await buildApp({
      ...t.platform,
      config: { ...t.config, testSurface: false, clientDistDir: clientDir },
      clock: t.clock,
      logger: false,
    });
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const { token } = await t.signIn();
    try {
      for (const url of ['/debug/auth-test', '/broadcasting/auth-test', '/broadcasting/auth']) {
        const answer = await app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: bearer(token),
          payload: { channel_name: TEST_DEBUG_CHANNEL },
        });
        expect([url, answer.statusCode]).toEqual([url, 404]);
      }
      const pages = TEST_PAGE_PATHS.flatMap((page) => [page, `/am${page}`, `${page}/`, `${page}?room=ABC234`, page.toUpperCase()]);
      for (const url of [...pages, TEST_WS_PATH]) {
        expect([url, (await app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
      }
      expect((await app.inject({ method: 'GET', url: '/am/wallet' })).statusCode).toBe(200);

      const ws = await connectSocket(base, token);
      ws.send({ type: 'subscribe', channel: TEST_DEBUG_CHANNEL });
      expect(await ws.next('error')).toMatchObject({ code: 'unknown_channel', channel: TEST_DEBUG_CHANNEL });
      ws.close();
    } finally {
      await app.close();
    }
  });

  it('serves the test pages where it is on', async () => {
    const { app } = await buildApp({ ...t.platform, config: { ...t.config, clientDistDir: clientDir }, clock: t.clock, logger: false });
    try {
      for (const url of TEST_PAGE_PATHS.flatMap((page) => [page, `/am${page}`])) {
        const answer = await app.inject({ method: 'GET', url });
        expect([url, answer.statusCode, answer.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      }
    } finally {
      await app.close();
    }
  });
});
