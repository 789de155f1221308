import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import {
  correlatedSender,
  newUuid,
  TEST_PAGE_PATHS,
  type CommandSender,
  type EventStore,
  type PgChannel,
  type Position,
  type SqlDatabase,
  type StoredEvent,
} from '@qal/events';
import { systemClock, type Clock } from './clock.ts';
import { LIMITS, type Config } from './config.ts';
import { failure, requestLanguage, sendFailure } from './http/envelope.ts';
import { Rejection } from './http/errors.ts';
import { createIdempotency } from './http/idempotency.ts';
import { createLedgerCommands } from './http/ledger-commands.ts';
import { bearerToken } from './http/request-context.ts';
import { publicAuthRoutes, refreshRoute, sessionRoutes } from './http/routes/auth.ts';
import type { RouteContext } from './http/routes/context.ts';
import { gameRoutes } from './http/routes/games.ts';
import { matchRoutes } from './http/routes/matches.ts';
import { userRoutes } from './http/routes/user.ts';
import { leaderboardRoutes, publicLeaderboardRoutes } from './http/routes/leaderboards.ts';
import { registerSharePage } from './http/share-page.ts';
import { documentBearerAuth, registerApiDocs, systemRouteSchemas } from './http/openapi.ts';
import type { LeaderboardService } from './platform/leaderboard-port.ts';
import { publicWalletRoutes, walletRoutes } from './http/routes/wallet.ts';
import { refuseControlCharacters } from './http/control-characters.ts';
import { registerJsonCompression } from './http/compression.ts';
import { isClientFileRequest, registerStatic } from './http/static.ts';
import { createIdentity, type Identity } from './identity/index.ts';
import { purgeIdentityLeftovers } from './identity/housekeeping.ts';
import type { SmsSender } from './identity/sms/port.ts';
import { correlateRequests, correlationServerOptions, loggerOptions } from './logging.ts';
import { createGatewayMetrics, registerHttpMetrics, type GatewayMetrics } from './metrics.ts';
import type { LedgerService, PaymentProviderHandle, TokenPackageView } from './platform/ledger-port.ts';
import { chapaWebhookRoute } from './http/routes/payment-webhooks.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { startStoreLanes } from './realtime/store-tail.ts';
import type { PushFeedFactory } from './realtime/push-feed.ts';
import { currentWallet, pushWalletChanges, userChannelKind } from './realtime/wallet-channel.ts';
import { registerWebsocket } from './realtime/ws-route.ts';
import { registerGuestSocket } from './realtime/guest-socket.ts';
import { testChannelKind } from './realtime/test-channel.ts';
import { channelAuthRoutes, publicDebugRoutes } from './http/routes/debug.ts';
import { matchChannelKind, pushMatchViews } from './realtime/match-channel.ts';
import { createGameCommands } from './games/game-commands.ts';
import { commandEnvelope, sendCommand } from './commands.ts';
import { roomRoutes } from './http/routes/rooms.ts';
import { duelWordRoutes } from './http/routes/duel-words.ts';
import { findPublicUsers } from './identity/users.ts';
import { profilesChangedIn, rememberPublicUsers } from './identity/public-users-cache.ts';
import { pushRoomChanges, roomChannelKind } from './realtime/room-channel.ts';
import { createPeople } from './rooms/present.ts';
import { localRoomPresence, type RoomPresenceFactory } from './rooms/room-presence.ts';
import { roomQueries } from './rooms/queries.ts';
import { createPasswordAttempts } from './rooms/password-attempts.ts';
import { createRoomCommands } from './rooms/room-commands.ts';
import type { EngineQueries, GameRegistry } from '@qal/game-engine';

export type AppConfig = Pick<
  Config,
  'corsOrigins' | 'storageDir' | 'clientDistDir' | 'rateLimitPerMinute' | 'trustProxy' | 'logLevel' | 'testSurface' | 'metrics'
> & {
  readonly payments: { readonly provider: 'sandbox' | 'chapa' };
};

export interface AppDeps {
  readonly config: AppConfig;
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly ledger: LedgerService;
  /**
   * The game engine's read side; its commands go through `commands` like every other. Where the engine runs in
   * this process (embedded), `waitForProjection` lets pushes read what was just written.
   */
  readonly engine: {
    readonly queries: EngineQueries;
    /** The games the engine plays (the own move types of each). */
    readonly games: Pick<GameRegistry, 'ownMoveTypes' | 'roomGameOfMatch'>;
    readonly waitForProjection?: (position: Position, timeoutMs?: number) => Promise<void>;
  };
  /** Boards, badges, statistics and share links (services/leaderboard). */
  readonly leaderboard: LeaderboardService;
  readonly tokenPackages: readonly TokenPackageView[];
  /** The ledger's payment provider: its webhook parser serves the Chapa webhook route. */
  readonly payments?: PaymentProviderHandle;
  /** How the sandbox payment provider names a purchase's payment (sandbox mode only). */
  readonly sandboxReference: (purchaseId: string) => string;
  readonly commands: CommandSender;
  readonly sms: SmsSender;
  readonly otpPepper: string;
  readonly clock?: Clock;
  /** Shared per-IP request counters for several gateways; in-process when absent. */
  readonly redis?: Redis | null;
  /** Fastify's logger option; defaults to pino with redaction at config.logLevel. */
  readonly logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (created with loggerOptions) instead of `logger`. */
  readonly loggerInstance?: FastifyBaseLogger;
  /** /ready answers 503 until this says so (e.g. while projections catch up). */
  readonly isReady?: () => boolean;
  /**
   * Distributed mode: sign-outs announced between gateways (token hashes), so a socket on another gateway closes at
   * once too. Without it only this process's sockets do (the embedded mode has no other).
   */
  readonly sessionRevocations?: Pick<PgChannel, 'publish' | 'subscribe'>;
  /** Where pushes learn what changed: the store tail by default; the relay's Kafka topics in distributed mode. */
  readonly pushFeed?: PushFeedFactory;
  /** Distributed mode: presence in rooms counted across the gateways; this gateway's own connections when absent. */
  readonly roomPresence?: RoomPresenceFactory;
  /** This process's metrics (main.ts wires the platform into them too); a fresh registry when absent. */
  readonly metrics?: GatewayMetrics;
}

export interface QalApp {
  readonly app: FastifyInstance;
  readonly identity: Identity;
  readonly hub: Hub;
}

const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_REQ_FILE_TOO_LARGE: 'avatar_too_large',
  FST_PARTS_LIMIT: 'avatar_too_large',
  FST_FILES_LIMIT: 'validation_failed',
  FST_FIELDS_LIMIT: 'validation_failed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'avatar_missing',
  // Refused by the router before any route (Fastify's frameworkErrors): a broken %-escape, an id too long to exist.
  FST_ERR_BAD_URL: 'validation_failed',
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
};

/** The named rejection of a refusal known only by its HTTP status (a plugin's or Fastify's own). */
const REFUSALS_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Every error of every route and hook, as the failure envelope: a named rejection, else the code a framework error maps to. */
function answerError(error: FastifyError | Rejection, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof Rejection) {
    if (error.code === 'rate_limited' && error.details?.retryAfterSec) reply.header('retry-after', String(error.details.retryAfterSec));
    return sendFailure(request, reply, error.code, error.details);
  }
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (mapped) return sendFailure(request, reply, mapped);
  if (error.validation) return sendFailure(request, reply, 'validation_failed', { fields: { _: error.message } });
  if (error.name === 'CommandTimeoutError') return sendFailure(request, reply, 'command_timeout');
  if (error.name === 'InvalidCursorError')
    return sendFailure(request, reply, 'validation_failed', { fields: { cursor: 'not a cursor from this list' } });
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'request refused');
    return sendFailure(request, reply, REFUSALS_BY_STATUS[error.statusCode] ?? 'validation_failed');
  }
  request.log.error({ err: error }, 'request failed');
  return sendFailure(request, reply, 'internal_error');
}

/**
 * TRUST_PROXY as Fastify takes it, never `true`: X-Forwarded-For is believed only as far as the configured proxies.
 * A hop count is a function, as Fastify trusts no hop at all for a plain number: hop 0 is the socket's peer, so
 * with 1 the peer (the proxy) is trusted and the last X-Forwarded-For entry, the one it added, is the client.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  if (trust === false) return false;
  return [...trust];
}

/** The whole HTTP and websocket surface, apart from listen() (src/main.ts) so tests use inject(). */
export async function buildApp(given: AppDeps): Promise<QalApp> {
  const metrics = given.metrics ?? createGatewayMetrics();
  // every command is timed, and handled under its correlation id (so the embedded services' log lines carry it)
  const deps: AppDeps = { ...given, commands: correlatedSender(metrics.observeCommands(given.commands)) };
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? loggerOptions(deps.config.logLevel) }),
    ...correlationServerOptions(),
    bodyLimit: LIMITS.jsonBodyLimitBytes,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    frameworkErrors: (error, request, reply) => sendFailure(request, reply, FRAMEWORK_ERRORS[error.code] ?? 'internal_error'),
  });
  correlateRequests(app);
  // First, so the routes plugins add too (the CORS preflight, the API docs) answer their errors in the envelope.
  app.setErrorHandler(answerError);

  const hub = createHub();
  const rooms = roomQueries(deps.engine.queries);
  const publicUsers = rememberPublicUsers((ids) => findPublicUsers(deps.db, ids));
  const people = createPeople({ publicUsers: publicUsers.find, badges: deps.leaderboard.queries });
  const waitForProjection = deps.engine.waitForProjection;
  const settle = waitForProjection
    ? (event: StoredEvent) =>
        waitForProjection({ transactionId: event.transactionId, globalPosition: event.globalPosition }, LIMITS.pushSettleTimeoutMs)
    : undefined;
  hub.register(userChannelKind({ store: deps.store, queries: deps.ledger.queries }));
  hub.register(matchChannelKind(deps.engine.queries, rooms));
  const setPresence = (userId: string, code: string, online: boolean) => {
    const command = commandEnvelope({
      type: 'SetPresence',
      actorId: userId,
      payload: { code, userId, online },
      clock,
      commandId: newUuid(),
    });
    // Presence is advisory: a member who is not (or no longer) in the room is refused, and that is fine.
    sendCommand(deps.commands, command).catch((err: unknown) => app.log.warn({ err, code }, 'presence update failed'));
  };
  const presence = (deps.roomPresence ?? (() => localRoomPresence))({
    clock,
    onGone: (userId, code) => setPresence(userId, code, false),
    onError: (err) => app.log.warn({ err }, 'room presence upkeep failed'),
  });
  app.addHook('onClose', () => presence.close());
  hub.register(
    roomChannelKind({
      queries: rooms,
      people,
      setPresence: (userId, code, online) => {
        // Offline only once no gateway has a connection of theirs following the room.
        const counted = online ? presence.arrived(userId, code).then(() => false) : presence.left(userId, code);
        counted
          .catch((err: unknown) => {
            app.log.warn({ err, code }, 'room presence of the other gateways unknown');
            return false;
          })
          .then((elsewhere) => {
            if (!elsewhere) setPresence(userId, code, online);
          })
          .catch(() => undefined);
      },
    }),
  );
  const testSurface = deps.config.testSurface;
  if (testSurface) hub.register(testChannelKind());
  // A move's views come from the engine's folded matches; wallet and room views read the database.
  const pushMoves = (events: readonly StoredEvent[]) => pushMatchViews(hub, events, deps.engine.queries, deps.engine.games, rooms);
  const pushTheRest = async (events: readonly StoredEvent[]) => {
    publicUsers.forget(profilesChangedIn(events));
    await pushWalletChanges(hub, events, deps.ledger.queries);
    await pushRoomChanges(hub, events, { queries: rooms, people, ...(settle ? { settle } : {}) });
  };
  const onError = (err: unknown) => app.log.error({ err }, 'push feed failed; retrying');
  const tail = deps.pushFeed
    ? deps.pushFeed({
        handle: async (events) => {
          await pushMoves(events);
          await pushTheRest(events);
        },
        onError,
      })
    : startStoreLanes({ store: deps.store, pollMs: LIMITS.walletTailPollMs, lanes: [pushMoves, pushTheRest], onError });
  app.addHook('onClose', () => tail.stop());
  const housekeeping = setInterval(() => {
    purgeIdentityLeftovers(deps.db, clock()).catch((err: unknown) => app.log.warn({ err }, 'identity housekeeping failed'));
  }, LIMITS.housekeepingIntervalMs);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  const identity = createIdentity({
    db: deps.db,
    store: deps.store,
    commands: deps.commands,
    sms: deps.sms,
    clock,
    otpPepper: deps.otpPepper,
    storageDir: deps.config.storageDir,
    logger: app.log,
    onProfileChanged: (userId) => publicUsers.forget([userId]),
  });
  const ctx: RouteContext = {
    identity,
    ledger: deps.ledger,
    wallet: (userId) => currentWallet({ store: deps.store, queries: deps.ledger.queries }, userId),
    tokenPackages: deps.tokenPackages,
    paymentProvider: deps.config.payments.provider,
    sandboxReference: deps.sandboxReference,
    runLedger: createLedgerCommands({ commands: deps.commands, clock, afterSuccess: () => tail.poke() }),
    clock,
    idempotent: createIdempotency({ db: deps.db, clock, pepper: deps.otpPepper }),
    engine: deps.engine.queries,
    leaderboard: deps.leaderboard,
  };
  const games = createGameCommands({
    commands: deps.commands,
    queries: deps.engine.queries,
    games: deps.engine.games,
    clock,
    afterSuccess: () => tail.poke(),
  });
  const roomCommands = createRoomCommands({
    commands: deps.commands,
    queries: deps.engine.queries,
    clock,
    people,
    findUserByUsername: (username) => identity.findUserByUsername(username),
    afterSuccess: () => tail.poke(),
    passwordAttempts: createPasswordAttempts({ db: deps.db, clock }),
  });

  // An empty JSON body (a POST without payload) is an empty object, not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, {});
    else defaultJson(request, text, done);
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: deps.config.corsOrigins.length > 0 ? [...deps.config.corsOrigins] : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'accept-language'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: deps.config.rateLimitPerMinute,
    timeWindow: 60_000,
    nameSpace: 'qal-rate-',
    ...(deps.redis ? { redis: deps.redis } : {}),
    keyGenerator: (request) => request.ip,
    allowList: (request) => isClientFileRequest(request.method, request.url),
    errorResponseBuilder: (_request, context) =>
      new Rejection('rate_limited', { retryAfterSec: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
  await app.register(websocket, { options: { maxPayload: LIMITS.wsMaxMessageBytes } });
  // Before any route, so each is documented (and Fastify's own validation is off: zod validates in the handlers).
  await registerApiDocs(app);
  registerHttpMetrics(app, metrics, deps.config.metrics);
  refuseControlCharacters(app);

  // A refusal sent without a body (@fastify/websocket's 404 to a plain GET of a socket's path) gets the envelope too.
  app.addHook('onSend', async (request, reply, payload) => {
    const bodiless = payload === undefined || payload === null || payload === '';
    if (reply.statusCode < 400 || request.method === 'HEAD' || !bodiless) return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(failure(REFUSALS_BY_STATUS[reply.statusCode] ?? 'validation_failed', requestLanguage(request)).body);
  });
  // After the hook above, so a refusal it fills in is compressed as any other answer; GET answers only.
  registerJsonCompression(app);

  app.get('/health', { schema: systemRouteSchemas.health() }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: systemRouteSchemas.ready() }, async (_request, reply) =>
    deps.isReady && !deps.isReady() ? reply.code(503).send({ status: 'starting' }) : { status: 'ok' },
  );

  await app.register(
    async (api) => {
      publicAuthRoutes(api, ctx);
      refreshRoute(api, ctx);
      publicWalletRoutes(api, ctx);
      gameRoutes(api);
      publicLeaderboardRoutes(api, ctx);
      if (testSurface) publicDebugRoutes(api);
      if (deps.config.payments.provider === 'chapa' && deps.payments)
        await chapaWebhookRoute(api, { payments: deps.payments, runLedger: ctx.runLedger });
      await api.register(async (authed) => {
        authed.addHook('onRequest', async (request) => {
          const token = bearerToken(request);
          const user = await identity.sessions.authenticate(token);
          if (!user) throw new Rejection('unauthorized');
          request.user = user;
          request.sessionToken = token;
        });
        documentBearerAuth(authed);
        sessionRoutes(authed, ctx);
        userRoutes(authed, ctx);
        walletRoutes(authed, ctx);
        matchRoutes(authed, games, roomCommands);
        roomRoutes(authed, roomCommands);
        duelWordRoutes(authed);
        leaderboardRoutes(authed, ctx);
        if (testSurface) channelAuthRoutes(authed, hub);
      });
    },
    { prefix: '/api/v1' },
  );

  const revocations = deps.sessionRevocations;
  if (revocations) {
    identity.sessions.onRevoked((tokenHash) => {
      revocations.publish(tokenHash).catch((err: unknown) => app.log.warn({ err }, 'could not announce a sign-out to the other gateways'));
    });
  }
  registerWebsocket(app, {
    hub,
    observer: metrics.ws,
    authenticate: (token) => identity.sessions.session(token),
    clock,
    games,
    rooms: roomCommands,
    // This process's sign-outs close its sockets directly, so they do not wait on (or depend on) the announcement,
    // which comes back here too; closing a socket twice is harmless.
    onSessionRevoked: (listener) => {
      const local = identity.sessions.onRevoked(listener);
      const announced = revocations?.subscribe(listener);
      return () => {
        local();
        announced?.();
      };
    },
  });

  if (testSurface) registerGuestSocket(app);

  registerSharePage(app, { clientDistDir: deps.config.clientDistDir, leaderboard: deps.leaderboard });
  const spaFallback = await registerStatic(app, {
    storageDir: deps.config.storageDir,
    clientDistDir: deps.config.clientDistDir,
    // Switched off, the test pages are not served at all (404), rather than served for the client to hide.
    hiddenPages: testSurface ? [] : TEST_PAGE_PATHS,
  });
  app.setNotFoundHandler((request, reply) => {
    const page = spaFallback(request, reply);
    if (page) return page;
    const { status, body } = failure('not_found', requestLanguage(request));
    return reply.code(status).send(body);
  });

  await tail.ready();
  return { app, identity, hub };
}
