import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
let clientDir: string;
beforeAll(async () => {
  t = await startPlatform();
  clientDir = await mkdtemp(path.join(tmpdir(), 'qal-client-dist-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Qal</title><div id="root"></div>');
  await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log("qal")');
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** A second app over the same platform with other settings (cheap: no new database). */
const appWith = async (config: Partial<TestPlatform['config']>) => {
  const { app } = await buildApp({ ...t.platform, config: { ...t.config, ...config }, clock: t.clock, logger: false });
  await app.ready();
  return app;
};

describe('envelopes of the API calls', () => {
  it('wrap every answer in {success, data, message?}', async () => {
    const phone = t.nextPhone();
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone, language: 'en' } });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-otp',
      payload: { phone, otp: t.sms.lastCodeFor(phone), language: 'en' },
    });
    const { token } = verified.json().data;
    const auth = bearer(token);
    const calls = {
      sendOtp: sent,
      verifyOtp: verified,
      getUser: await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: auth }),
      putUser: await t.app.inject({ method: 'PUT', url: '/api/v1/user', headers: auth, payload: { name: 'Meron' } }),
      bonus: await t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: auth }),
      stats: await t.app.inject({ method: 'GET', url: '/api/v1/user/stats', headers: auth }),
      refresh: await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth }),
    };
    for (const [name, response] of Object.entries(calls)) {
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type'], name).toMatch(/^application\/json/);
      const body = response.json();
      expect(body.success, name).toBe(true);
      expect(
        Object.keys(body).every((k) => ['success', 'data', 'message'].includes(k)),
        name,
      ).toBe(true);
    }
    expect(Object.keys(calls.verifyOtp.json().data).sort()).toEqual(['isNew', 'token', 'user']);
    expect(Object.keys(calls.getUser.json().data).sort()).toEqual(
      ['avatar', 'badge', 'can_claim_daily_bonus', 'created_at', 'email', 'id', 'language', 'name', 'phone', 'tokens', 'username'].sort(),
    );
    expect(calls.putUser.json().data.name).toBe('Meron');
    expect(calls.bonus.json().data.user_tokens).toBe(110);
    // Tokens earned are what games paid out; grants and bonuses are not earnings.
    expect(calls.stats.json().data.overall_stats.tokens_earned).toBe(0);
    expect(Object.keys(calls.refresh.json().data).sort()).toEqual(['token', 'user']);
    const newToken = calls.refresh.json().data.token;
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(newToken) });
    expect(logout.json()).toEqual({ success: true, data: {}, message: 'You are signed out' });
  });

  it('accepts a POST with a JSON content type and no body', async () => {
    const { token } = await t.signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/claim-daily-bonus',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers broken JSON, oversized bodies and unknown API paths with failure envelopes', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, code: 'invalid_json' });
    const huge = await t.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone: 'x'.repeat(70 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { 'accept-language': 'am' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, code: 'not_found', message: 'አልተገኘም' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      headers: { 'content-type': 'text/xml' },
      payload: '<phone/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('unsupported_media_type');
  });

  it('lists the playable game catalogue', async () => {
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/v1/games' })).json();
    expect(catalogue).toMatchObject({
      success: true,
      data: {
        games: [
          { slug: 'hangman', category: 'word', cost: 9 },
          { slug: 'crazy', category: 'card', cost: 15, multiplayer: true },
          { slug: 'codebreaker', category: 'code_breaker', cost: 5 },
          { slug: 'mines', category: 'mines', cost: 1 },
          { slug: 'sum-chaser', category: 'prediction', cost: 5 },
          { slug: 'geo-sprint', category: 'trivia', cost: 8 },
          { slug: 'math-sprint', category: 'math', cost: 10 },
          { slug: 'rapid-recall', category: 'memory', cost: 8 },
        ],
      },
    });
  });

  it("serves a game's rule table in both languages, and 404 for a game without one", async () => {
    const crazy = (await t.app.inject({ method: 'GET', url: '/api/v1/games/crazy/rules' })).json();
    expect(crazy.data.slug).toBe('crazy');
    expect(crazy.data.rules[0]).toMatchObject({ id: 'deal', text: { en: expect.stringContaining('two decks'), am: expect.any(String) } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/games/hangman/rules' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/games/nope/rules' })).statusCode).toBe(404);
  });
});

describe('operations', () => {
  it('has /health and /ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ok' });
    const { app } = await buildApp({ ...t.platform, config: t.config, clock: t.clock, logger: false, isReady: () => false });
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    await app.close();
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("font-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits requests per IP and says when to come back', async () => {
    const app = await appWith({ rateLimitPerMinute: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await app.inject({ method: 'GET', url: '/api/v1/games', remoteAddress: '10.55.0.1' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await app.inject({ method: 'GET', url: '/api/v1/games', remoteAddress: '10.55.0.1' });
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited', data: { retryAfterSec: expect.any(Number) } });
    expect((await app.inject({ method: 'GET', url: '/api/v1/games', remoteAddress: '10.55.0.2' })).statusCode).toBe(200);
    await app.close();
  });

  it("does not count the client's files against the budget: a first load is thirty of them", async () => {
    const app = await appWith({ rateLimitPerMinute: 3, clientDistDir: clientDir });
    for (let i = 0; i < 10; i++) {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js', remoteAddress: '10.55.0.3' });
      expect(asset.statusCode, `asset request ${i + 1}`).toBe(200);
    }
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: '/wallet', remoteAddress: '10.55.0.3' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await app.close();
  });

  it('allows cross-origin calls only from the configured origins', async () => {
    const app = await appWith({ corsOrigins: ['https://play.qal.example'] });
    const allowed = await app.inject({ method: 'GET', url: '/api/v1/games', headers: { origin: 'https://play.qal.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://play.qal.example');
    const other = await app.inject({ method: 'GET', url: '/api/v1/games', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});

describe('the web client', () => {
  it('tells how to build it when client/dist is missing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/npm run build/);
  });

  it('is served with an SPA fallback for page paths, never for /api', async () => {
    const app = await appWith({ clientDistDir: clientDir });
    for (const url of ['/', '/wallet', '/am/profile']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, `${url} ${page.body}`).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const avatar = await app.inject({ method: 'GET', url: '/storage/avatars/none.webp' });
    expect(avatar.statusCode).toBe(404);
    await app.close();
  });
});
