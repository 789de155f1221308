import {
  REALTIME_BACKOFF_START_MS,
  REALTIME_LIMIT_BACKOFF_MAX_MS,
  REALTIME_LIMIT_BACKOFF_START_MS,
  REALTIME_MAX_RETRIES,
  REALTIME_PING_INTERVAL_MS,
  WALLET_POLL_INTERVAL_MS,
} from '../../config/constants.ts';
import { CLOSE_POLICY, CLOSE_UNAUTHORIZED, LIMIT_CODES, serverMessageSchema, type ClientMessage, type LimitCode } from './protocol.ts';

export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export type ChannelUpdate =
  | { kind: 'snapshot'; channel: string; version: number; data: unknown }
  | { kind: 'push'; channel: string; version: number; event: string; data: unknown };

export type LogEntry = { id: number; at: number; direction: 'in' | 'out' | 'info'; text: string };

export type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
};

export type Cancel = () => void;

export type RealtimeDeps = {
  createSocket: (url: string) => SocketLike;
  /** Where the socket opens; the token goes in its first message, never in the URL. */
  socketUrl: () => string;
  /** The server closed the socket over one of its limits (too many messages, channels, sockets): tell the player. */
  onLimited?: (code: LimitCode) => void;
  /** Fallback while the socket is down for good: refresh what pushes would have brought. */
  poll: () => Promise<void>;
  schedule?: (run: () => void, ms: number) => Cancel;
  repeat?: (run: () => void, ms: number) => Cancel;
  now?: () => number;
  logLimit?: number;
};

/**
 * Events versioned on their own, not against the channel's snapshot (events/src/ws.ts): `invitation` on
 * `user:<id>` (the snapshot's version is the wallet's), compared only with the last push of the same event.
 */
const SEPARATELY_VERSIONED_EVENTS: ReadonlySet<string> = new Set(['invitation']);

type ChannelEntry = {
  listeners: Set<(update: ChannelUpdate) => void>;
  version: number | null;
  /** The last version of each separately versioned event. */
  eventVersions: Map<string, number>;
  /** Refused subscriptions in a row, and the pending retry. */
  refusals: number;
  cancelRetry: Cancel | null;
};

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;

const isLimitCode = (code: string): code is LimitCode => (LIMIT_CODES as readonly string[]).includes(code);

/** The first message of every socket; a log shows it without the token. */
export const authMessage = (token: string): ClientMessage => ({ type: 'auth', token });
export const AUTH_LOG_TEXT = JSON.stringify({ type: 'auth', token: '…' });

const defaultSchedule = (run: () => void, ms: number): Cancel => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};
const defaultRepeat = (run: () => void, ms: number): Cancel => {
  const id = setInterval(run, ms);
  return () => clearInterval(id);
};

/**
 * One websocket per signed-in tab. Connects when a token appears (sent as the first message), retries 5 times
 * with a doubling backoff from 1 s, then falls back to polling; re-subscribes every channel after a reconnect; drops
 * pushes at or below the version already seen and asks for a fresh snapshot when it has none to build on. Closed
 * over one of the server's limits (1008), it says so once, polls, and tries again only after a long pause that
 * doubles each time: a loop of quick reconnects would hit the same limit again.
 */
export function createRealtimeConnection(deps: RealtimeDeps) {
  const schedule = deps.schedule ?? defaultSchedule;
  const repeat = deps.repeat ?? defaultRepeat;
  const now = deps.now ?? Date.now;
  const logLimit = deps.logLimit ?? 200;

  let state: ConnectionState = 'initialized';
  let token: string | null = null;
  let socket: SocketLike | null = null;
  let retries = 0;
  /** Closes over a limit since the last connect or manual reconnect, and the limit the server last named. */
  let limitStrikes = 0;
  let lastLimit: LimitCode | null = null;
  let cancelRetry: Cancel | null = null;
  let cancelPing: Cancel | null = null;
  let cancelPolling: Cancel | null = null;
  let logSeq = 0;
  let log: LogEntry[] = [];
  const channels = new Map<string, ChannelEntry>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const logListeners = new Set<(log: readonly LogEntry[]) => void>();

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    addLog('info', `state: ${next}`);
    for (const listener of stateListeners) listener(next);
  }

  function addLog(direction: LogEntry['direction'], text: string): void {
    log = [...log.slice(-(logLimit - 1)), { id: ++logSeq, at: now(), direction, text }];
    for (const listener of logListeners) listener(log);
  }

  function send(message: ClientMessage): void {
    if (!socket || state !== 'connected') return;
    const text = JSON.stringify(message);
    addLog('out', text);
    socket.send(text);
  }

  /** Before anything else and before the state says connected, so nothing a listener sends goes ahead of it. */
  function sendAuth(current: SocketLike, currentToken: string): void {
    addLog('out', AUTH_LOG_TEXT);
    current.send(JSON.stringify(authMessage(currentToken)));
  }

  function stopTimers(): void {
    cancelRetry?.();
    cancelRetry = null;
    cancelPing?.();
    cancelPing = null;
  }

  function stopPolling(): void {
    cancelPolling?.();
    cancelPolling = null;
  }

  function startPolling(): void {
    if (cancelPolling) return;
    const pollOnce = () => {
      deps.poll().catch(() => addLog('info', 'poll failed'));
    };
    pollOnce();
    cancelPolling = repeat(pollOnce, WALLET_POLL_INTERVAL_MS);
  }

  function detach(current: SocketLike): void {
    current.onopen = null;
    current.onclose = null;
    current.onmessage = null;
    current.onerror = null;
  }

  function open(): void {
    if (!token) return;
    const currentToken = token;
    setState('connecting');
    lastLimit = null;
    let current: SocketLike;
    try {
      current = deps.createSocket(deps.socketUrl());
    } catch {
      handleClose(0);
      return;
    }
    socket = current;
    current.onopen = () => {
      retries = 0;
      stopPolling();
      sendAuth(current, currentToken);
      setState('connected');
      for (const [channel, entry] of channels) {
        entry.version = null;
        entry.refusals = 0;
        entry.cancelRetry?.();
        entry.cancelRetry = null;
        send({ type: 'subscribe', channel });
      }
      cancelPing = repeat(() => send({ type: 'ping' }), REALTIME_PING_INTERVAL_MS);
    };
    current.onmessage = (event) => handleMessage(event.data);
    current.onclose = (event) => {
      detach(current);
      if (socket === current) socket = null;
      handleClose(event.code);
    };
    current.onerror = () => addLog('info', 'socket error');
  }

  function handleLimitClose(): void {
    const delay = Math.min(REALTIME_LIMIT_BACKOFF_START_MS * 2 ** limitStrikes, REALTIME_LIMIT_BACKOFF_MAX_MS);
    limitStrikes += 1;
    setState('failed');
    startPolling();
    deps.onLimited?.(lastLimit ?? 'ws_too_many_messages');
    addLog('info', `over a limit (${lastLimit ?? 'unnamed'}): retry in ${delay} ms`);
    cancelRetry = schedule(() => {
      cancelRetry = null;
      open();
    }, delay);
  }

  function handleClose(code: number): void {
    stopTimers();
    if (!token) return;
    if (code === CLOSE_POLICY) {
      handleLimitClose();
      return;
    }
    if (code === CLOSE_UNAUTHORIZED || retries >= REALTIME_MAX_RETRIES) {
      setState('failed');
      startPolling();
      return;
    }
    const delay = REALTIME_BACKOFF_START_MS * 2 ** retries;
    retries += 1;
    setState('unavailable');
    addLog('info', `retry ${retries}/${REALTIME_MAX_RETRIES} in ${delay} ms`);
    cancelRetry = schedule(() => {
      cancelRetry = null;
      open();
    }, delay);
  }

  function handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    addLog('in', raw);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'subscribed') {
      const entry = channels.get(message.channel);
      if (!entry) return;
      if (entry.version !== null && message.version < entry.version) return;
      entry.version = message.version;
      entry.refusals = 0;
      deliver(entry, { kind: 'snapshot', channel: message.channel, version: message.version, data: message.snapshot });
    } else if (message.type === 'error' && !message.channel && isLimitCode(message.code)) {
      lastLimit = message.code;
    } else if (message.type === 'error' && message.channel) {
      // A refused subscription may be a channel that does not exist yet (a match that is just starting, a room
      // being joined): ask again a few times, backing off, before leaving it to the page's own reads.
      const entry = channels.get(message.channel);
      if (!entry || entry.cancelRetry || entry.refusals >= REALTIME_MAX_RETRIES) return;
      const channel = message.channel;
      const delay = REALTIME_BACKOFF_START_MS * 2 ** entry.refusals;
      entry.refusals += 1;
      entry.cancelRetry = schedule(() => {
        entry.cancelRetry = null;
        if (channels.get(channel) === entry) send({ type: 'subscribe', channel });
      }, delay);
    } else if (message.type === 'push') {
      const entry = channels.get(message.channel);
      if (!entry) return;
      if (entry.version === null) {
        // Nothing to apply the change to: ask again for the full view.
        send({ type: 'subscribe', channel: message.channel });
        return;
      }
      if (SEPARATELY_VERSIONED_EVENTS.has(message.event)) {
        const last = entry.eventVersions.get(message.event);
        if (last !== undefined && message.version <= last) return;
        entry.eventVersions.set(message.event, message.version);
      } else {
        if (message.version <= entry.version) return;
        entry.version = message.version;
      }
      deliver(entry, {
        kind: 'push',
        channel: message.channel,
        version: message.version,
        event: message.event,
        data: message.data,
      });
    }
  }

  function deliver(entry: ChannelEntry, update: ChannelUpdate): void {
    for (const listener of entry.listeners) listener(update);
  }

  return {
    getState: (): ConnectionState => state,
    getLog: (): readonly LogEntry[] => log,

    connect(nextToken: string): void {
      if (token === nextToken && state !== 'disconnected' && state !== 'initialized') return;
      if (socket) {
        const old = socket;
        socket = null;
        detach(old);
        old.close(1000, 'token changed');
      }
      stopTimers();
      stopPolling();
      token = nextToken;
      retries = 0;
      limitStrikes = 0;
      open();
    },

    disconnect(): void {
      token = null;
      stopTimers();
      stopPolling();
      if (socket) {
        const old = socket;
        socket = null;
        detach(old);
        old.close(1000, 'signed out');
      }
      for (const entry of channels.values()) entry.version = null;
      if (state !== 'initialized') setState('disconnected');
    },

    /** Try the socket again now (e.g. the browser came back online). */
    reconnect(): void {
      if (!token || state === 'connected' || state === 'connecting') return;
      stopTimers();
      retries = 0;
      limitStrikes = 0;
      open();
    },

    subscribe(channel: string, listener: (update: ChannelUpdate) => void): () => void {
      let entry = channels.get(channel);
      if (!entry) {
        entry = { listeners: new Set(), version: null, eventVersions: new Map(), refusals: 0, cancelRetry: null };
        channels.set(channel, entry);
        send({ type: 'subscribe', channel });
      }
      entry.listeners.add(listener);
      const owned = entry;
      return () => {
        owned.listeners.delete(listener);
        if (owned.listeners.size === 0 && channels.get(channel) === owned) {
          owned.cancelRetry?.();
          channels.delete(channel);
          send({ type: 'unsubscribe', channel });
        }
      };
    },

    onStateChange(listener: (state: ConnectionState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },

    onLog(listener: (log: readonly LogEntry[]) => void): () => void {
      logListeners.add(listener);
      return () => logListeners.delete(listener);
    },
  };
}
