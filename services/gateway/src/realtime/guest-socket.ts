import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { ClientMessage, TEST_WS_PATH, WS_CLOSE_POLICY, type ServerMessage } from '@qal/events';
import type { WebSocket } from 'ws';
import { languageFromHeader } from '../http/language.ts';
import { rejectionInfo, type Lang } from '../http/rejections.ts';
import { routeSchema } from '../http/route-schema.ts';
import { createSocketCounts } from './socket-counts.ts';
import { textOf } from './socket-text.ts';
import { createTokenBucket } from './token-bucket.ts';
import { WS_LIMITS, type WsLimits } from './ws-limits.ts';

/** What a socket without a session is answered: pong to a ping, a refusal to anything that needs a player. */
function guestAnswer(raw: string, lang: Lang): ServerMessage {
  const refusal = (code: string, channel?: string): ServerMessage => ({
    type: 'error',
    code,
    message: rejectionInfo(code)[lang],
    ...(channel ? { channel } : {}),
  });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return refusal('invalid_message');
  }
  const parsed = ClientMessage.safeParse(json);
  if (!parsed.success) return refusal('invalid_message');
  const message = parsed.data;
  if (message.type === 'ping') return { type: 'pong' };
  if (message.type === 'unsubscribe') return { type: 'unsubscribed', channel: message.channel };
  return refusal('unauthorized', message.type === 'subscribe' ? message.channel : undefined);
}

/** Smaller limits for a test; LIMITS' otherwise. */
export interface GuestSocketOptions {
  readonly limits?: WsLimits;
  readonly monotonicNow?: () => number;
}

/**
 * `TEST_WS_PATH`: the test surface's socket for signed-out test pages. It holds no session and joins no hub, so it
 * can see nothing; it only shows that a socket opens and answers. Registered only where the test surface is on.
 * Limited as the player's socket is: the same message rate, and as many open sockets per address as per player.
 */
export function registerGuestSocket(app: FastifyInstance, options: GuestSocketOptions = {}) {
  const limits = options.limits ?? WS_LIMITS;
  const now = options.monotonicNow ?? (() => performance.now());
  const byAddress = createSocketCounts(limits.maxSocketsPerUser);
  const schema = routeSchema({
    tags: ['realtime'],
    summary: 'Open the guest test socket (test surface only)',
    description: 'A websocket without a session: it answers ping with pong and refuses every subscription with unauthorized.',
  });
  app.get(TEST_WS_PATH, { websocket: true, schema }, (socket: WebSocket, request) => {
    const lang = languageFromHeader(request.headers['accept-language']) ?? 'en';
    const bucket = createTokenBucket(limits.messageBurst, limits.messagesPerSec, now);
    let closing = false;
    const refuse = (code: string) => {
      closing = true;
      socket.send(JSON.stringify({ type: 'error', code, message: rejectionInfo(code)[lang] } satisfies ServerMessage));
      socket.close(WS_CLOSE_POLICY, code);
    };
    const address = request.ip;
    const counted = byAddress.admit(address);
    socket.on('close', () => {
      if (counted) byAddress.release(address);
    });
    if (!counted) return refuse('ws_too_many_sockets');
    socket.on('message', (data, isBinary) => {
      if (closing || socket.readyState !== socket.OPEN) return;
      if (!bucket.take()) return refuse('ws_too_many_messages');
      if (!isBinary) socket.send(JSON.stringify(guestAnswer(textOf(data), lang)));
    });
  });
}
