import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/config.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { roomClient, type Player } from './support/rooms.ts';

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'sesame42';

async function privateRoom(host: Player): Promise<string> {
  const { room } = await c.ok<{ room: { code: string } }>('POST', '/rooms', host.token, {
    roomName: 'Friends only',
    game: 'hangman',
    maxPlayers: 8,
    gameDuration: 'normal',
    password: PASSWORD,
  });
  return room.code;
}

const join = (player: Player, code: string, password: string, from = '10.1.1.1', language: 'en' | 'am' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rooms/${code}/join`,
    remoteAddress: from,
    headers: { ...bearer(player.token), 'accept-language': language },
    payload: { password },
  });

describe('wrong room passwords are limited', () => {
  it('per room and player: past the limit even the right password is refused, until the window has passed', async () => {
    const host = await c.player('Hana');
    const guesser = await c.player('Girma');
    const code = await privateRoom(host);
    for (let n = 0; n < LIMITS.roomPasswordMaxWrongPerRoomAndPlayer; n += 1)
      expect((await join(guesser, code, `wrong-${n}`)).json()).toMatchObject({ code: 'invalid_password' });

    const refused = await join(guesser, code, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'too_many_password_attempts',
      message: 'Too many wrong passwords for this room. Please try again later',
      data: { retryAfterSec: expect.any(Number) },
    });
    expect(refused.json().data.retryAfterSec).toBeLessThanOrEqual(LIMITS.roomPasswordWindowSec);
    const inAmharic = await join(guesser, code, PASSWORD, '10.1.1.1', 'am');
    expect(inAmharic.json()).toMatchObject({
      code: 'too_many_password_attempts',
      message: 'ለዚህ ክፍል በጣም ብዙ ጊዜ የተሳሳተ የይለፍ ቃል ገብቷል። እባክዎ ቆይተው እንደገና ይሞክሩ',
    });

    // Someone else knowing the password still joins; and the guesser may try again once the window has passed.
    const friend = await c.player('Meron');
    expect((await join(friend, code, PASSWORD)).statusCode).toBe(200);
    t.clock.advance(LIMITS.roomPasswordWindowSec * 1000);
    expect((await join(guesser, code, PASSWORD)).statusCode).toBe(200);
  });

  it('per IP address, whichever players and rooms the wrong passwords were for', async () => {
    const host = await c.player('Selam');
    const rooms = [await privateRoom(host), await privateRoom(host)];
    const address = '10.2.2.2';
    const perPlayer = LIMITS.roomPasswordMaxWrongPerRoomAndPlayer - 1;
    let wrong = 0;
    while (wrong < LIMITS.roomPasswordMaxWrongPerIp) {
      const guesser = await c.player(`Guesser${wrong}`);
      for (let n = 0; n < perPlayer && wrong < LIMITS.roomPasswordMaxWrongPerIp; n += 1, wrong += 1)
        expect((await join(guesser, rooms[wrong % 2]!, `wrong-${wrong}`, address)).json()).toMatchObject({ code: 'invalid_password' });
    }

    const newcomer = await c.player('Newcomer');
    expect((await join(newcomer, rooms[0]!, PASSWORD, address)).json()).toMatchObject({ code: 'too_many_password_attempts' });
    expect((await join(newcomer, rooms[0]!, PASSWORD, '10.3.3.3')).statusCode).toBe(200);
  });

  it('a join without a password, or a right one, counts for nothing', async () => {
    const host = await c.player('Tigist');
    const code = await privateRoom(host);
    const player = await c.player('Yonas');
    for (let n = 0; n < LIMITS.roomPasswordMaxWrongPerRoomAndPlayer + 1; n += 1) {
      const response = await c.call('POST', `/rooms/${code}/join`, player.token, {});
      expect(response.json()).toMatchObject({ code: 'password_required' });
    }
    expect((await join(player, code, PASSWORD)).statusCode).toBe(200);
  });
});
