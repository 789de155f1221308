/**
 * The websocket's limits, each on a small socket server of its own (the real route, the real hub, a session that
 * answers when the test says so), with limits small enough to reach in a few messages. The real values are in
 * LIMITS (config.ts); websocket.test.ts shows the message rate and the socket cap at those values.
 */
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_WS_PATH } from '@qal/events';
import type { UserRecord } from '../src/identity/users.ts';
import { registerGuestSocket } from '../src/realtime/guest-socket.ts';
import { createHub } from '../src/realtime/hub.ts';
import type { WsLimits } from '../src/realtime/ws-limits.ts';
import { registerWebsocket, type SocketSession } from '../src/realtime/ws-route.ts';
import { connectSocket, openSocket } from './support/ws-client.ts';

const limits: WsLimits = {
  messageBurst: 1_000,
  messagesPerSec: 1,
  maxQueuedBeforeAuth: 3,
  maxPendingMessages: 4,
  maxSubscriptionsPerSocket: 2,
  maxSocketsPerUser: 2,
  authTimeoutMs: 300,
  maxBufferedBytes: 1024 * 1024,
};

const user = (id: string): UserRecord => ({
  id,
  phone: '+251911000000',
  name: id,
  username: null,
  email: null,
  avatar: null,
  language: 'en',
  createdAt: new Date(0),
  registrationPublishedAt: null,
});
const farFuture = new Date('2999-01-01T00:00:00Z');

interface ServerOptions {
  readonly limits?: Partial<WsLimits>;
  /** Holds every token check until the test releases it. */
  readonly holdSessions?: boolean;
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A socket server whose token `t-<id>` signs in user <id>; `t:` channels answer at once, `slow:` ones never. */
async function startServer(options: ServerOptions = {}) {
  const hub = createHub();
  hub.register({ prefix: 't:', authorize: () => true, view: async () => ({ version: 1, snapshot: null }) });
  hub.register({ prefix: 'slow:', authorize: () => true, view: () => new Promise(() => {}) });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const authenticate = async (token: string): Promise<SocketSession | null> => {
    if (options.holdSessions) await held;
    return token.startsWith('t-') ? { user: user(token.slice(2)), expiresAt: farFuture } : null;
  };
  const merged = { ...limits, ...options.limits };
  app = Fastify();
  await app.register(websocket);
  registerWebsocket(app, { hub, authenticate, limits: merged, monotonicNow: () => 0 });
  registerGuestSocket(app, { limits: merged, monotonicNow: () => 0 });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  return { base, release };
}

async function expectClosedOver(ws: Awaited<ReturnType<typeof openSocket>>, code: string) {
  expect(await ws.next('error')).toMatchObject({ code });
  expect((await ws.closed()).code).toBe(1008);
}

/** A socket signed in and answering (its token check done), as the limits after sign-in need. */
async function signedIn(base: string, token = 't-u1') {
  const ws = await connectSocket(base, token);
  ws.send({ type: 'ping' });
  await ws.next('pong');
  return ws;
}
const pongs = (ws: Awaited<ReturnType<typeof openSocket>>) => ws.received.filter((m) => m.type === 'pong').length;

describe('websocket limits', () => {
  it('answers a burst of messages up to the token bucket, and closes the socket on the one past it', async () => {
    const { base } = await startServer({ limits: { messageBurst: 5 } });
    const ws = await signedIn(base);
    // The bucket's 5: `auth`, the first ping, two more, and a subscription.
    ws.send({ type: 'ping' });
    ws.send({ type: 'ping' });
    ws.send({ type: 'subscribe', channel: 't:a' });
    await ws.next('subscribed');
    expect(pongs(ws)).toBe(3);
    ws.send({ type: 'ping' });
    await expectClosedOver(ws, 'ws_too_many_messages');
  });

  it('caps the messages sent while the token is being checked', async () => {
    const { base } = await startServer({ holdSessions: true });
    const ws = await connectSocket(base, 't-u1');
    for (let i = 0; i <= limits.maxQueuedBeforeAuth; i++) ws.send({ type: 'ping' });
    await expectClosedOver(ws, 'ws_too_many_messages');
  });

  it('hands the messages that waited for the token check over in order once it is good', async () => {
    const { base, release } = await startServer({ holdSessions: true });
    const ws = await connectSocket(base, 't-u1');
    ws.send({ type: 'subscribe', channel: 't:a' });
    ws.send({ type: 'ping' });
    release();
    await ws.next('pong');
    expect(ws.received.map((m) => m.type)).toEqual(['subscribed', 'pong']);
    ws.close();
  });

  it('caps the messages waiting behind a slow one', async () => {
    const { base } = await startServer();
    const ws = await signedIn(base);
    ws.send({ type: 'subscribe', channel: 'slow:a' });
    for (let i = 0; i < limits.maxPendingMessages; i++) ws.send({ type: 'ping' });
    await expectClosedOver(ws, 'ws_too_many_messages');
    expect(pongs(ws)).toBe(1);
  });

  it('caps the channels one socket follows (following one of them again is no new one)', async () => {
    const { base } = await startServer({ limits: { maxPendingMessages: 10 } });
    const ws = await signedIn(base);
    for (const channel of ['t:a', 't:b', 't:a']) ws.send({ type: 'subscribe', channel });
    ws.send({ type: 'unsubscribe', channel: 't:b' });
    ws.send({ type: 'subscribe', channel: 't:c' });
    await ws.next('subscribed', (m) => m.channel === 't:c');
    expect(ws.received.filter((m) => m.type === 'subscribed').map((m) => m.channel)).toEqual(['t:a', 't:b', 't:a', 't:c']);
    ws.send({ type: 'subscribe', channel: 't:d' });
    await expectClosedOver(ws, 'ws_too_many_subscriptions');
  });

  it("caps a player's open sockets, leaving other players' alone", async () => {
    const { base } = await startServer();
    const first = await Promise.all([signedIn(base), signedIn(base)]);
    await expectClosedOver(await connectSocket(base, 't-u1'), 'ws_too_many_sockets');
    const other = await signedIn(base, 't-u2');
    for (const ws of [...first, other]) ws.close();
  });

  it('closes a socket that does not authenticate in time with 4401', async () => {
    const { base } = await startServer();
    const ws = await openSocket(`${base}/ws`);
    expect(await ws.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await ws.closed()).code).toBe(4401);
  });

  it('limits the test surface’s guest socket the same way: sockets per address, and the message rate', async () => {
    const { base } = await startServer({ limits: { messageBurst: 3 } });
    const [a, b] = await Promise.all([openSocket(`${base}${TEST_WS_PATH}`), openSocket(`${base}${TEST_WS_PATH}`)]);
    await expectClosedOver(await openSocket(`${base}${TEST_WS_PATH}`), 'ws_too_many_sockets');
    for (let i = 0; i < 4; i++) a!.send({ type: 'ping' });
    await expectClosedOver(a!, 'ws_too_many_messages');
    expect(pongs(a!)).toBe(3);
    b!.close();
  });
});
