import { WS_CLOSE_TOO_SLOW, type ServerMessage } from '@qal/events';
import { rejectionInfo, type Lang } from '../http/rejections.ts';
import type { WsObserver } from '../metrics.ts';

/** The close reason that goes with WS_CLOSE_TOO_SLOW. */
export const WS_TOO_SLOW_REASON = 'too slow';

/** What the sending side uses of a `ws` socket (a fake one in tests). */
export interface OutboundSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes given to `send` that have not reached the network yet. */
  readonly bufferedAmount: number;
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface OutboundOptions {
  /** The language of refusals until the session says otherwise (the upgrade's Accept-Language). */
  readonly lang: Lang;
  /** Bytes waiting to be sent beyond which the socket is closed as too slow (WsLimits.maxBufferedBytes). */
  readonly maxBufferedBytes: number;
  readonly observer?: WsObserver | undefined;
  /** The socket was closed as too slow, with this much still waiting (for the log). */
  readonly onTooSlow?: (bufferedBytes: number) => void;
}

type PushMessage = Extract<ServerMessage, { type: 'push' }>;

/**
 * Pushed values encoded already. A value is often pushed to many sockets: a room's view to each follower, a duel
 * view that every guesser shares (the game builds it once per state). A pushed value is never changed afterwards
 * (the hub may still hold it for a socket whose snapshot is on its way), so its encoding is kept with it.
 */
const encodedData = new WeakMap<object, string>();

/** `JSON.stringify(message)`, the value encoded once however many sockets it goes to. */
export function encodePush(message: PushMessage): string {
  const { data } = message;
  let json = typeof data === 'object' && data !== null ? encodedData.get(data) : undefined;
  if (json === undefined) {
    json = JSON.stringify(data);
    if (typeof data === 'object' && data !== null) encodedData.set(data, json);
  }
  const head = `{"type":"push","channel":${JSON.stringify(message.channel)},"version":${JSON.stringify(message.version)},"event":${JSON.stringify(message.event)}`;
  return json === undefined ? `${head}}` : `${head},"data":${json}}`;
}

/**
 * What the server sends one socket: messages, refusals in its language, and the close that follows. A socket that
 * stops reading (or reads slower than its channels change) is not queued for without end: once more than
 * `maxBufferedBytes` wait in its send buffer, it is closed with WS_CLOSE_TOO_SLOW and sent nothing more. Its client
 * reconnects and subscribes again, and the snapshots it gets then carry everything it missed. (Keeping it open and
 * sending only the latest views once it drains would need a view read per channel for the clients least able to
 * take them, and a per-socket queue to track; the protocol's snapshots already are the way to catch up.)
 */
export function createOutbound(socket: OutboundSocket, options: OutboundOptions) {
  let closing = false;
  const lang = { current: options.lang };
  const send = (message: ServerMessage) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      closing = true;
      options.onTooSlow?.(socket.bufferedAmount);
      socket.close(WS_CLOSE_TOO_SLOW, WS_TOO_SLOW_REASON);
      return;
    }
    socket.send(message.type === 'push' ? encodePush(message) : JSON.stringify(message));
    if (message.type === 'push') options.observer?.pushed(message.channel);
  };
  const error = (code: string, channel?: string): ServerMessage => ({
    type: 'error',
    code,
    message: rejectionInfo(code)[lang.current],
    ...(channel ? { channel } : {}),
  });
  const refuse = (code: string, closeCode: number) => {
    if (closing) return;
    closing = true;
    send(error(code));
    socket.close(closeCode, code);
  };
  return { lang, send, error, refuse, isClosing: () => closing, markClosed: () => (closing = true) };
}

export type Outbound = ReturnType<typeof createOutbound>;
