import { describe, expect, it } from 'vitest';
import { createRealtimeConnection, type ChannelUpdate, type SocketLike } from './connection.ts';

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverOpens() {
    this.onopen?.();
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drops(code = 1006) {
    this.onclose?.({ code });
  }
}

/** Timers run only when the test says so; delays are recorded, never waited for. */
function setup() {
  const sockets: FakeSocket[] = [];
  const limited: string[] = [];
  const pending: { run: () => void; ms: number }[] = [];
  const repeating: { run: () => void; ms: number; cancelled: boolean }[] = [];
  let polls = 0;
  const connection = createRealtimeConnection({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: () => '/ws',
    onLimited: (code) => limited.push(code),
    poll: async () => {
      polls += 1;
    },
    schedule: (run, ms) => {
      const timer = { run, ms };
      pending.push(timer);
      return () => pending.splice(pending.indexOf(timer), 1);
    },
    repeat: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      repeating.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const runNextTimer = () => {
    const timer = pending.shift();
    if (!timer) throw new Error('no timer pending');
    timer.run();
    return timer.ms;
  };
  const latest = () => sockets[sockets.length - 1]!;
  return { connection, sockets, latest, pending, repeating, runNextTimer, polls: () => polls, limited };
}

const wallet = (available: number) => ({ balance: available, held: 0, available });

describe('realtime connection', () => {
  it('connects, sends the token as the first message, subscribes channels and hands over the snapshot', () => {
    const { connection, latest } = setup();
    const updates: ChannelUpdate[] = [];
    connection.subscribe('user:u1', (update) => updates.push(update));
    expect(connection.getState()).toBe('initialized');

    connection.connect('tok 1');
    expect(connection.getState()).toBe('connecting');
    expect(latest().url).toBe('/ws');
    latest().serverOpens();
    expect(connection.getState()).toBe('connected');
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'tok 1' },
      { type: 'subscribe', channel: 'user:u1' },
    ]);
    expect(JSON.stringify(connection.getLog())).not.toContain('tok 1');

    latest().serverSends({ type: 'subscribed', channel: 'user:u1', version: 7, snapshot: wallet(100) });
    expect(updates).toEqual([{ kind: 'snapshot', channel: 'user:u1', version: 7, data: wallet(100) }]);
  });

  it('ignores pushes at or below the version already seen', () => {
    const { connection, latest } = setup();
    const seen: unknown[] = [];
    connection.subscribe('user:u1', (update) => seen.push(update.data));
    connection.connect('t');
    latest().serverOpens();
    latest().serverSends({ type: 'subscribed', channel: 'user:u1', version: 10, snapshot: wallet(100) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 12, event: 'wallet', data: wallet(90) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 11, event: 'wallet', data: wallet(95) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 12, event: 'wallet', data: wallet(90) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 15, event: 'wallet', data: wallet(80) });
    expect(seen).toEqual([wallet(100), wallet(90), wallet(80)]);
  });

  it('versions invitation pushes on their own, not against the wallet snapshot', () => {
    const { connection, latest } = setup();
    const seen: string[] = [];
    connection.subscribe('user:u1', (update) => seen.push(`${update.kind === 'push' ? update.event : 'snapshot'}@${update.version}`));
    connection.connect('t');
    latest().serverOpens();
    latest().serverSends({ type: 'subscribed', channel: 'user:u1', version: 10, snapshot: wallet(100) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 8, event: 'invitation', data: [] });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 7, event: 'invitation', data: [] });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 9, event: 'invitation', data: [] });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 9, event: 'wallet', data: wallet(1) });
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 11, event: 'wallet', data: wallet(2) });
    expect(seen).toEqual(['snapshot@10', 'invitation@8', 'invitation@9', 'wallet@11']);
  });

  it('asks again for a refused channel (it may not exist yet), backing off, a few times only', () => {
    const { connection, latest, pending, runNextTimer } = setup();
    connection.subscribe('match:m1:u1', () => {});
    connection.connect('t');
    latest().serverOpens();
    latest().sent.length = 0;
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      latest().serverSends({ type: 'error', code: 'forbidden_channel', message: 'no', channel: 'match:m1:u1' });
      if (pending.length > 0) delays.push(runNextTimer());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(latest().sent.filter((m) => (m as { type: string }).type === 'subscribe')).toHaveLength(5);
  });

  it('asks for a fresh snapshot when a push arrives with nothing to build on', () => {
    const { connection, latest } = setup();
    const seen: unknown[] = [];
    connection.subscribe('user:u1', (update) => seen.push(update.data));
    connection.connect('t');
    latest().serverOpens();
    latest().sent.length = 0;
    latest().serverSends({ type: 'push', channel: 'user:u1', version: 3, event: 'wallet', data: wallet(1) });
    expect(seen).toEqual([]);
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'user:u1' }]);
  });

  it('retries five times with a backoff doubling from 1 s, then falls back to polling every 15 s', () => {
    const { connection, latest, runNextTimer, repeating, polls } = setup();
    connection.connect('t');
    latest().drops();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(connection.getState()).toBe('unavailable');
      delays.push(runNextTimer());
      expect(connection.getState()).toBe('connecting');
      latest().drops();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(connection.getState()).toBe('failed');
    expect(polls()).toBe(1);
    const poller = repeating.find((timer) => timer.ms === 15000 && !timer.cancelled);
    poller?.run();
    expect(polls()).toBe(2);
  });

  it('re-subscribes after reconnecting and takes the new snapshot even after higher pushes before', () => {
    const { connection, latest, runNextTimer } = setup();
    const seen: unknown[] = [];
    connection.subscribe('user:u1', (update) => seen.push(update.data));
    connection.connect('t');
    latest().serverOpens();
    latest().serverSends({ type: 'subscribed', channel: 'user:u1', version: 10, snapshot: wallet(100) });
    latest().drops();
    runNextTimer();
    latest().serverOpens();
    expect(latest().sent).toContainEqual({ type: 'subscribe', channel: 'user:u1' });
    latest().serverSends({ type: 'subscribed', channel: 'user:u1', version: 14, snapshot: wallet(70) });
    expect(seen).toEqual([wallet(100), wallet(70)]);
  });

  it('a successful reconnect resets the retry budget and stops polling', () => {
    const { connection, latest, runNextTimer, repeating } = setup();
    connection.connect('t');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      latest().drops();
      if (attempt < 5) runNextTimer();
    }
    expect(connection.getState()).toBe('failed');
    connection.reconnect();
    latest().serverOpens();
    expect(connection.getState()).toBe('connected');
    expect(repeating.filter((timer) => timer.ms === 15000).every((timer) => timer.cancelled)).toBe(true);
    latest().drops();
    expect(runNextTimer()).toBe(1000);
  });

  it('goes straight to polling when the server refuses the token', () => {
    const { connection, latest, pending, polls } = setup();
    connection.connect('bad');
    latest().serverSends({ type: 'error', code: 'unauthorized', message: 'Unauthorized' });
    latest().drops(4401);
    expect(connection.getState()).toBe('failed');
    expect(pending).toHaveLength(0);
    expect(polls()).toBe(1);
  });

  it('after a refresh, signs a new socket in with the new token and follows its channels again', () => {
    const { connection, latest, sockets, repeating } = setup();
    connection.subscribe('user:u1', () => {});
    connection.connect('old');
    latest().serverOpens();
    // The server closes the old token's socket as soon as the refresh revokes it, maybe before the new token is here.
    latest().serverSends({ type: 'error', code: 'unauthorized', message: 'Not authenticated' });
    latest().drops(4401);
    expect(connection.getState()).toBe('failed');
    connection.connect('new');
    latest().serverOpens();
    expect(sockets).toHaveLength(2);
    expect(latest().sent).toEqual([
      { type: 'auth', token: 'new' },
      { type: 'subscribe', channel: 'user:u1' },
    ]);
    expect(connection.getState()).toBe('connected');
    expect(repeating.filter((timer) => timer.ms === 15000).every((timer) => timer.cancelled)).toBe(true);
  });

  it('disconnects when the token is lost and does not retry', () => {
    const { connection, latest, pending } = setup();
    connection.connect('t');
    latest().serverOpens();
    const socket = latest();
    connection.disconnect();
    expect(connection.getState()).toBe('disconnected');
    expect(socket.closed).toBe(true);
    expect(pending).toHaveLength(0);
  });

  it('over a server limit (1008): says which once, polls, and tries again only after a pause that doubles', () => {
    const { connection, latest, pending, runNextTimer, polls, limited, sockets } = setup();
    connection.connect('t');
    latest().serverOpens();
    latest().serverSends({ type: 'error', code: 'ws_too_many_sockets', message: 'Too many' });
    latest().drops(1008);
    expect(connection.getState()).toBe('failed');
    expect(limited).toEqual(['ws_too_many_sockets']);
    expect(polls()).toBe(1);
    expect(pending.map((timer) => timer.ms)).toEqual([60_000]);
    expect(sockets).toHaveLength(1);
    expect(runNextTimer()).toBe(60_000);
    latest().serverOpens();
    latest().serverSends({ type: 'error', code: 'ws_too_many_messages', message: 'Slow down' });
    latest().drops(1008);
    expect(limited).toEqual(['ws_too_many_sockets', 'ws_too_many_messages']);
    expect(pending.map((timer) => timer.ms)).toEqual([120_000]);
  });

  it('unsubscribes a channel when its last listener leaves', () => {
    const { connection, latest } = setup();
    connection.connect('t');
    latest().serverOpens();
    const stop = connection.subscribe('user:u1', () => {});
    stop();
    expect(latest().sent).toEqual([
      { type: 'auth', token: 't' },
      { type: 'subscribe', channel: 'user:u1' },
      { type: 'unsubscribe', channel: 'user:u1' },
    ]);
  });
});
