export * from './ids.ts';
export * from './json.ts';
export * from './uuid.ts';
export * from './sql/port.ts';
export * from './store/port.ts';
export * from './store/hash.ts';
export { createMemoryEventStore } from './store/memory.ts';
export * from './bus/port.ts';
export * from './commands/envelope.ts';
export { openPgliteDatabase } from './sql/pglite.ts';
export { openThreadedPgliteDatabase, type ThreadedPgliteDatabase } from './sql/pglite-thread.ts';
export type { StatementTime } from './sql/pglite-thread-protocol.ts';
export { openPostgresDatabase, type PostgresOptions } from './sql/postgres.ts';
export { migrate, type Migration } from './sql/migrate.ts';
export * from './events/identity.ts';
export * from './contracts/index.ts';
export * from './events/ledger.ts';
export * from './commands/ledger.ts';
export { createSqlEventStore, subscriberLockKey, type SqlEventStoreOptions, type AppendSignal } from './store/sql.ts';
export { migrateEventStore, eventStoreMigrations, EVENT_STORE_SCHEMA } from './store/schema.ts';
export { listenForAppends, APPEND_CHANNEL } from './store/pg-signal.ts';
export { openPgChannel, type PgChannel } from './sql/pg-channel.ts';
export { createInProcessBus, IN_PROCESS_BUS_DEFAULTS, type InProcessBusOptions } from './bus/in-process.ts';
export * from './commands/transport.ts';
export * from './commands/games.ts';
export { createKafkaBus, KAFKA_BUS_DEFAULTS, type KafkaBusOptions, type BusLogger } from './bus/kafka.ts';
export * from './commands/topics.ts';
export { startRelay, RELAY_SUBSCRIBER, type Relay, type RelayOptions } from './relay/relay.ts';
export { encodeRelayedEvent, decodeRelayedEvent, RELAY_HEADERS } from './relay/codec.ts';
export * from './relay/topics.ts';
export {
  openServiceDatabase,
  ensureDatabase,
  SERVICE_SCHEMAS,
  type ServiceDatabase,
  type ServiceDatabaseOptions,
} from './process/service-database.ts';
export { startHealthServer, type HealthServer, type ReadinessChecks } from './process/health.ts';
export { createKafkaProbe, databaseAnswers, within, type KafkaProbe } from './process/probes.ts';
export {
  runService,
  loadServiceEnv,
  ServiceConfigError,
  SERVICE_SESSION_TIMEOUT_MS,
  SERVICE_MAX_IN_FLIGHT_REQUESTS,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceEnv,
  type RunningService,
} from './process/service.ts';
export { createKeyedLock, type KeyedLock } from './keyed-lock.ts';
export { traceLatency, latencyTraceEnabled, epochMs, LATENCY_TRACE_PREFIX } from './process/latency-trace.ts';
export { waitForSubscriber } from './store/wait-for-subscriber.ts';
export { readPages } from './store/read-pages.ts';
export { observeAppends, type AppendObserver, type AppendObservation } from './store/observe.ts';
export {
  withCorrelation,
  currentCorrelationId,
  correlationMixin,
  markCorrelationBound,
  correlatedSender,
  correlatedHandler,
} from './process/correlation.ts';
