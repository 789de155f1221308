import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/http/compression.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const catalogue = (acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/games', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed JSON answers', () => {
  it('sends the game catalogue in brotli or gzip to a client that takes it, with the same JSON inside', async () => {
    const plain = await catalogue();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await catalogue('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await catalogue('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('never compresses a POST answer, so a retried POST still gets the answer kept for its Idempotency-Key', async () => {
    const phone = t.nextPhone();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/send-otp',
        headers: { 'accept-encoding': 'br, gzip', 'idempotency-key': 'compress-send-1' },
        payload: { phone, language: 'en' },
      });
    const first = await send();
    const retry = await send();
    for (const answer of [first, retry]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    const { token } = await t.signIn();
    const played = await t.app.inject({
      method: 'POST',
      url: '/api/v1/games/hangman/play',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br', 'idempotency-key': 'compress-play-1' },
      payload: { language: 'en' },
    });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-encoding']).toBeUndefined();
    expect(played.json().success).toBe(true);
  });
});

describe('the encoding chosen from Accept-Encoding', () => {
  it('prefers brotli, honours weights and refusals, and answers plain when nothing fits', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
