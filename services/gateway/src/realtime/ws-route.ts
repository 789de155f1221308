import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ClientMessage, WS_CLOSE_UNAUTHORIZED, WS_PATH, type ServerMessage } from '@qal/events';
import type { WebSocket } from 'ws';
import { languageFromHeader } from '../http/language.ts';
import { rejectionInfo, type Lang } from '../http/rejections.ts';
import { hashToken } from '../identity/sessions.ts';
import type { UserRecord } from '../identity/users.ts';
import type { GameCommands } from '../games/game-commands.ts';
import { runWsCommand } from '../games/ws-commands.ts';
import type { RoomCommands } from '../rooms/room-commands.ts';
import type { Connection, Hub } from './hub.ts';

const KEEPALIVE_MS = 30_000;
/**
 * A socket's session is checked again (revoked? expired?) before every new subscription, and before a command once
 * this long has passed since the last check: a game's moves need no database read each. A sign-out or refresh
 * closes the token's sockets at once (`onSessionRevoked`: this process's, and in the distributed mode the other
 * gateways' as announced over PostgreSQL); the re-check is the backstop for an announcement that was lost.
 */
export const WS_SESSION_RECHECK_MS = 60_000;

export interface WsRouteDeps {
  readonly hub: Hub;
  /** The user of a session token, or null (missing, unknown, expired, revoked). */
  readonly authenticate: (token: string | null) => Promise<UserRecord | null>;
  /** Game commands (`{type:'command'}` messages); without them such a message is an invalid_message. */
  readonly games?: GameCommands;
  /** Room commands (`room.*`, `invitation.respond`). */
  readonly rooms?: RoomCommands;
  /** Registers for the hashes of revoked tokens (signed out or refreshed); returns the unregister function. */
  readonly onSessionRevoked?: (listener: (tokenHash: string) => void) => () => void;
}

/** `/ws?token=...`: authenticate, then subscribe/unsubscribe/ping and game commands (the protocol: @qal/events contracts, ws.ts). */
export function registerWebsocket(app: FastifyInstance, deps: WsRouteDeps) {
  /** Open sockets by their token's hash, closed when it is revoked. */
  const byToken = new Map<string, Set<() => void>>();
  deps.onSessionRevoked?.((tokenHash) => byToken.get(tokenHash)?.forEach((signOut) => signOut()));

  app.get(WS_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : null;
    const tokenHash = token ? hashToken(token) : null;
    const headerLang = languageFromHeader(request.headers['accept-language']);
    let lang: Lang = headerLang ?? 'en';
    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const error = (code: string, channel?: string): ServerMessage => ({
      type: 'error',
      code,
      message: rejectionInfo(code)[lang],
      ...(channel ? { channel } : {}),
    });

    // Messages that arrive while the token is being checked are queued, not lost.
    const queue: string[] = [];
    let connection: Connection | null = null;
    let closed = false;
    let checked: { user: UserRecord; at: number } | null = null;
    const sessionUser = async (forCommand = false): Promise<UserRecord | null> => {
      if (forCommand && checked && Date.now() - checked.at < WS_SESSION_RECHECK_MS) return checked.user;
      const user = await deps.authenticate(token);
      checked = user ? { user, at: Date.now() } : null;
      return user;
    };

    const handle = async (raw: string) => {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        send(error('invalid_message'));
        return;
      }
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success) {
        send(error('invalid_message'));
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') {
        send({ type: 'pong' });
        return;
      }
      if (message.type === 'unsubscribe') {
        deps.hub.unsubscribe(connection!, message.channel);
        send({ type: 'unsubscribed', channel: message.channel });
        return;
      }
      // A session may have been revoked since the socket opened: check it again before giving a new view.
      const current = await sessionUser(message.type === 'command');
      if (!current) {
        send(error('unauthorized'));
        socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      if (message.type === 'command') {
        if (!deps.games) {
          send(error('invalid_message'));
          return;
        }
        send(
          await runWsCommand({ games: deps.games, ...(deps.rooms ? { rooms: deps.rooms } : {}) }, message, current, lang, (err) =>
            request.log.error({ err, command: message.name }, 'websocket command failed'),
          ),
        );
        return;
      }
      try {
        const result = await deps.hub.subscribe(connection!, message.channel);
        if (result !== 'subscribed') send(error(result, message.channel));
      } catch (err) {
        request.log.error({ err, channel: message.channel }, 'subscribe failed');
        send(error('internal_error', message.channel));
      }
    };

    // Messages of one socket are handled one at a time, in order.
    let chain = Promise.resolve();
    const enqueue = (raw: string) => {
      chain = chain.then(() => handle(raw)).catch((err: unknown) => request.log.error({ err }, 'websocket message failed'));
    };

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const raw = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      if (connection) enqueue(raw);
      else queue.push(raw);
    });

    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const keepalive = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, KEEPALIVE_MS);
    keepalive.unref();

    const signOut = () => {
      send(error('unauthorized'));
      socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
    };
    if (tokenHash) byToken.set(tokenHash, (byToken.get(tokenHash) ?? new Set()).add(signOut));

    socket.on('close', () => {
      closed = true;
      clearInterval(keepalive);
      if (connection) deps.hub.disconnect(connection);
      const sockets = tokenHash ? byToken.get(tokenHash) : undefined;
      sockets?.delete(signOut);
      if (sockets?.size === 0) byToken.delete(tokenHash!);
    });

    sessionUser()
      .then((user) => {
        if (closed) return;
        if (!user) {
          send(error('unauthorized'));
          socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
          return;
        }
        lang = headerLang ?? user.language;
        connection = { id: randomUUID(), userId: user.id, send };
        for (const raw of queue.splice(0)) enqueue(raw);
      })
      .catch((err: unknown) => {
        request.log.error({ err }, 'websocket authentication failed');
        socket.close(1011, 'internal error');
      });
  });
}
