import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { WS_CLOSE_POLICY, WS_CLOSE_UNAUTHORIZED, WS_PATH } from '@qal/events';
import type { WebSocket } from 'ws';
import { systemClock, type Clock } from '../clock.ts';
import { languageFromHeader } from '../http/language.ts';
import { hashToken } from '../identity/sessions.ts';
import type { UserRecord } from '../identity/users.ts';
import type { WsObserver } from '../metrics.ts';
import type { Connection } from './hub.ts';
import { createInboundGate } from './inbound-gate.ts';
import { watchExpiry } from './session-expiry.ts';
import { createSocketCounts } from './socket-counts.ts';
import { handleSignedInMessage, type MessageTargets, type SignedInSocket } from './socket-messages.ts';
import { createOutbound } from './socket-outbound.ts';
import { textOf } from './socket-text.ts';
import { WS_LIMITS, type WsLimits } from './ws-limits.ts';

const KEEPALIVE_MS = 30_000;
/**
 * A socket's session is checked again (revoked? expired?) before every new subscription, and before a command once
 * this long has passed since the last check: a game's moves need no database read each. A sign-out or refresh
 * closes the token's sockets at once (`onSessionRevoked`: this process's, and in the distributed mode the other
 * gateways' as announced over PostgreSQL), and the session's expiry closes them when it comes (a timer); the
 * re-check is the backstop for an announcement that was lost.
 */
export const WS_SESSION_RECHECK_MS = 60_000;

/** A signed-in session: its user, and when it ends (the socket closes then). */
export interface SocketSession {
  readonly user: UserRecord;
  readonly expiresAt: Date;
}

export interface WsRouteDeps extends MessageTargets {
  /** The session of a token, or null (unknown, expired, revoked). */
  readonly authenticate: (token: string) => Promise<SocketSession | null>;
  /** Registers for the hashes of revoked tokens (signed out or refreshed); returns the unregister function. */
  readonly onSessionRevoked?: (listener: (tokenHash: string) => void) => () => void;
  /** Counts sockets and pushes (the process's metrics). */
  readonly observer?: WsObserver;
  /** The clock sessions expire by (the app's). */
  readonly clock?: Clock;
  /** The limits, LIMITS' unless a test gives its own. */
  readonly limits?: WsLimits;
  /** Monotonic milliseconds for the message rate. */
  readonly monotonicNow?: () => number;
}

/**
 * `WS_PATH`: the first message is `{type:'auth', token}`; then subscribe/unsubscribe/ping and game commands (the
 * protocol: @qal/events contracts, ws.ts). The token is never read from the URL: a socket that carries one there is
 * refused, so that no client keeps putting it where proxies and access logs keep it.
 */
export function registerWebsocket(app: FastifyInstance, deps: WsRouteDeps) {
  const limits = deps.limits ?? WS_LIMITS;
  const clock = deps.clock ?? systemClock;
  const now = deps.monotonicNow ?? (() => performance.now());
  /** Open sockets by their token's hash, closed when it is revoked. */
  const byToken = new Map<string, Set<() => void>>();
  deps.onSessionRevoked?.((tokenHash) => byToken.get(tokenHash)?.forEach((signOut) => signOut()));
  const userSockets = createSocketCounts(limits.maxSocketsPerUser);

  app.get(WS_PATH, { websocket: true }, (socket: WebSocket, request) => {
    deps.observer?.opened();
    const headerLang = languageFromHeader(request.headers['accept-language']);
    const out = createOutbound(socket, {
      lang: headerLang ?? 'en',
      maxBufferedBytes: limits.maxBufferedBytes,
      observer: deps.observer,
      onTooSlow: (bufferedBytes) => request.log.warn({ bufferedBytes }, 'websocket closed: too slow to read what it is sent'),
    });
    const gate = createInboundGate(limits, now);
    const signOut = () => out.refuse('unauthorized', WS_CLOSE_UNAUTHORIZED);
    let tokenHash: string | null = null;
    let counted: string | null = null;
    let signedIn: SignedInSocket | null = null;
    let stopExpiry = () => {};

    const authTimer = setTimeout(() => {
      if (!signedIn) out.refuse('unauthorized', WS_CLOSE_UNAUTHORIZED);
    }, limits.authTimeoutMs);
    authTimer.unref();

    // Messages of one socket are handled one at a time, in order.
    let chain = Promise.resolve();
    const run = (raw: string) => {
      chain = chain
        .then(() => (signedIn && !out.isClosing() ? handleSignedInMessage(deps, signedIn, raw) : undefined))
        .catch((err: unknown) => request.log.error({ err }, 'websocket message failed'))
        .finally(() => gate.handled());
    };

    const open = (token: string, session: SocketSession) => {
      clearTimeout(authTimer);
      if (!userSockets.admit(session.user.id)) return out.refuse('ws_too_many_sockets', WS_CLOSE_POLICY);
      counted = session.user.id;
      out.lang.current = headerLang ?? session.user.language;
      stopExpiry = watchExpiry(session.expiresAt, clock, signOut);
      let checked = { user: session.user, at: now() };
      const connection: Connection = { id: randomUUID(), userId: session.user.id, send: out.send };
      signedIn = {
        connection,
        lang: out.lang.current,
        log: request.log,
        ip: request.ip,
        maxSubscriptions: limits.maxSubscriptionsPerSocket,
        sessionUser: async (forCommand) => {
          if (forCommand && now() - checked.at < WS_SESSION_RECHECK_MS) return checked.user;
          const current = await deps.authenticate(token);
          if (current) checked = { user: current.user, at: now() };
          return current?.user ?? null;
        },
        send: out.send,
        error: out.error,
        refuse: out.refuse,
      };
      for (const raw of gate.opened()) run(raw);
    };

    const authenticate = (token: string) => {
      // Registered before the check, so a sign-out while it runs still closes this socket.
      tokenHash = hashToken(token);
      byToken.set(tokenHash, (byToken.get(tokenHash) ?? new Set()).add(signOut));
      deps
        .authenticate(token)
        .then((session) => {
          if (out.isClosing()) return;
          if (!session) return out.refuse('unauthorized', WS_CLOSE_UNAUTHORIZED);
          open(token, session);
        })
        .catch((err: unknown) => {
          request.log.error({ err }, 'websocket authentication failed');
          out.markClosed();
          socket.close(1011, 'internal error');
        });
    };

    socket.on('message', (data, isBinary) => {
      if (out.isClosing()) return;
      const step = gate.receive(isBinary ? null : textOf(data));
      if (step.kind === 'refuse') out.refuse(step.code, step.code === 'unauthorized' ? WS_CLOSE_UNAUTHORIZED : WS_CLOSE_POLICY);
      else if (step.kind === 'authenticate') authenticate(step.token);
      else if (step.kind === 'handle') run(step.raw);
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

    socket.on('close', () => {
      out.markClosed();
      deps.observer?.closed();
      clearInterval(keepalive);
      clearTimeout(authTimer);
      stopExpiry();
      if (signedIn) deps.hub.disconnect(signedIn.connection);
      if (counted) userSockets.release(counted);
      const sockets = tokenHash ? byToken.get(tokenHash) : undefined;
      sockets?.delete(signOut);
      if (sockets?.size === 0) byToken.delete(tokenHash!);
    });

    const query = request.query as Record<string, unknown> | undefined;
    if (query && 'token' in query) out.refuse('ws_token_in_url', WS_CLOSE_UNAUTHORIZED);
  });
}
