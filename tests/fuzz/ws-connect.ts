/**
 * Opening the player socket and reading what it answers. `openSocket` is the one place that knows how a socket
 * presents its session (today: an `auth` message as the first frame); if that changes, only it changes.
 */
import { WS_PATH } from '@qal/events';
import { WebSocket } from 'ws';
import type { SocketAnswer } from './invariants.ts';

export interface OpenSocket {
  readonly socket: WebSocket;
  readonly reader: SocketReader;
}

/** Opens `url`, reading its messages from the start (the server may answer before `open` is handled). */
async function open(url: string, headers: Readonly<Record<string, string>>): Promise<OpenSocket> {
  const socket = new WebSocket(url, { headers });
  const reader = readSocket(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, reader };
}

/**
 * Opens `/ws` with the upgrade request's `headers` and, given a `token`, signs in with it: the session's way in,
 * the one function to change if the protocol changes how a socket presents its session. Without a token, the
 * socket is left for the caller's frames.
 */
export async function openSocket(base: string, token: string | undefined, headers: Readonly<Record<string, string>>): Promise<OpenSocket> {
  const opened = await open(`${base}${WS_PATH}`, headers);
  if (token !== undefined) opened.socket.send(JSON.stringify({ type: 'auth', token }));
  return opened;
}

/** Opens `/ws` the way the protocol forbids: the token in the URL. */
export const openSocketWithTokenInUrl = (base: string, token: string): Promise<OpenSocket> =>
  open(`${base}${WS_PATH}?token=${encodeURIComponent(token)}`, {});

/** Closes a socket and waits until it is closed, so the server has let go of it too. */
export async function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.close();
  await closed;
}

export interface SocketReader {
  /** The next answer other than a push (pushes come whenever a followed channel changes), or the close. */
  next(timeoutMs: number): Promise<SocketAnswer | 'silent'>;
  readonly closeCode: () => number | null;
}

/** Reads a socket's messages in order; a frame that is not JSON is kept as its text (and fails the protocol check). */
export function readSocket(socket: WebSocket): SocketReader {
  const inbox: SocketAnswer[] = [];
  let closeCode: number | null = null;
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    const text = String(data);
    let message: unknown;
    try {
      message = JSON.parse(text) as unknown;
    } catch {
      message = text;
    }
    const isPush = message !== null && typeof message === 'object' && (message as { type?: unknown }).type === 'push';
    if (!isPush) inbox.push({ kind: 'message', message });
    wake?.();
  });
  socket.on('close', (code) => {
    closeCode = code;
    inbox.push({ kind: 'closed', code });
    wake?.();
  });
  socket.on('error', () => undefined);

  return {
    closeCode: () => closeCode,
    async next(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (inbox.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) return 'silent';
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      const answer = inbox.shift()!;
      // A close stays visible to later reads too.
      if (answer.kind === 'closed') inbox.unshift(answer);
      return answer;
    },
  };
}
