import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

/** Requests the fuzzer (tests/fuzz) found answered outside the failure envelope, or with a 500. */
let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const AMHARIC = { 'accept-language': 'am' };

describe('refusals made before any route runs', () => {
  it('answers an id too long for the router as not found, in the envelope and the asked language', async () => {
    const { token } = await t.signIn();
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rooms/${'x'.repeat(1_000)}`,
      headers: { ...bearer(token), ...AMHARIC },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, code: 'not_found', message: 'አልተገኘም' });
  });

  it('answers a broken percent-escape in the path as a validation failure', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/stats/share/%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('answers a plain GET of the websocket path with the envelope, not an empty 404', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/ws', headers: AMHARIC });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ success: false, code: 'not_found', message: 'አልተገኘም' });
  });
});

describe('refusals on routes a plugin adds', () => {
  it('answers the CORS preflight and the API docs in the envelope when a hook refuses them', async () => {
    for (const [method, url] of [
      ['OPTIONS', '/health?q=%00'],
      ['GET', '/api/docs/json?q=%00'],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'validation_failed', message: 'Validation Failed' });
    }
  });
});

describe('an avatar upload that is not readable multipart', () => {
  it('is refused as no picture, not answered 500', async () => {
    const { token } = await t.signIn();
    // The parts are fenced by a boundary other than the one the content type announces.
    const body =
      '--other\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--other--\r\n';
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=announced' },
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'avatar_missing', message: 'Choose an image to upload' });
  });
});
