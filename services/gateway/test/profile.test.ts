import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { multipartFile } from './support/multipart.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const uploadAvatar = (token: string, filename: string, type: string, content: Buffer) => {
  const body = multipartFile('avatar', filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const png = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('profile', () => {
  it("shows a player's new name in the rooms they are in as soon as they change it", async () => {
    const { token, user } = await t.signIn();
    const created = await call('POST', '/rooms', token, { roomName: 'Renamed host', maxPlayers: 2, gameDuration: 'normal' });
    const code = created.json().data.room.code as string;
    const host = async () => (await call('GET', `/rooms/${code}`, token)).json().data.room.host as { id: string; name: string };
    // Looked at once before the change, so the gateway has the old name in memory.
    const before = await host();
    expect(before.id).toBe(user.id);
    expect(before.name).not.toBe('Tsion');
    expect((await call('PUT', '/user', token, { name: 'Tsion' })).statusCode).toBe(200);
    expect((await host()).name).toBe('Tsion');
  });

  it('updates name, username, email and language, and publishes the change', async () => {
    const { token, user } = await t.signIn();
    const response = await call('PUT', '/user', token, {
      name: ' Selam ',
      username: 'Selam_2',
      email: 'selam@example.com',
      language: 'am',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { id: user.id, name: 'Selam', username: 'Selam_2', email: 'selam@example.com', language: 'am', tokens: 100 },
      message: 'መገለጫዎ ተቀምጧል',
    });
    const events = await t.platform.store.readStream(`player-${user.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'ProfileChanged',
      data: { userId: user.id, name: 'Selam', username: 'Selam_2', language: 'am' },
    });
    expect(events.at(-1)!.data).not.toHaveProperty('email');
    const me = await call('GET', '/user', token);
    expect(me.json().data.username).toBe('Selam_2');
  });

  it('answers in the user language when no Accept-Language is sent', async () => {
    const { token } = await t.signIn(undefined, { language: 'am' });
    const response = await call('PUT', '/user', token, { username: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'ያስገቡት መረጃ ትክክል አይደለም',
      data: { fields: { username: expect.any(String) } },
    });
  });

  it('refuses a username someone else has, ignoring case', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    expect((await call('PUT', '/user', a.token, { username: 'Lucy_Ethiopia' })).statusCode).toBe(200);
    const taken = await call('PUT', '/user', b.token, { username: 'lucy_ethiopia' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, code: 'username_taken', message: 'Username is taken' });
    // Saving one's own username again is fine.
    expect((await call('PUT', '/user', a.token, { username: 'LUCY_ethiopia' })).statusCode).toBe(200);
  });

  it('checks whether a username is available', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await call('PUT', '/user', a.token, { username: 'Dawit' });
    const taken = await call('POST', '/user/username/check', b.token, { username: 'DAWIT' });
    expect(taken.json()).toEqual({ success: true, data: { available: false, message: 'Username is taken' }, message: 'Username is taken' });
    const free = await call('POST', '/user/username/check', b.token, { username: 'Dawit_2' });
    expect(free.json()).toMatchObject({ success: true, data: { available: true, message: 'Username is available' } });
    const own = await call('POST', '/user/username/check', a.token, { username: 'dawit' });
    expect(own.json().data.available).toBe(true);
    const invalid = await call('POST', '/user/username/check', b.token, { username: 'no spaces' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('invalid_username');
    const amharic = await call('POST', '/user/username/check', b.token, { username: 'Dawit' }, { 'accept-language': 'am' });
    expect(amharic.json().data.message).toBe('የተጠቃሚ ስሙ ተይዟል');
  });

  it('needs a session for every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', '/user/username/check'],
      ['POST', '/user/avatar'],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/v1${url}`, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('avatar', () => {
  it('re-encodes a PNG to a 256×256 webp served from /storage/avatars', async () => {
    const { token, user } = await t.signIn();
    const response = await uploadAvatar(token, 'me.png', 'image/png', await png(800, 500));
    expect(response.statusCode).toBe(200);
    const avatar: string = response.json().data.avatar;
    expect(avatar).toMatch(new RegExp(`^/storage/avatars/${user.id}-[0-9a-f]{16}\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('removes the previous file when the avatar is replaced', async () => {
    const { token } = await t.signIn();
    const first = (await uploadAvatar(token, 'a.png', 'image/png', await png(300, 300))).json().data.avatar as string;
    const second = (await uploadAvatar(token, 'b.png', 'image/png', await png(300, 300, 20))).json().data.avatar as string;
    expect(second).not.toBe(first);
    const fileOf = (url: string) => path.join(t.storageDir, 'avatars', path.basename(url));
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
  });

  it('accepts JPG and GIF by content', async () => {
    const { token } = await t.signIn();
    const base = sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } });
    expect((await uploadAvatar(token, 'x.jpg', 'image/jpeg', await base.clone().jpeg().toBuffer())).statusCode).toBe(200);
    expect((await uploadAvatar(token, 'x.gif', 'image/gif', await base.clone().gif().toBuffer())).statusCode).toBe(200);
  });

  it('refuses a .gif that is really text (415)', async () => {
    const { token } = await t.signIn();
    const response = await uploadAvatar(token, 'cat.gif', 'image/gif', Buffer.from('GIF89a but actually just some text, not an image'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'avatar_unsupported_type',
      message: 'Only JPG, PNG or GIF images are accepted',
    });
    const plain = await uploadAvatar(token, 'cat.gif', 'image/gif', Buffer.from('hello world'));
    expect(plain.statusCode).toBe(415);
  });

  it('refuses other image types such as webp or svg', async () => {
    const { token } = await t.signIn();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await uploadAvatar(token, 'a.webp', 'image/webp', webp)).statusCode).toBe(415);
    expect((await uploadAvatar(token, 'a.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(
      415,
    );
  });

  it('refuses a file over 2 MB (413)', async () => {
    const { token } = await t.signIn();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await uploadAvatar(token, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'avatar_too_large' });
  });

  it('asks for a file when none came', async () => {
    const { token } = await t.signIn();
    const response = await call('POST', '/user/avatar', token, { avatar: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('avatar_missing');
  });
});
