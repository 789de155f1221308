import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

/** The same identity rules on PostgreSQL (the distributed mode's database), where requests really run in parallel. */
const url = await findTestPostgres();

describe.skipIf(!url)('on PostgreSQL', () => {
  let t: TestPlatform;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(url!);
    drop = scratch.drop;
    t = await startPlatform({ db: scratch.db });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('signs in, serves the user and rotates the token', async () => {
    const { token, user, isNew } = await t.signIn(undefined, { name: 'Kebede' });
    expect(isNew).toBe(true);
    expect(user).toMatchObject({ name: 'Kebede', tokens: 100 });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('consumes a code once when verifies race', async () => {
    const phone = t.nextPhone();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone }, remoteAddress: '10.3.0.1' });
    const otp = t.sms.lastCodeFor(phone);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-otp', payload: { phone, otp } })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401).map((r) => r.json().code)).toEqual(Array(7).fill('otp_not_requested'));
  });

  it('counts wrong attempts exactly when they race', async () => {
    const phone = t.nextPhone();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone }, remoteAddress: '10.3.0.2' });
    const code = t.sms.lastCodeFor(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(
      Array.from({ length: 7 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-otp', payload: { phone, otp: wrong } })),
    );
    const codes = results.map((r) => r.json().code).sort();
    expect(codes.filter((c) => c === 'otp_incorrect')).toHaveLength(4);
    expect(codes.filter((c) => c === 'otp_attempts_exhausted')).toHaveLength(3);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-otp', payload: { phone, otp: code } })).json().code).toBe(
      'otp_attempts_exhausted',
    );
  });

  it('lets only one of many simultaneous resends through', async () => {
    const phone = t.nextPhone();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload: { phone }, remoteAddress: `10.4.0.${i + 1}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('keeps usernames unique ignoring case when two players race for one', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const results = await Promise.all(
      [a, b].map((p, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/user',
          headers: bearer(p.token),
          payload: { username: i ? 'ABEBE_race' : 'abebe_race' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
