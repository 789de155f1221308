import { describe, expect, it } from 'vitest';
import type { SocketLike } from '../../lib/realtime/connection.ts';
import { createTestConnection, PRIVATE_CHANNEL_DELAY_MS, type TestConnectionDeps } from './test-connection.ts';

const PRIVATE = 'private:test.debug';

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** Timers run when the test says so; the delays they asked for are kept. */
function setup(options: Partial<TestConnectionDeps> & { createFails?: boolean } = {}) {
  const socket = new FakeSocket();
  const timers: { run: () => void; ms: number }[] = [];
  const connection = createTestConnection({
    url: 'ws://qal.test/ws',
    createSocket: () => {
      if (options.createFails) throw new SyntaxError('bad url');
      return socket;
    },
    schedule: (run, ms) => {
      timers.push({ run, ms });
      return () => undefined;
    },
    repeat: () => () => undefined,
    ...options,
  });
  return { connection, socket, timers, state: () => connection.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a test page socket', () => {
  it('shows connected, follows its channels, and asks for the private channel 2 s later once the API agrees', async () => {
    const asked: string[] = [];
    const { connection, socket, timers, state } = setup({
      privateChannel: { channel: PRIVATE, authorize: async () => (asked.push(PRIVATE), true) },
    });
    connection.follow('user:u-1');
    connection.start();
    expect(state().state).toBe('connecting');
    socket.onopen?.();
    expect(state().state).toBe('connected');
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'user:u-1' }]);

    const [later] = timers;
    expect(later?.ms).toBe(PRIVATE_CHANNEL_DELAY_MS);
    later?.run();
    await settle();
    expect(asked).toEqual([PRIVATE]);
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', channel: PRIVATE });
    socket.serverSends({ type: 'subscribed', channel: PRIVATE, version: 0, snapshot: null });
    socket.serverSends({ type: 'subscribed', channel: 'user:u-1', version: 3, snapshot: {} });
    expect(state().channels).toEqual([
      { channel: 'user:u-1', status: 'subscribed' },
      { channel: PRIVATE, status: 'subscribed' },
    ]);
    expect(state().problems).toEqual([]);
    expect(state().log.some((entry) => entry.direction === 'in' && entry.text.includes('"subscribed"'))).toBe(true);
  });

  it("says 'Authentication failed' when the channel authorisation or the socket refuses a channel", async () => {
    const { connection, socket, timers, state } = setup({ privateChannel: { channel: PRIVATE, authorize: async () => false } });
    connection.start();
    socket.onopen?.();
    timers[0]?.run();
    await settle();
    expect(socket.sent).toEqual([]);
    expect(state().channels).toEqual([{ channel: PRIVATE, status: 'refused' }]);
    expect(state().problems).toEqual(['auth_failed']);

    connection.follow('room:ABC234');
    socket.serverSends({ type: 'error', code: 'forbidden_channel', message: 'You may not follow this channel', channel: 'room:ABC234' });
    expect(state().channels.at(-1)).toEqual({ channel: 'room:ABC234', status: 'refused' });
    expect(state().problems).toEqual(['auth_failed']);
    expect(state().state).toBe('connected');
  });

  it("says 'WebSocket connection failed' when the socket closes, and 'Authentication failed' when it is refused a session", () => {
    const dropped = setup();
    dropped.connection.start();
    dropped.socket.onopen?.();
    dropped.socket.onclose?.({ code: 1006 });
    expect(dropped.state()).toMatchObject({ state: 'closed', problems: ['connection_failed'] });

    const refused = setup();
    refused.connection.start();
    refused.socket.onclose?.({ code: 4401 });
    expect(refused.state()).toMatchObject({ state: 'closed', problems: ['auth_failed'] });
  });

  it('signs in with the session token as its first message, and keeps the token out of the log', () => {
    const { connection, socket, state } = setup({ token: 'secret-token' });
    connection.follow('user:u-1');
    connection.start();
    socket.onopen?.();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'secret-token' },
      { type: 'subscribe', channel: 'user:u-1' },
    ]);
    expect(JSON.stringify(state().log)).not.toContain('secret-token');
  });

  it("says 'Failed to initialize WebSocket connection' when no socket can be created", () => {
    const { connection, state } = setup({ createFails: true });
    connection.start();
    expect(state()).toMatchObject({ state: 'closed', problems: ['init_failed'] });
  });
});
