import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { pino, type Logger } from 'pino';
import { z } from 'zod';
import { createKafkaBus, type KafkaBusOptions } from '../bus/kafka.ts';
import type { Bus } from '../bus/port.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { correlationMixin } from './correlation.ts';
import type { EventStore } from '../store/port.ts';
import { startHealthServer, type ReadinessChecks } from './health.ts';
import { createKafkaProbe, databaseAnswers } from './probes.ts';
import { openServiceDatabase } from './service-database.ts';

/**
 * One service process of the distributed mode (`services/<name>/src/main.ts`): configuration from the
 * environment, its PostgreSQL schema and the event store, the Kafka bus, `/health` and `/ready` on its own port,
 * and a graceful stop on SIGTERM or SIGINT (stop consuming, commit what was processed, close the database).
 */
export interface ServiceContext {
  readonly name: string;
  /** Unique per process start: names its reply group when it sends commands and waits for outcomes. */
  readonly instanceId: string;
  readonly env: ServiceEnv;
  readonly logger: Logger;
  readonly db: SqlDatabase;
  readonly store: EventStore;
  readonly bus: Bus;
}

export interface RunningService {
  /** More readiness checks besides the database and the broker (e.g. projections caught up). */
  readonly checks?: ReadinessChecks;
  /** Stops consuming and finishes the work in flight; the runner closes the bus and the database afterwards. */
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  readonly name: string;
  readonly schema: string;
  /** The environment variable of its health port, e.g. LEDGER_PORT. */
  readonly portVariable: string;
  readonly defaultPort: number;
  readonly busOptions?: Partial<Omit<KafkaBusOptions, 'brokers' | 'logger'>>;
  start(context: ServiceContext): Promise<RunningService>;
}

export interface ServiceEnv {
  readonly databaseUrl: string;
  readonly kafkaBrokers: string;
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
  /** Everything else the process was started with, for the service's own settings. */
  readonly raw: Readonly<Record<string, string | undefined>>;
}

/** Service consumers: a SIGKILLed member's partitions move to a new one after this long (the broker's minimum is 6 s). */
export const SERVICE_SESSION_TIMEOUT_MS = 10_000;
/**
 * Produce requests in flight per broker connection: a service's sends never carry one key twice at once (replies,
 * its own commands, each awaited, the relay's batches), so concurrent ones need not queue behind each other.
 */
export const SERVICE_MAX_IN_FLIGHT_REQUESTS = 5;
/** Stop waiting for a graceful stop after this long and exit with an error. */
export const SHUTDOWN_GRACE_MS = 20_000;

export class ServiceConfigError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ServiceConfigError';
  }
}

const BaseEnv = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL'),
  KAFKA_BROKERS: z
    .string()
    .trim()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, 'must be host:port[,host:port...]'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
const Port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

/** Validates a service's environment once at start: one clear line per bad or missing variable. */
export function loadServiceEnv(env: Readonly<Record<string, string | undefined>>, portVariable: string, defaultPort: number): ServiceEnv {
  const base = BaseEnv.safeParse(env);
  const port = Port.default(defaultPort).safeParse(env[portVariable] === '' ? undefined : env[portVariable]);
  const lines = [
    ...(base.success ? [] : base.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(environment)'}: ${issue.message}`)),
    ...(port.success
      ? []
      : port.error.issues.map((issue) => `${portVariable}: ${issue.message} (got ${JSON.stringify(env[portVariable])})`)),
  ];
  if (!base.success || !port.success) throw new ServiceConfigError(lines);
  const e = base.data;
  return { databaseUrl: e.DATABASE_URL, kafkaBrokers: e.KAFKA_BROKERS, port: port.data, host: e.HOST, logLevel: e.LOG_LEVEL, raw: env };
}

/** Starts a service process and stops it on SIGTERM/SIGINT; exits 1 on a bad configuration or a failed start. */
export async function runService(
  definition: ServiceDefinition,
  rawEnv: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  let env: ServiceEnv;
  try {
    env = loadServiceEnv(rawEnv, definition.portVariable, definition.defaultPort);
  } catch (error) {
    if (!(error instanceof ServiceConfigError)) throw error;
    for (const line of error.lines) console.error(`config error: ${line}`);
    process.exit(1);
  }
  // each line logged while a command is handled carries its correlation id (correlatedHandler)
  const logger = pino({ level: env.logLevel, base: { service: definition.name }, mixin: correlationMixin });
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close().catch((err: unknown) => logger.error({ err }, 'error while stopping'));
  };
  let started = false;
  let running: RunningService | null = null;
  const probe = createKafkaProbe(env.kafkaBrokers);
  closers.push(() => probe.close());
  let db: SqlDatabase | null = null;
  const health = await startHealthServer({
    service: definition.name,
    port: env.port,
    host: env.host,
    checks: () => ({
      started: () => started,
      database: () => (db ? databaseAnswers(db) : false),
      kafka: () => probe.answers(),
      ...running?.checks,
    }),
  });
  closers.push(() => health.close());

  let stopping: Promise<void> | null = null;
  const stop = (reason: string, code: number) => {
    if (stopping) return stopping;
    logger.info({ reason }, 'stopping');
    health.markStopping();
    const hardStop = setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'graceful stop took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    hardStop.unref();
    stopping = (async () => {
      await running?.stop().catch((err: unknown) => logger.error({ err }, 'error while stopping the service'));
      await closeAll();
      logger.info('stopped');
      process.exit(code);
    })();
    return stopping;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      void stop(signal, 0);
    });
  }

  try {
    const database = await openServiceDatabase({
      url: env.databaseUrl,
      schema: definition.schema,
      onError: (err) => logger.warn({ err }, 'append notifications lost; subscriptions fall back to polling'),
    });
    closers.push(() => database.close());
    db = database.db;
    const bus = createKafkaBus({
      brokers: env.kafkaBrokers,
      clientId: `qal-${definition.name}`,
      sessionTimeoutMs: SERVICE_SESSION_TIMEOUT_MS,
      maxInFlightRequests: SERVICE_MAX_IN_FLIGHT_REQUESTS,
      logger,
      ...definition.busOptions,
    });
    closers.push(() => bus.close());
    const instanceId = `${definition.name}-${hostname()}-${randomBytes(3).toString('hex')}`;
    running = await definition.start({ name: definition.name, instanceId, env, logger, db: database.db, store: database.store, bus });
    started = true;
    logger.info(
      { port: health.port, instanceId, schema: definition.schema },
      `${definition.name} started; health on :${health.port}/health, readiness on /ready`,
    );
  } catch (err) {
    logger.error({ err }, `${definition.name} failed to start`);
    await stop('start failed', 1);
  }
}
