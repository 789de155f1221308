import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/config.ts';
import { purgeIdentityLeftovers } from '../src/identity/housekeeping.ts';
import { hashToken } from '../src/identity/sessions.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh client address per test, so the per-IP hourly limit only bites where a test wants it. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const post = (url: string, payload: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? freshIp(),
  });

async function requestCode(phone = t.nextPhone()) {
  const sent = await post('/auth/send-otp', { phone });
  expect(sent.statusCode).toBe(200);
  return { phone, code: t.sms.lastCodeFor(phone) };
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone sign-in', () => {
  it('sends a code, verifies it, and answers with the new user, a token and the welcome tokens', async () => {
    const sent = await post('/auth/send-otp', { phone: '0912 345 678' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      data: { phone: '+251912345678', expiresInSec: 300, resendAfterSec: 60 },
      message: 'We sent you a verification code',
    });
    const code = t.sms.lastCodeFor('+251912345678');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post('/auth/verify-otp', { phone: '+251912345678', otp: code, name: '  Abebe  ' });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.success).toBe(true);
    expect(body.data.isNew).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({
      name: 'Abebe',
      username: null,
      email: null,
      phone: '+251912345678',
      avatar: null,
      tokens: 100,
      can_claim_daily_bonus: true,
      language: 'en',
    });
    expect(new Date(body.data.user.created_at).toISOString()).toBe(body.data.user.created_at);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(body.data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(body.data.user);
  });

  it('publishes PlayerRegistered (without the phone number) on the player stream', async () => {
    const { user } = await t.signIn(undefined, { name: 'Hana', language: 'am' });
    const events = await t.platform.store.readStream(`player-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['PlayerRegistered']);
    expect(events[0]!.data).toEqual({ userId: user.id, name: 'Hana', language: 'am', registeredAt: user.created_at });
    expect(JSON.stringify([events[0]!.data, events[0]!.metadata])).not.toContain(user.phone.slice(4));
  });

  it('gives a generated Adjective+Noun+number name when none (or only spaces) was sent', async () => {
    const { user } = await t.signIn(undefined, { name: '   ' });
    expect(user.name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{1,2}$/);
  });

  it('gives the generated name in Amharic to a player who signs in in Amharic', async () => {
    const { user } = await t.signIn(undefined, { language: 'am' });
    expect(user.name).toMatch(/^[\u1200-\u135A]+ [\u1200-\u135A]+ \d{1,2}$/u);
  });

  it('signs an existing player in again without a second welcome grant', async () => {
    const phone = t.nextPhone();
    const first = await t.signIn(phone);
    t.clock.advance(61_000);
    const second = await t.signIn(phone);
    expect(second.isNew).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.tokens).toBe(100);
  });

  it('sends the SMS in the language asked for', async () => {
    const phone = t.nextPhone();
    await post('/auth/send-otp', { phone, language: 'am' });
    const sms = t.sms.outbox.findLast((m) => m.to === phone)!;
    expect(sms.lang).toBe('am');
    expect(sms.text).toMatch(/[\u1200-\u137F]/);
  });
});

describe('sign-in refusals', () => {
  it('refuses a malformed phone number', async () => {
    for (const phone of ['12345', '0111234567', '+12025550100']) {
      const response = await post('/auth/send-otp', { phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, code: 'invalid_phone', message: 'Invalid Ethiopian phone number format' });
    }
    const verify = await post('/auth/verify-otp', { phone: '0111234567', otp: '123456' });
    expect(verify.json().code).toBe('invalid_phone');
  });

  it('says it in Amharic with Accept-Language: am', async () => {
    const response = await post('/auth/send-otp', { phone: 'abc' }, { headers: { 'accept-language': 'am' } });
    expect(response.json()).toEqual({ success: false, code: 'invalid_phone', message: 'ትክክለኛ የኢትዮጵያ ስልክ ቁጥር ያስገቡ' });
  });

  it('counts wrong codes down and burns the code at the fifth', async () => {
    const { phone, code } = await requestCode();
    const wrong = wrongCodeFor(code);
    for (const left of [4, 3, 2, 1]) {
      const response = await post('/auth/verify-otp', { phone, otp: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'otp_incorrect', data: { attemptsLeft: left } });
    }
    const fifth = await post('/auth/verify-otp', { phone, otp: wrong });
    expect(fifth.json()).toMatchObject({ code: 'otp_attempts_exhausted', data: { attemptsLeft: 0 } });
    const rightButBurned = await post('/auth/verify-otp', { phone, otp: code });
    expect(rightButBurned.statusCode).toBe(401);
    expect(rightButBurned.json().code).toBe('otp_attempts_exhausted');
  });

  it('refuses an expired code', async () => {
    const { phone, code } = await requestCode();
    t.clock.advance(5 * 60_000);
    const response = await post('/auth/verify-otp', { phone, otp: code });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'otp_expired', message: 'The code has expired. Request a new one' });
  });

  it('accepts a code until just before it expires', async () => {
    const { phone, code } = await requestCode();
    t.clock.advance(5 * 60_000 - 1_000);
    expect((await post('/auth/verify-otp', { phone, otp: code })).statusCode).toBe(200);
  });

  it('uses each code once', async () => {
    const { phone, code } = await requestCode();
    expect((await post('/auth/verify-otp', { phone, otp: code })).statusCode).toBe(200);
    const again = await post('/auth/verify-otp', { phone, otp: code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('otp_not_requested');
  });

  it('refuses a verify when no code was requested', async () => {
    const response = await post('/auth/verify-otp', { phone: t.nextPhone(), otp: '123456' });
    expect(response.json()).toMatchObject({ success: false, code: 'otp_not_requested' });
  });

  it('only the newest code counts after a resend', async () => {
    const { phone, code: first } = await requestCode();
    t.clock.advance(60_000);
    const { code: second } = await requestCode(phone);
    if (first !== second) expect((await post('/auth/verify-otp', { phone, otp: first })).json().code).toBe('otp_incorrect');
    expect((await post('/auth/verify-otp', { phone, otp: second })).statusCode).toBe(200);
  });

  it('opens exactly one session when the right code is sent twice at once', async () => {
    const { phone, code } = await requestCode();
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/auth/verify-otp', { phone, otp: code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const user = results.find((r) => r.statusCode === 200)!.json().data.user;
    const { rows } = await t.platform.db.query<{ n: number }>(`select count(*)::int as n from identity_sessions where user_id = $1`, [
      user.id,
    ]);
    expect(rows[0]!.n).toBe(1);
  });

  it('makes a resend wait 60 s, then 120 s, and says how long', async () => {
    const phone = t.nextPhone();
    expect((await post('/auth/send-otp', { phone })).statusCode).toBe(200);
    t.clock.advance(10_000);
    const tooSoon = await post('/auth/send-otp', { phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'otp_resend_too_soon', data: { retryAfterSec: 50 } });
    t.clock.advance(50_000);
    const second = await post('/auth/send-otp', { phone });
    expect(second.json().data.resendAfterSec).toBe(120);
    t.clock.advance(100_000);
    expect((await post('/auth/send-otp', { phone })).json()).toMatchObject({ code: 'otp_resend_too_soon', data: { retryAfterSec: 20 } });
  });

  it('sends at most 5 codes per phone per hour', async () => {
    const phone = t.nextPhone();
    for (const wait of [0, 60, 120, 240, 480]) {
      t.clock.advance(wait * 1000);
      expect((await post('/auth/send-otp', { phone })).statusCode).toBe(200);
    }
    t.clock.advance(960_000);
    const limited = await post('/auth/send-otp', { phone });
    expect(limited.statusCode).toBe(429);
    // The first of the five was sent 60+120+240+480+960 s = 1860 s ago: it leaves the hour in 1740 s.
    expect(limited.json()).toMatchObject({ code: 'otp_hourly_limit', data: { retryAfterSec: 1740 } });
    t.clock.advance(1_740_000);
    expect((await post('/auth/send-otp', { phone })).statusCode).toBe(200);
  });

  it('sends at most 20 codes per IP per hour', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 20; i++) expect((await post('/auth/send-otp', { phone: t.nextPhone() }, { ip })).statusCode).toBe(200);
    const limited = await post('/auth/send-otp', { phone: t.nextPhone() }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('otp_hourly_limit');
    expect(limited.json().data.retryAfterSec).toBeGreaterThan(0);
    expect((await post('/auth/send-otp', { phone: t.nextPhone() }, { ip: '10.99.0.2' })).statusCode).toBe(200);
  });

  it('refuses verifies from an address that sent too many wrong codes, so it cannot burn other people’s codes', async () => {
    const attacker = '10.98.0.1';
    expect(LIMITS.otpMaxWrongVerifiesPerIpPerWindow).toBe(20);
    // 20 wrong codes from one address, spread over four players' codes (each burned at its fifth)
    for (let i = 0; i < 4; i++) {
      const { phone, code } = await requestCode();
      for (let n = 0; n < 5; n++) await post('/auth/verify-otp', { phone, otp: wrongCodeFor(code) }, { ip: attacker });
    }
    const victim = await requestCode();
    for (let n = 0; n < 5; n++) {
      const refused = await post('/auth/verify-otp', { phone: victim.phone, otp: wrongCodeFor(victim.code) }, { ip: attacker });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'otp_verify_limit', data: { retryAfterSec: 3600 } });
    }
    // the right code from that address is refused unchecked too, so it cannot go on guessing
    expect((await post('/auth/verify-otp', { phone: victim.phone, otp: victim.code }, { ip: attacker })).json().code).toBe(
      'otp_verify_limit',
    );
    // the victim's code was never tried: one wrong try of their own leaves 4, and the right one signs them in
    expect((await post('/auth/verify-otp', { phone: victim.phone, otp: wrongCodeFor(victim.code) })).json()).toMatchObject({
      code: 'otp_incorrect',
      data: { attemptsLeft: 4 },
    });
    expect((await post('/auth/verify-otp', { phone: victim.phone, otp: victim.code })).statusCode).toBe(200);

    t.clock.advance(3600_000);
    const { phone, code } = await requestCode();
    expect((await post('/auth/verify-otp', { phone, otp: code }, { ip: attacker })).statusCode).toBe(200);
  });

  it('validates the body: a code must be 6 digits', async () => {
    const response = await post('/auth/verify-otp', { phone: t.nextPhone(), otp: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'validation_failed',
      message: 'Validation Failed',
      data: { fields: { otp: 'must be 6 digits' } },
    });
  });
});

describe('sessions', () => {
  const get = (token?: string) => t.app.inject({ method: 'GET', url: '/api/v1/user', headers: token ? bearer(token) : {} });

  it('refuses a missing or unknown token with 401', async () => {
    for (const response of [await get(), await get('x'.repeat(43))]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'unauthorized', message: 'Not authenticated' });
    }
  });

  it('expires a session after 30 days', async () => {
    const { token } = await t.signIn();
    t.clock.advance(30 * 24 * 3600_000 - 60_000);
    expect((await get(token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await get(token)).statusCode).toBe(401);
  });

  it('revokes the token at logout', async () => {
    const { token } = await t.signIn();
    const out = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: {} });
    expect((await get(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('rotates the token at refresh: the new one works, the old one is revoked', async () => {
    const { token, user } = await t.signIn();
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.data.user.id).toBe(user.id);
    expect(body.data.token).not.toBe(token);
    expect((await get(body.data.token)).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(401);
  });

  it('ends a session 90 days after the sign-in, however often it is refreshed', async () => {
    const day = 24 * 3600_000;
    expect(LIMITS.sessionMaxAgeSec).toBe(90 * 24 * 3600);
    let { token } = await t.signIn();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(29 * day);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) });
      expect(refreshed.statusCode).toBe(200);
      token = refreshed.json().data.token;
    }
    // refreshed on day 87: that token lives until day 90, not 30 days more
    t.clock.advance(3 * day - 60_000);
    expect((await get(token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await get(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses to refresh a session whose sign-in is older than the maximum age', async () => {
    const { token } = await t.signIn();
    // e.g. a session from before the maximum age existed, still unexpired
    const updated = await t.platform.db.query(`update identity_sessions set signed_in_at = $2 where token_hash = $1`, [
      hashToken(token),
      new Date(t.clock().getTime() - LIMITS.sessionMaxAgeSec * 1000),
    ]);
    expect(updated.rowCount).toBe(1);
    expect((await get(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('gives one new token when one token is refreshed twice at once', async () => {
    const { token } = await t.signIn();
    const results = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('housekeeping deletes long-dead sessions and codes, never a live session', async () => {
    const dead = await t.signIn();
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/logout', headers: bearer(dead.token) });
    t.clock.advance(8 * 24 * 3600_000);
    const live = await t.signIn();
    const purged = await purgeIdentityLeftovers(t.platform.db, t.clock());
    expect(purged.sessions).toBeGreaterThan(0);
    expect(purged.challenges).toBeGreaterThan(0);
    expect((await get(live.token)).statusCode).toBe(200);
  });
});

describe('Idempotency-Key on sign-in calls', () => {
  const key = (n: number) => ({ 'idempotency-key': `0b8a6c3e-1d2f-4a5b-8c7d-${String(n).padStart(12, '0')}` });

  it('a retried send-otp answers the same and sends no second SMS', async () => {
    const phone = t.nextPhone();
    const first = await post('/auth/send-otp', { phone }, { headers: key(1) });
    const retry = await post('/auth/send-otp', { phone }, { headers: key(1) });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(t.sms.outbox.filter((m) => m.to === phone)).toHaveLength(1);
    // A new key is a new request: now the cool-down applies.
    expect((await post('/auth/send-otp', { phone }, { headers: key(2) })).json().code).toBe('otp_resend_too_soon');
  });

  const cachedAnswers = async () =>
    (await t.platform.db.query<{ n: number }>(`select count(*)::int as n from identity_idempotency`)).rows[0]!.n;

  it('a retried verify-otp is checked again, never answered from the cache with a session', async () => {
    const { phone, code } = await requestCode();
    const before = await cachedAnswers();
    const first = await post('/auth/verify-otp', { phone, otp: code }, { headers: key(3) });
    expect(first.statusCode).toBe(200);
    const retry = await post('/auth/verify-otp', { phone, otp: code }, { headers: key(3) });
    expect(retry.statusCode).toBe(401);
    expect(retry.json()).toMatchObject({ success: false, code: 'otp_not_requested' });
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await cachedAnswers()).toBe(before);
  });

  it('a retried refresh with the old token is refused, never answered from the cache with a token', async () => {
    const { token } = await t.signIn();
    const before = await cachedAnswers();
    const first = await post('/auth/refresh', {}, { headers: { ...bearer(token), ...key(4) } });
    expect(first.statusCode).toBe(200);
    const retry = await post('/auth/refresh', {}, { headers: { ...bearer(token), ...key(4) } });
    expect(retry.statusCode).toBe(401);
    expect(retry.json().data?.token).toBeUndefined();
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await cachedAnswers()).toBe(before);
  });
});
