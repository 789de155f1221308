import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const walletOf = async (token: string) =>
  (await call('GET', '/wallet', token)).json().data as { balance: number; held: number; available: number };

describe('wallet', () => {
  it('shows the welcome grant as balance, history and stats', async () => {
    const { token } = await t.signIn();
    expect(await walletOf(token)).toEqual({ balance: 100, held: 0, available: 100, version: expect.any(Number) });
    const history = await call('GET', '/wallet/transactions', token);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      success: true,
      data: { items: [{ amount: 100, reason: 'welcome_grant', status: 'posted' }], nextCursor: null },
    });
    const stats = await call('GET', '/user/stats', token);
    expect(stats.json()).toEqual({
      success: true,
      data: {
        overall_stats: {
          games_played: 0,
          wins: 0,
          win_rate: 0,
          tokens_earned: 0,
          level: 1,
          xp: 0,
          average_score: 0,
          highest_score: 0,
          total_score: 0,
          rounds: 0,
          best_rank: null,
          last_played: null,
          current_streak: 0,
          longest_streak: 0,
        },
        by_game: {},
        by_category: {},
      },
    });
  });

  it('validates the history page size', async () => {
    const { token } = await t.signIn();
    expect((await call('GET', '/wallet/transactions?limit=0', token)).json()).toMatchObject({
      code: 'validation_failed',
      data: { fields: { limit: expect.any(String) } },
    });
    expect((await call('GET', '/wallet/transactions?limit=101', token)).statusCode).toBe(400);
    expect((await call('GET', '/wallet/transactions?limit=1', token)).statusCode).toBe(200);
  });

  it('lists the token packages without a session', async () => {
    const response = await call('GET', '/wallet/packages');
    expect(response.json()).toEqual({
      success: true,
      data: {
        packages: [
          { id: 'tokens_100', tokens: 100, priceEtb: 10 },
          { id: 'tokens_250', tokens: 250, priceEtb: 20 },
          { id: 'tokens_500', tokens: 500, priceEtb: 35 },
          { id: 'tokens_1000', tokens: 1000, priceEtb: 60 },
        ],
        provider: 'sandbox',
      },
    });
  });
});

describe('daily bonus', () => {
  it('pays 10 tokens once a day, however many claims arrive at once', async () => {
    const { token } = await t.signIn();
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/user/claim-daily-bonus', token)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({
      success: true,
      data: { user_tokens: 110, amount: 10, user: { tokens: 110, can_claim_daily_bonus: false } },
    });
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ success: false, code: 'daily_bonus_already_claimed' });
    }
    expect(await walletOf(token)).toEqual({ balance: 110, held: 0, available: 110, version: expect.any(Number) });
  });

  it('returns the first outcome for a retry with the same Idempotency-Key', async () => {
    const { token } = await t.signIn();
    const key = { 'idempotency-key': '5b0f1c9e-2a57-4a8e-9a55-0e3f1b7c0d11' };
    const first = await call('POST', '/user/claim-daily-bonus', token, undefined, key);
    const retry = await call('POST', '/user/claim-daily-bonus', token, undefined, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(await walletOf(token)).toMatchObject({ balance: 110 });
  });

  it('can be claimed again the next day', async () => {
    const { token } = await t.signIn();
    expect((await call('POST', '/user/claim-daily-bonus', token)).statusCode).toBe(200);
    t.clock.advance(24 * 3600_000);
    const me = await call('GET', '/user', token);
    expect(me.json().data.can_claim_daily_bonus).toBe(true);
    expect((await call('POST', '/user/claim-daily-bonus', token)).json().data.user_tokens).toBe(120);
  });

  it('says it in Amharic', async () => {
    const { token } = await t.signIn();
    await call('POST', '/user/claim-daily-bonus', token);
    const again = await call('POST', '/user/claim-daily-bonus', token, undefined, { 'accept-language': 'am' });
    expect(again.json().message).toBe('የዛሬውን ጉርሻ አስቀድመው ወስደዋል። ነገ ይመለሱ');
  });
});

describe('purchases (sandbox)', () => {
  it('credits a purchase once even when it is confirmed twice at once', async () => {
    const { token } = await t.signIn();
    const started = await call('POST', '/wallet/purchases', token, { package: 'tokens_250' });
    expect(started.statusCode).toBe(200);
    const { purchaseId, status, checkoutUrl } = started.json().data;
    expect(status).toBe('pending');
    expect(typeof checkoutUrl === 'string' || checkoutUrl === null).toBe(true);
    const confirms = await Promise.all([1, 2].map(() => call('POST', `/payments/sandbox/${purchaseId}/confirm`, token)));
    expect(confirms.map((c) => c.statusCode)).toEqual([200, 200]);
    const bodies = confirms.map((c) => c.json().data);
    for (const body of bodies) expect(body).toMatchObject({ purchaseId, status: 'completed', tokens: 250 });
    expect(bodies.map((b) => b.alreadyCredited).sort()).toEqual([false, true]);
    expect(await walletOf(token)).toEqual({ balance: 350, held: 0, available: 350, version: expect.any(Number) });
  });

  it('refuses an unknown package', async () => {
    const { token } = await t.signIn();
    const response = await call('POST', '/wallet/purchases', token, { package: 'tokens_7' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'unknown_package' });
  });

  it('lets a player confirm only their own purchase', async () => {
    const buyer = await t.signIn();
    const other = await t.signIn();
    const { purchaseId } = (await call('POST', '/wallet/purchases', buyer.token, { package: 'tokens_100' })).json().data;
    const stolen = await call('POST', `/payments/sandbox/${purchaseId}/confirm`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'purchase_not_found' });
    expect(await walletOf(other.token)).toMatchObject({ balance: 100 });
    expect((await call('POST', '/payments/sandbox/no-such-purchase/confirm', buyer.token)).statusCode).toBe(404);
  });

  it('opens one purchase for a retried request with the same Idempotency-Key', async () => {
    const { token } = await t.signIn();
    const key = { 'idempotency-key': 'c1f7a0d4-7d2e-4f55-8d1e-3b8c2a9e6f00' };
    const a = (await call('POST', '/wallet/purchases', token, { package: 'tokens_100' }, key)).json().data.purchaseId;
    const b = (await call('POST', '/wallet/purchases', token, { package: 'tokens_100' }, key)).json().data.purchaseId;
    expect(a).toBe(b);
  });
});
