import { REALTIME_PING_INTERVAL_MS } from '../../config/constants.ts';
import { AUTH_LOG_TEXT, authMessage, type Cancel, type LogEntry, type SocketLike } from '../../lib/realtime/connection.ts';
import { CLOSE_UNAUTHORIZED, serverMessageSchema, type ClientMessage } from '../../lib/realtime/protocol.ts';

/** The test channel is tried this long after the socket opens, so a page shows the connection before the channel. */
export const PRIVATE_CHANNEL_DELAY_MS = 2_000;
const LOG_LIMIT = 200;

/** What went wrong, each shown once: a channel or auth call refused, the socket closed or erred, no socket at all. */
export type TestProblem = 'auth_failed' | 'connection_failed' | 'init_failed';
export type TestSocketState = 'connecting' | 'connected' | 'closed';
export type ChannelStatus = 'pending' | 'subscribed' | 'refused';

export type TestConnectionSnapshot = {
  readonly state: TestSocketState;
  readonly problems: readonly TestProblem[];
  readonly channels: readonly { readonly channel: string; readonly status: ChannelStatus }[];
  readonly log: readonly LogEntry[];
};

export type TestConnectionDeps = {
  readonly url: string;
  /** The session token, sent as the socket's first message (never in its URL); none on the guest socket. */
  readonly token?: string;
  readonly createSocket: (url: string) => SocketLike;
  /** A private channel to follow PRIVATE_CHANNEL_DELAY_MS after connecting, once `authorize` (an HTTP call) agrees. */
  readonly privateChannel?: { readonly channel: string; readonly authorize: () => Promise<boolean> };
  readonly schedule?: (run: () => void, ms: number) => Cancel;
  readonly repeat?: (run: () => void, ms: number) => Cancel;
  readonly now?: () => number;
};

const defaultSchedule = (run: () => void, ms: number): Cancel => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};
const defaultRepeat = (run: () => void, ms: number): Cancel => {
  const id = setInterval(run, ms);
  return () => clearInterval(id);
};

/**
 * One socket for a test page, which reports what fails instead of hiding it: no retries and no polling fallback
 * (unlike the app's connection, lib/realtime/connection.ts), every message in the log, and each channel's outcome.
 */
export function createTestConnection(deps: TestConnectionDeps) {
  const schedule = deps.schedule ?? defaultSchedule;
  const repeat = deps.repeat ?? defaultRepeat;
  const now = deps.now ?? Date.now;
  let snapshot: TestConnectionSnapshot = { state: 'connecting', problems: [], channels: [], log: [] };
  let socket: SocketLike | null = null;
  let timers: Cancel[] = [];
  let logSeq = 0;
  let stopped = false;
  const listeners = new Set<() => void>();

  const update = (next: Partial<TestConnectionSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const log = (direction: LogEntry['direction'], text: string) =>
    update({ log: [...snapshot.log.slice(-(LOG_LIMIT - 1)), { id: ++logSeq, at: now(), direction, text }] });
  const report = (problem: TestProblem) => {
    if (!snapshot.problems.includes(problem)) update({ problems: [...snapshot.problems, problem] });
  };
  const setChannel = (channel: string, status: ChannelStatus) =>
    update({
      channels: snapshot.channels.some((entry) => entry.channel === channel)
        ? snapshot.channels.map((entry) => (entry.channel === channel ? { channel, status } : entry))
        : [...snapshot.channels, { channel, status }],
    });
  const setState = (state: TestSocketState) => {
    if (snapshot.state === state) return;
    update({ state });
    log('info', `state: ${state}`);
  };
  const send = (message: ClientMessage) => {
    if (!socket || snapshot.state !== 'connected') return;
    const text = JSON.stringify(message);
    log('out', text);
    socket.send(text);
  };

  function handleMessage(raw: unknown) {
    if (typeof raw !== 'string') return;
    log('in', raw);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'subscribed') setChannel(message.channel, 'subscribed');
    else if (message.type === 'error' && message.channel) {
      setChannel(message.channel, 'refused');
      report('auth_failed');
    } else if (message.type === 'error' && message.code === 'unauthorized') report('auth_failed');
  }

  function tryPrivateChannel() {
    const wanted = deps.privateChannel;
    if (!wanted) return;
    setChannel(wanted.channel, 'pending');
    void wanted
      .authorize()
      .catch(() => false)
      .then((allowed) => {
        if (stopped) return;
        if (allowed) return send({ type: 'subscribe', channel: wanted.channel });
        setChannel(wanted.channel, 'refused');
        report('auth_failed');
      });
  }

  function onOpen() {
    if (deps.token && socket) {
      log('out', AUTH_LOG_TEXT);
      socket.send(JSON.stringify(authMessage(deps.token)));
    }
    setState('connected');
    for (const { channel } of snapshot.channels) send({ type: 'subscribe', channel });
    timers.push(repeat(() => send({ type: 'ping' }), REALTIME_PING_INTERVAL_MS));
    timers.push(schedule(tryPrivateChannel, PRIVATE_CHANNEL_DELAY_MS));
  }

  function stopTimers() {
    for (const cancel of timers) cancel();
    timers = [];
  }

  return {
    getSnapshot: (): TestConnectionSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start(): void {
      stopped = false;
      setState('connecting');
      let current: SocketLike;
      try {
        current = deps.createSocket(deps.url);
      } catch {
        setState('closed');
        report('init_failed');
        return;
      }
      socket = current;
      current.onopen = onOpen;
      current.onmessage = (event) => handleMessage(event.data);
      current.onerror = () => log('info', 'socket error');
      current.onclose = (event) => {
        socket = null;
        stopTimers();
        setState('closed');
        report(event.code === CLOSE_UNAUTHORIZED ? 'auth_failed' : 'connection_failed');
      };
    },

    /** Follow a channel: now if connected, else as soon as the socket opens. */
    follow(channel: string): void {
      if (snapshot.channels.some((entry) => entry.channel === channel && entry.status !== 'refused')) return;
      setChannel(channel, 'pending');
      send({ type: 'subscribe', channel });
    },

    stop(): void {
      stopped = true;
      stopTimers();
      const current = socket;
      socket = null;
      if (!current) return;
      current.onopen = current.onmessage = current.onerror = current.onclose = null;
      current.close(1000, 'test page left');
    },
  };
}

export type TestConnection = ReturnType<typeof createTestConnection>;
