import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@qal/events';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createSharedRoomPresence, PRESENCE_STALE_MS, type SharedRoomPresence } from '../src/rooms/room-presence.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient, type Player } from './support/rooms.ts';
import { connectSocket } from './support/ws-client.ts';

/**
 * Two gateways on one database, as in the distributed mode: a player is in a room while any of their sockets, on
 * either gateway, follows it.
 */
type Push = Extract<ServerMessage, { type: 'push' }>;
interface RoomPush {
  players: { id: string; online: boolean }[];
}

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
const gateways: { app: FastifyInstance; base: string; presence: SharedRoomPresence }[] = [];
/** Each `left` of a gateway's presence as it resolved: whether another gateway still had the member. */
const leavings: { gateway: number; userId: string; elsewhere: boolean }[] = [];

beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
  for (const gateway of [0, 1]) {
    let presence!: SharedRoomPresence;
    const { app } = await buildApp({
      ...t.platform,
      config: t.config,
      clock: t.clock,
      logger: false,
      roomPresence: (hooks) => {
        presence = createSharedRoomPresence({ ...hooks, db: t.platform.db, gatewayId: `gateway-${gateway}` });
        const left = presence.left;
        presence.left = async (userId, code) => {
          const elsewhere = await left(userId, code);
          leavings.push({ gateway, userId, elsewhere });
          return elsewhere;
        };
        return presence;
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    gateways.push({ app, base: address.replace(/^http/, 'ws'), presence });
  }
});
afterAll(async () => {
  for (const { app } of gateways) await app.close();
  await t?.close();
});

async function createRoom(host: Player, guest: Player): Promise<string> {
  const { room } = await c.ok<{ room: { code: string } }>('POST', '/rooms', host.token, {
    roomName: 'Two gateways',
    game: 'hangman',
    maxPlayers: 2,
    gameDuration: 'Normal',
    entryFee: 10,
  });
  await c.ok('POST', `/rooms/${room.code}/join`, guest.token, {});
  return room.code;
}

async function follow(gateway: number, player: Player, code: string) {
  const socket = await connectSocket(gateways[gateway]!.base, player.token);
  socket.send({ type: 'subscribe', channel: `room:${code}` });
  await socket.next('subscribed', (m) => m.channel === `room:${code}`);
  return socket;
}

const onlineIn = (room: RoomPush, userId: string) => room.players.find((p) => p.id === userId)?.online;
const until = async (ready: () => boolean, what: string) => {
  const limit = Date.now() + 5_000;
  while (!ready()) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('presence in a room across two gateways', () => {
  it('keeps a player online while a socket of theirs on the other gateway still follows the room', async () => {
    const host = await c.player('Hirut');
    const guest = await c.player('Dawit');
    const code = await createRoom(host, guest);
    const hostSocket = await follow(0, host, code);
    const guestOnFirst = await follow(0, guest, code);
    const guestOnSecond = await follow(1, guest, code);

    guestOnFirst.close();
    await until(() => leavings.some((l) => l.gateway === 0 && l.userId === guest.id), 'the first gateway to count the guest out');
    expect(leavings.find((l) => l.userId === guest.id)).toMatchObject({ elsewhere: true });
    // A later change of the room shows the guest still there (the first gateway said nothing to the engine).
    await c.ok('POST', `/rooms/${code}/ready`, host.token, {});
    const room = (await c.ok<{ room: RoomPush }>('GET', `/rooms/${code}`, host.token)).room;
    expect(onlineIn(room, guest.id)).toBe(true);

    // Their last socket anywhere goes: now they are away, for the host on the other gateway too.
    guestOnSecond.close();
    const away = await hostSocket.next(
      'push',
      (m: Push) => m.channel === `room:${code}` && onlineIn(m.data as RoomPush, guest.id) === false,
    );
    expect(away.event).toBe('room');
    hostSocket.close();
  });

  it('counts a gateway that stopped renewing its rows as gone: the other one says its members left', async () => {
    const host = await c.player('Selam');
    const guest = await c.player('Yonas');
    const code = await createRoom(host, guest);
    const hostSocket = await follow(1, host, code);
    // The guest's only socket is on the first gateway, which then goes silent (its rows are never renewed again).
    const guestSocket = await follow(0, guest, code);
    const room = (await c.ok<{ room: RoomPush }>('GET', `/rooms/${code}`, host.token)).room;
    expect(onlineIn(room, guest.id)).toBe(true);

    t.clock.advance(PRESENCE_STALE_MS + 1_000);
    await gateways[1]!.presence.renew();
    await hostSocket.next('push', (m: Push) => m.channel === `room:${code}` && onlineIn(m.data as RoomPush, guest.id) === false);
    guestSocket.close();
    hostSocket.close();
  });
});
