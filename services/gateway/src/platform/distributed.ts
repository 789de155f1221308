import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import {
  commandContextOf,
  commandTopicFor,
  CommandTimeoutError,
  createBusCommandSender,
  createKafkaBus,
  createKafkaProbe,
  databaseAnswers,
  EVENT_TOPICS,
  openPgChannel,
  openPostgresDatabase,
  openServiceDatabase,
  rejected,
  SERVICE_MAX_IN_FLIGHT_REQUESTS,
  SERVICE_SCHEMAS,
  type BusLogger,
  type CommandSender,
  type EventStore,
  type PgChannel,
  type Position,
  type SqlDatabase,
} from '@qal/events';
import {
  createEngineQueries,
  DEFAULT_GAME_REGISTRY,
  config as engineConfig,
  type EngineQueries,
  type GameRegistry,
} from '@qal/game-engine';
import { createLedgerQueries } from '@qal/ledger';
import { createLeaderboardQueries, createStatsShares } from '@qal/leaderboard';
import type { LeaderboardService } from './leaderboard-port.ts';
import { z } from 'zod';
import { ConfigError, LIMITS, type Config } from '../config.ts';
import { migrateIdentity } from '../identity/migrations.ts';
import type { SmsSender } from '../identity/sms/port.ts';
import { busPushFeed } from '../realtime/bus-feed.ts';
import { createRelayedStreams } from '../realtime/relayed-streams.ts';
import type { PushFeedFactory } from '../realtime/push-feed.ts';
import { createSharedRoomPresence, type RoomPresenceFactory } from '../rooms/room-presence.ts';
import { paymentProviderFor, smsSenderFor } from './embedded.ts';
import { storedCheckpointWaiter } from './projection-wait.ts';
import { qalLedgerModule } from './ledger-module.ts';
import type { LedgerService, PaymentProviderHandle, TokenPackageView } from './ledger-port.ts';

/**
 * The distributed mode's gateway (QAL_MODE=distributed): one of any number of gateways in front of the service
 * processes. Commands go over Kafka (`commands.ledger` / `commands.engine` by type) and their outcomes come back
 * on this instance's reply group; wallet and match views are read from the ledger's and the engine's read-model
 * tables in PostgreSQL (their schemas); pushes come from the relay's event topics, read in a group of this
 * instance's own; identity (codes, sessions, idempotency) lives in the `identity` schema, so every gateway sees
 * every session; per-IP limits are shared through Redis (REDIS_URL).
 */
export interface DistributedSettings {
  readonly kafkaBrokers: string;
  /** Names this gateway's reply and push groups; unique per process start. */
  readonly instanceId: string;
}

const DistributedEnv = z.object({
  KAFKA_BROKERS: z
    .string()
    .trim()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, 'must be host:port[,host:port...]'),
  GATEWAY_INSTANCE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, dot, dash or underscore')
    .optional(),
});

/** KAFKA_BROKERS (required) and GATEWAY_INSTANCE_ID (a prefix; a random suffix keeps each start's groups apart). */
export function loadDistributedSettings(
  env: Readonly<Record<string, string | undefined>>,
  config: Pick<Config, 'port'>,
): DistributedSettings {
  const parsed = DistributedEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message} (in distributed mode)`),
    );
  }
  const prefix = parsed.data.GATEWAY_INSTANCE_ID ?? `gateway-${hostname()}-${config.port}`;
  return { kafkaBrokers: parsed.data.KAFKA_BROKERS, instanceId: `${prefix}-${randomBytes(3).toString('hex')}` };
}

/** The event topics whose changes the gateway pushes to clients, and the players' profile changes (names it remembers). */
export const PUSH_TOPICS: readonly string[] = [EVENT_TOPICS.ledger, EVENT_TOPICS.engine, EVENT_TOPICS.identity];
/** How often the readiness flag is refreshed (the database, the broker, Redis). */
const READINESS_PROBE_MS = 2_000;
const READ_POOL_CONNECTIONS = 5;
/** The LISTEN/NOTIFY channel of sign-outs between gateways. */
export const SESSION_REVOKED_CHANNEL = 'qal_session_revoked';
/** The consumer group a gateway instance reads the pushed events in, from the newest on. */
export const pushGroupId = (instanceId: string) => `gateway-pushes-${instanceId}`;

export interface DistributedPlatform {
  readonly config: Config;
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly ledger: LedgerService;
  readonly engine: {
    readonly queries: EngineQueries;
    readonly games: GameRegistry;
    /** Pushes that read the engine's read model (invitations) wait for its projection, in its own process. */
    readonly waitForProjection: (position: Position, timeoutMs?: number) => Promise<void>;
  };
  readonly leaderboard: LeaderboardService;
  readonly tokenPackages: readonly TokenPackageView[];
  readonly sandboxReference: (purchaseId: string) => string;
  readonly payments: PaymentProviderHandle;
  readonly commands: CommandSender;
  readonly sms: SmsSender;
  readonly otpPepper: string;
  readonly redis: Redis | null;
  readonly pushFeed: PushFeedFactory;
  readonly isReady: () => boolean;
  /** Sign-outs announced between the gateways (token hashes): each closes its own sockets of that token at once. */
  readonly sessionRevocations: PgChannel;
  /** Presence in rooms counted across the gateways (identity_room_presence). */
  readonly roomPresence: RoomPresenceFactory;
  readonly instanceId: string;
  close(): Promise<void>;
}

export async function createDistributedPlatform(
  config: Config,
  settings: DistributedSettings,
  overrides: { readonly sms?: SmsSender; readonly logger?: BusLogger } = {},
): Promise<DistributedPlatform> {
  if (!config.databaseUrl || !config.otpPepper) throw new ConfigError(['DATABASE_URL and OTP_PEPPER are required in distributed mode']);
  const url = config.databaseUrl;
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  };
  try {
    // The gateway runs no subscriptions (pushes come from Kafka), so it needs no append notifications.
    const identity = await openServiceDatabase({ url, schema: SERVICE_SCHEMAS.identity, listen: false });
    closers.push(() => identity.close());
    await migrateIdentity(identity.db);
    // Read-only pools on the services' schemas: their tables, their migrations (run by the services).
    const ledgerDb = openPostgresDatabase({
      connectionString: url,
      searchPath: SERVICE_SCHEMAS.ledger,
      maxConnections: READ_POOL_CONNECTIONS,
    });
    closers.push(() => ledgerDb.close());
    const engineDb = openPostgresDatabase({
      connectionString: url,
      searchPath: SERVICE_SCHEMAS.engine,
      maxConnections: READ_POOL_CONNECTIONS,
    });
    closers.push(() => engineDb.close());
    const leaderboardDb = openPostgresDatabase({
      connectionString: url,
      searchPath: SERVICE_SCHEMAS.leaderboard,
      maxConnections: READ_POOL_CONNECTIONS,
    });
    closers.push(() => leaderboardDb.close());

    const bus = createKafkaBus({
      brokers: settings.kafkaBrokers,
      clientId: `qal-${settings.instanceId}`,
      // players' commands are concurrent, but one player's are sent one after the other (each awaits its outcome)
      maxInFlightRequests: SERVICE_MAX_IN_FLIGHT_REQUESTS,
      ...(overrides.logger ? { logger: overrides.logger } : {}),
    });
    closers.push(() => bus.close());
    const sender = await createBusCommandSender({
      bus,
      instanceId: settings.instanceId,
      topicFor: commandTopicFor,
      timeoutMs: LIMITS.commandTimeoutMs,
    });
    closers.push(() => sender.close());
    const commands: CommandSender = {
      async send(command, options) {
        if (!commandContextOf(command.type)) return rejected(command.commandId, 'invalid_command', { type: command.type });
        try {
          return await sender.send(command, options);
        } catch (error) {
          if (error instanceof CommandTimeoutError) throw error;
          // The broker did not take it (or took it and the acknowledgement was lost): the outcome is unknown, so
          // the answer is the timeout's, and a retry with the same Idempotency-Key returns whatever did happen.
          overrides.logger?.warn({ commandId: command.commandId, type: command.type, error: String(error) }, 'could not publish a command');
          throw new CommandTimeoutError(command.commandId, options?.timeoutMs ?? LIMITS.commandTimeoutMs);
        }
      },
    };

    const sessionRevocations = await openPgChannel(url, SESSION_REVOKED_CHANNEL, {
      onError: (error) =>
        overrides.logger?.warn({ error: String(error) }, 'the sign-out channel failed; other gateways notice sign-outs by their re-check'),
    });
    closers.push(() => sessionRevocations.close());

    const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
    if (redis) closers.push(() => redis.quit());

    const probe = createKafkaProbe(settings.kafkaBrokers);
    closers.push(() => probe.close());
    let ready = false;
    const refresh = async () => {
      const [database, kafka] = await Promise.all([databaseAnswers(identity.db), probe.answers()]);
      ready = database && kafka && (redis === null || redis.status === 'ready');
    };
    await refresh();
    const timer = setInterval(() => void refresh(), READINESS_PROBE_MS);
    timer.unref();
    closers.push(async () => clearInterval(timer));

    const ledgerQueries = createLedgerQueries(ledgerDb);
    // pushes fold the engine's streams from the events the relay brought (the rest of the reads ask the database)
    const relayed = createRelayedStreams();
    const ledger: LedgerService = {
      handle: (command) => commands.send(command),
      queries: ledgerQueries,
      start: async () => undefined,
      stop: async () => undefined,
    };
    return {
      config,
      db: identity.db,
      store: identity.store,
      ledger,
      engine: {
        queries: createEngineQueries({ store: relayed.over(identity.store), db: engineDb }),
        games: DEFAULT_GAME_REGISTRY,
        waitForProjection: storedCheckpointWaiter(identity.store, engineConfig.PROJECTION_SUBSCRIBER),
      },
      // The leaderboard process projects; gateways read its tables and keep share links in the event store.
      leaderboard: { queries: createLeaderboardQueries(leaderboardDb), shares: createStatsShares(identity.store) },
      tokenPackages: qalLedgerModule.TOKEN_PACKAGES,
      sandboxReference: (purchaseId) => qalLedgerModule.sandboxReference(purchaseId),
      // Only its webhook parser is used here (the Chapa route); the ledger process talks to the provider.
      payments: paymentProviderFor(config, qalLedgerModule),
      commands,
      sms: overrides.sms ?? smsSenderFor(config),
      otpPepper: config.otpPepper,
      redis,
      pushFeed: busPushFeed({ bus, groupId: pushGroupId(settings.instanceId), topics: PUSH_TOPICS, relayed }),
      isReady: () => ready,
      sessionRevocations,
      roomPresence: (hooks) => createSharedRoomPresence({ ...hooks, db: identity.db, gatewayId: settings.instanceId }),
      instanceId: settings.instanceId,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
