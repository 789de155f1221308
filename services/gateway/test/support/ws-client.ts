import type { ServerMessage } from '@qal/events';
import { WebSocket } from 'ws';

/** Collects a socket's messages so a test can wait for the next one that matches. */
export function collect(socket: WebSocket) {
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  let closed: { code: number; reason: string } | null = null;
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as ServerMessage);
    waiters.forEach((w) => w());
  });
  socket.on('close', (code, reason) => {
    closed = { code, reason: String(reason) };
    waiters.forEach((w) => w());
  });

  function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(attempt);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });
  }

  return {
    received,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next<T extends ServerMessage['type']>(type: T, predicate: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true) {
      return waitFor(
        () =>
          received.find(
            (m): m is Extract<ServerMessage, { type: T }> => m.type === type && predicate(m as Extract<ServerMessage, { type: T }>),
          ),
        type,
      );
    },
    closed: () => waitFor(() => closed ?? undefined, 'close'),
    close: () => socket.close(),
  };
}

/** Opens a socket at `url` (no session yet), collecting what arrives from the start. */
export async function openSocket(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const client = collect(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return client;
}

/**
 * Opens `/ws` on a listening test server (`base`: its ws:// address) and signs it in: the token goes in the first
 * message, never in the URL. What is sent next waits on the server until the token is checked.
 */
export async function connectSocket(base: string, token: string, headers: Record<string, string> = {}) {
  const client = await openSocket(`${base}/ws`, headers);
  client.send({ type: 'auth', token });
  return client;
}
