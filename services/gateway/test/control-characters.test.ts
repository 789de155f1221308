import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startPlatform();
  token = (await t.signIn()).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), 'accept-language': 'en' } });

/** Every route with an id in its path or query, each given a NUL or another control character. */
const REQUESTS: readonly (readonly ['GET' | 'POST' | 'DELETE', string])[] = [
  ['GET', '/stats/player/%00'],
  ['GET', '/stats/player/abc%00def'],
  ['GET', '/stats/share/%00'],
  ['DELETE', '/stats/share/%00'],
  ['GET', '/matches/%00'],
  ['GET', '/matches/m%0A1/replay'],
  ['POST', '/matches/%1B/moves'],
  ['GET', '/rooms/%00'],
  ['POST', '/rooms/AB%7FCD/join'],
  ['POST', '/invitations/%00/respond'],
  ['GET', '/games/%00/rules'],
  ['GET', '/wallet/transactions?cursor=%00'],
  ['GET', '/matches?cursor=a%00b'],
  ['GET', '/leaderboards?game=%00'],
];

describe('control characters in ids', () => {
  it.each(REQUESTS)('%s %s is refused as validation_failed, never a 500', async (method, url) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed', data: { fields: expect.any(Object) } });
  });

  it('refuses before asking for a session, and leaves ordinary ids alone', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/rooms/%00' });
    expect(anonymous.statusCode).toBe(400);
    expect((await call('GET', '/stats/player/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/rooms/ZZZZZZ')).statusCode).toBe(404);
  });
});
