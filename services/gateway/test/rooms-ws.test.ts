import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@qal/events';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';
import { roomClient, type DuelView } from './support/rooms.ts';
import { connectSocket } from './support/ws-client.ts';

let t: TestPlatform;
let c: ReturnType<typeof roomClient>;
let base: string;
beforeAll(async () => {
  t = await startPlatform();
  c = roomClient(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

async function connect(token: string, headers: Record<string, string> = {}) {
  const client = await connectSocket(base, token, headers);
  let n = 0;
  /** Sends a command and waits for its result. */
  const command = async (name: string, payload: Record<string, unknown>, idempotencyKey?: string) => {
    const id = `cmd-${++n}`;
    client.send({ type: 'command', id, name, payload, ...(idempotencyKey ? { idempotencyKey } : {}) });
    return client.next('result', (m) => m.id === id);
  };
  return { ...client, command };
}

type Push = Extract<ServerMessage, { type: 'push' }>;
interface RoomPush {
  code: string;
  status: string;
  version?: number;
  players: { id: string; name: string; status: string; online: boolean; ready: boolean }[];
}
const pushes = (ws: { received: ServerMessage[] }, channel: string, event: string) =>
  ws.received.filter((m): m is Push => m.type === 'push' && m.channel === channel && m.event === event);

describe('rooms over the websocket', () => {
  it('pushes the room, invitations and each player’s own duel view; commands run over the socket; presence follows the room channel', async () => {
    const host = await c.player('Kebede');
    const guest = await c.player('Lulit');
    const third = await c.player('Meron');
    const hostWs = await connect(host.token);
    const guestWs = await connect(guest.token, { 'accept-language': 'am' });
    const thirdWs = await connect(third.token);

    const created = await hostWs.command('room.create', { roomName: 'Socket duel', maxPlayers: 3, gameDuration: 'rush', entryFee: 10 });
    expect(created).toMatchObject({ ok: true, data: { room: { roomName: 'Socket duel', hostName: 'Kebede' } } });
    const code = (created.data as { room: { code: string } }).room.code;
    const roomChannel = `room:${code}`;

    // Only members and invited players may follow the room.
    guestWs.send({ type: 'subscribe', channel: roomChannel });
    expect(await guestWs.next('error', (m) => m.channel === roomChannel)).toMatchObject({ code: 'forbidden_channel' });
    expect((await guestWs.command('room.join', { code: code.toLowerCase() })).ok).toBe(true);

    hostWs.send({ type: 'subscribe', channel: roomChannel });
    const snapshot = await hostWs.next('subscribed', (m) => m.channel === roomChannel);
    expect(snapshot.version).toBeGreaterThan(0);
    expect((snapshot.snapshot as RoomPush).players.map((p) => p.name)).toEqual(['Kebede', 'Lulit']);

    // Following the room is being there: the guest stops following (offline for the host), then comes back.
    const guestOnline = (online: boolean) => (m: Push) =>
      m.channel === roomChannel && (m.data as RoomPush).players.some((p) => p.id === guest.id && p.online === online);
    guestWs.send({ type: 'subscribe', channel: roomChannel });
    await guestWs.next('subscribed', (m) => m.channel === roomChannel);
    guestWs.send({ type: 'unsubscribe', channel: roomChannel });
    const away = await hostWs.next('push', guestOnline(false));
    guestWs.send({ type: 'subscribe', channel: roomChannel });
    await guestWs.next('subscribed', (m) => m.channel === roomChannel && m.version >= away.version);
    await hostWs.next('push', (m) => m.version > away.version && guestOnline(true)(m));

    // An invitation reaches the invitee's user channel, with the host's name; they decline over the socket.
    thirdWs.send({ type: 'subscribe', channel: `user:${third.id}` });
    await thirdWs.next('subscribed');
    expect((await hostWs.command('room.invite', { code, username: third.username })).ok).toBe(true);
    const invitation = await thirdWs.next('push', (m) => m.event === 'invitation' && (m.data as unknown[]).length === 1);
    const [pending] = invitation.data as { id: string; code: string; hostName: string }[];
    expect(pending).toMatchObject({ code, hostName: 'Kebede', roomName: 'Socket duel' });
    const declined = await thirdWs.command('invitation.respond', { invitationId: pending!.id, accept: false });
    expect(declined).toMatchObject({ ok: true, data: { room: null } });
    await thirdWs.next('push', (m) => m.event === 'invitation' && (m.data as unknown[]).length === 0);

    // Rejections over the socket come in the connection's language, with their details.
    const early = await guestWs.command('room.start', { code });
    expect(early).toMatchObject({ ok: false, code: 'not_room_host', message: 'ይህን ማድረግ የሚችለው የክፍሉ አስተናጋጅ ብቻ ነው' });
    expect(await guestWs.command('room.join', { code: 'nope' })).toMatchObject({ ok: false, code: 'room_not_found' });

    // Ready over the socket: the other player sees it.
    expect((await guestWs.command('room.ready', { code })).ok).toBe(true);
    expect((await hostWs.command('room.ready', { code }, 'ready-host')).ok).toBe(true);
    await hostWs.next('push', (m) => m.channel === roomChannel && (m.data as RoomPush).players.every((p) => p.ready));
    const started = await hostWs.command('room.start', { code });
    expect(started).toMatchObject({ ok: true, data: { matchId: expect.any(String), room: { status: 'in_progress' } } });
    const matchId = (started.data as { matchId: string }).matchId;

    // Each player follows their own view of the match, and only theirs.
    const hostMatch = `match:${matchId}:${host.id}`;
    const guestMatch = `match:${matchId}:${guest.id}`;
    guestWs.send({ type: 'subscribe', channel: hostMatch });
    expect(await guestWs.next('error', (m) => m.channel === hostMatch)).toMatchObject({ code: 'forbidden_channel' });
    guestWs.send({ type: 'subscribe', channel: `match:${matchId}` });
    expect(await guestWs.next('error', (m) => m.channel === `match:${matchId}`)).toMatchObject({ code: 'forbidden_channel' });
    hostWs.send({ type: 'subscribe', channel: hostMatch });
    guestWs.send({ type: 'subscribe', channel: guestMatch });
    const hostStart = (await hostWs.next('subscribed', (m) => m.channel === hostMatch)).snapshot as DuelView;
    await guestWs.next('subscribed', (m) => m.channel === guestMatch);
    expect(hostStart).toMatchObject({ mode: 'duel', matchId, phase: 'setting' });

    const players = { [host.id]: { ws: hostWs, channel: hostMatch }, [guest.id]: { ws: guestWs, channel: guestMatch } };
    const setter = players[hostStart.setterId!]!;
    const guesserId = hostStart.setterId === host.id ? guest.id : host.id;
    const guesser = players[guesserId]!;

    // The setter sets the word over the socket; the guesser's view arrives without it.
    const set = await setter.ws.command('match.move', { matchId, type: 'set_word', word: 'garden' });
    expect(set).toMatchObject({ ok: true, data: { view: { phase: 'guessing', word: 'garden' } } });
    const guessing = await guesser.ws.next('push', (m) => m.channel === guesser.channel && (m.data as DuelView).phase === 'guessing');
    expect(JSON.stringify(guessing.data)).not.toContain('garden');

    // The guesser moves over HTTP; the setter's socket gets the new view, versioned above the last one.
    const setterVersion = pushes(setter.ws, setter.channel, 'view').at(-1)?.version ?? 0;
    const guesserToken = guesserId === host.id ? host.token : guest.token;
    await c.ok('POST', `/matches/${matchId}/moves`, guesserToken, { type: 'guess', letter: 'g' });
    const seen = await setter.ws.next('push', (m) => m.channel === setter.channel && (m.data as DuelView).guessed.includes('g'));
    expect(seen.version).toBeGreaterThan(setterVersion);

    // The guest's last socket on the room closes: they are offline for the host.
    const lastRoomVersion = pushes(hostWs, roomChannel, 'room').at(-1)!.version;
    guestWs.close();
    const offline = await hostWs.next('push', (m) => m.version > lastRoomVersion && guestOnline(false)(m));

    // Reading over HTTP (the client's fallback without a socket) changes nothing; saying so does.
    await c.ok('GET', `/matches/${matchId}`, guest.token);
    await c.ok('GET', `/rooms/${code}`, guest.token);
    expect((await c.call('POST', `/rooms/${code}/presence`, guest.token, { online: true })).statusCode).toBe(200);
    const present = await hostWs.next('push', (m) => m.version > offline.version && m.channel === roomChannel);
    expect(guestOnline(true)(present)).toBe(true);

    // The guest comes back on a new socket: a fresh snapshot of their view carries on where the match is.
    const back = await connect(guest.token);
    back.send({ type: 'subscribe', channel: roomChannel });
    back.send({ type: 'subscribe', channel: guestMatch });
    const resumed = await back.next('subscribed', (m) => m.channel === guestMatch);
    expect((resumed.snapshot as DuelView).guessed).toContain('g');
    expect(resumed.version).toBeGreaterThanOrEqual(seen.version);
    await hostWs.next('push', (m) => m.channel === roomChannel && guestOnline(true)(m) && m.version > lastRoomVersion);
    back.close();
    hostWs.close();
    thirdWs.close();
  });
});

describe('room views and their versions', () => {
  it('two players ready at once: every view says its version, and the newest shows both ready whichever arrives first', async () => {
    const host = await c.player('Tigist');
    const guest = await c.player('Dawit');
    const hostWs = await connect(host.token);
    const created = await hostWs.command('room.create', { roomName: 'Both ready', maxPlayers: 2, gameDuration: 'rush', entryFee: 10 });
    const code = (created.data as { room: { code: string } }).room.code;
    const channel = `room:${code}`;
    await c.ok('POST', `/rooms/${code}/join`, guest.token, {});
    hostWs.send({ type: 'subscribe', channel });
    const snapshot = await hostWs.next('subscribed', (m) => m.channel === channel);

    // Both tap Ready together: the room runs one command after the other, and answers each with the room as it left it.
    const answers = await Promise.all(
      [host, guest].map(async (p) => (await c.ok<{ room: RoomPush }>('POST', `/rooms/${code}/ready`, p.token, {})).room),
    );
    const readyCount = (room: RoomPush) => room.players.filter((p) => p.ready).length;
    const bothReady = await hostWs.next('push', (m) => m.channel === channel && readyCount(m.data as RoomPush) === 2);

    // The first answer is older than the push of the second ready: on the phone it may come after that push, and
    // only its version tells it is behind.
    const [older, newer] = [...answers].sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
    expect(readyCount(older!)).toBe(1);
    expect(older!.version).toBeLessThan(bothReady.version);
    expect(readyCount(newer!)).toBe(2);
    // Every view of the room carries the version its push would: ordered by it, none shows fewer players ready.
    const pushed = pushes(hostWs, channel, 'room');
    for (const push of pushed) expect((push.data as RoomPush).version).toBe(push.version);
    expect((snapshot.snapshot as RoomPush).version).toBe(snapshot.version);
    const views = [snapshot.snapshot as RoomPush, ...answers, ...pushed.map((m) => m.data as RoomPush)];
    for (const view of views) expect(view.version).toEqual(expect.any(Number));
    const byVersion = views.sort((a, b) => a.version! - b.version!);
    expect(byVersion.map(readyCount)).toEqual([...byVersion.map(readyCount)].sort((a, b) => a - b));
    expect(readyCount(byVersion.at(-1)!)).toBe(2);
    hostWs.close();
  });
});
