import { WS_CLOSE_TOO_SLOW, type ServerMessage } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { createHub, type Connection, type Hub } from './hub.ts';
import { createOutbound, encodePush, WS_TOO_SLOW_REASON, type OutboundSocket } from './socket-outbound.ts';

const OPEN = 1;
const CLOSING = 2;
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * A socket whose client reads only when the test says so: what it is sent waits in its buffer (as in ws's
 * `bufferedAmount`) until `drain`.
 */
function fakeSocket() {
  const socket = {
    OPEN,
    readyState: OPEN,
    bufferedAmount: 0,
    sent: [] as ServerMessage[],
    closed: null as { code: number; reason: string } | null,
    send(text: string) {
      socket.sent.push(JSON.parse(text) as ServerMessage);
      socket.bufferedAmount += Buffer.byteLength(text);
    },
    close(code: number, reason: string) {
      socket.closed ??= { code, reason };
      socket.readyState = CLOSING;
    },
    drain() {
      socket.bufferedAmount = 0;
    },
  };
  return socket satisfies OutboundSocket;
}

/** A hub with one kind of channel, rooms, whose snapshot is empty. */
function roomHub() {
  const hub = createHub();
  hub.register({ prefix: 'room:', authorize: () => true, view: async () => ({ version: 0, snapshot: null }) });
  return hub;
}

/** A connection on `socket` that follows room R1. */
async function follow(hub: Hub, socket: OutboundSocket) {
  const out = createOutbound(socket, { lang: 'en', maxBufferedBytes: MAX_BUFFERED_BYTES });
  const connection: Connection = { id: `c-${Math.random()}`, userId: 'u', send: out.send };
  await hub.subscribe(connection, 'room:R1');
}

/** A room view of about 4 KB, as a busy card table's is. */
const view = (n: number) => ({ n, seats: Array.from({ length: 4 }, (_, seat) => ({ seat, hand: 'x'.repeat(1_000) })) });
const pushes = (sent: readonly ServerMessage[]) => sent.filter((m) => m.type === 'push');

describe('a socket too slow to read what it is sent', () => {
  it('is closed as too slow once its buffer passes the limit, and sent nothing more, while a reader that keeps up gets every push', async () => {
    const slow = fakeSocket();
    const fast = fakeSocket();
    const hub = roomHub();
    await follow(hub, slow);
    await follow(hub, fast);
    for (let version = 1; version <= 100; version++) {
      hub.publish('room:R1', 'room', version, view(version));
      fast.drain();
    }
    expect(slow.closed).toEqual({ code: WS_CLOSE_TOO_SLOW, reason: WS_TOO_SLOW_REASON });
    // What it was sent stopped within one message past the limit, far short of the hundred views.
    expect(slow.bufferedAmount).toBeLessThan(MAX_BUFFERED_BYTES + 5_000);
    expect(pushes(slow.sent).length).toBeLessThan(20);
    expect(fast.closed).toBeNull();
    expect(pushes(fast.sent).map((m) => (m as { version: number }).version)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('stays open through a burst it reads in time', async () => {
    const reader = fakeSocket();
    const hub = roomHub();
    await follow(hub, reader);
    for (let burst = 0; burst < 10; burst++) {
      for (let i = 1; i <= 10; i++) hub.publish('room:R1', 'room', burst * 10 + i, view(i));
      reader.drain();
    }
    expect(reader.closed).toBeNull();
    expect(pushes(reader.sent)).toHaveLength(100);
  });
});

describe('a push as it goes out', () => {
  it('is the JSON of the message, whatever its value, and names each socket its own channel', () => {
    const view = { word: 'ቃል "q"\n', slots: [null, 'a'], nested: { n: 1.5, ok: true }, gone: undefined };
    for (const data of [view, [1, 'x'], null, undefined, 'text', 42]) {
      const message = { type: 'push' as const, channel: 'match:m-1:u-1', version: 17, event: 'view', data };
      expect(encodePush(message)).toBe(JSON.stringify(message));
    }
    const first = encodePush({ type: 'push', channel: 'match:m-1:u-1', version: 18, event: 'view', data: view });
    const second = encodePush({ type: 'push', channel: 'match:m-1:u-2', version: 18, event: 'view', data: view });
    expect(JSON.parse(first)).toEqual({
      type: 'push',
      channel: 'match:m-1:u-1',
      version: 18,
      event: 'view',
      data: JSON.parse(JSON.stringify(view)),
    });
    expect(JSON.parse(second)).toMatchObject({ channel: 'match:m-1:u-2', data: { word: 'ቃል "q"\n' } });
  });
});
