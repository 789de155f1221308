import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTestRedis } from '@qal/events/testing';
import { buildApp } from '../src/app.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';

/** Several gateways share one per-IP budget through Redis (REDIS_URL, a container, or the local server). */
async function findRedis(): Promise<string | null> {
  const url = await findTestRedis();
  if (url) return url;
  if (process.env.CI === 'true' && process.env.REDIS_URL) throw new Error(`Redis at ${process.env.REDIS_URL} did not answer`);
  console.warn('SKIP Redis rate-limit suite: no Redis answered (REDIS_URL, Docker or 127.0.0.1:6379)');
  return null;
}

const url = await findRedis();

describe.skipIf(!url)('per-IP limits shared through Redis', () => {
  let t: TestPlatform;
  const clients: Redis[] = [];
  beforeAll(async () => {
    t = await startPlatform();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await t?.close();
  });

  it('counts requests of one IP across two gateways', async () => {
    const gateway = async () => {
      const redis = new Redis(url!);
      clients.push(redis);
      const { app } = await buildApp({
        ...t.platform,
        config: { ...t.config, rateLimitPerMinute: 3 },
        redis,
        clock: t.clock,
        logger: false,
      });
      await app.ready();
      return app;
    };
    const [a, b] = [await gateway(), await gateway()];
    const ip = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200) + 1}`;
    const hit = (app: typeof a) => app.inject({ method: 'GET', url: '/api/v1/games', remoteAddress: ip }).then((r) => r.statusCode);
    expect([await hit(a), await hit(b), await hit(a)]).toEqual([200, 200, 200]);
    expect(await hit(b)).toBe(429);
    await a.close();
    await b.close();
  });
});
