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

/** Opens `/ws` on a listening test server (`base`: its ws:// address) with a session token, collecting what arrives. */
export async function connectSocket(base: string, token: string) {
  const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
  const client = collect(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return client;
}
