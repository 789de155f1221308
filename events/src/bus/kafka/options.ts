/** The Kafka bus's settings: what a service may pass, the defaults, and the resolved settings the parts share. */

export const KAFKA_BUS_DEFAULTS = {
  /** Partitions of each topic `ensureTopics` creates. Fixed for a topic's life: more later would re-map keys. */
  partitions: 3,
  /** Attempts at one message before it goes to `<topic>.DLT`. */
  maxAttempts: 5,
  /** Backoff before redelivering a failed message: doubles from `firstMs` up to `maxMs`. */
  retryBackoff: { firstMs: 100, maxMs: 5_000 },
  /** A fetch waits at most this long for new messages: also bounds how long `stop()` waits for one. */
  maxWaitTimeMs: 500,
  /** Group membership: a consumer that misses heartbeats for `sessionTimeoutMs` loses its partitions. */
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 1_000,
  /**
   * How long a rebalance waits for the group's members to join again; one that has not is dropped. A member
   * lost to a broker restart (kafkajs starts again as a new member) would otherwise hold every rebalance for its
   * whole session, so no partition is consumed for that long; live members join again within a heartbeat or two.
   */
  rebalanceTimeoutMs: 3_000,
  /**
   * kafkajs's retries of a request the broker did not answer (connecting, joining a group, sending), and our
   * restarts of a consumer kafkajs gave up on: from `firstMs`, doubling, at most `maxMs` apart, so every client is
   * back within about a second of a broker that was away (kafkajs's default waits up to 30 s between tries). As
   * many tries as it takes to give up after about as long as kafkajs's default does (some 10 s).
   */
  brokerRetry: { firstMs: 100, maxMs: 1_000, retries: 12 },
  /** Messages one consumer holds queued or running (per-key queues, see keyed-work.ts) before it stops fetching. */
  maxUnfinishedMessages: 1_000,
  /**
   * Finished messages are committed together at most this often (and when the consumer stops): each commit is a write
   * to the broker's offsets log, and a crash redelivers at most this much more (handlers are idempotent).
   */
  commitIntervalMs: 250,
} as const;

/** pino-compatible subset, so a service can pass its pino logger. */
export interface BusLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface KafkaBusOptions {
  /** Bootstrap servers, `host:port[,host:port...]` as in KAFKA_BROKERS. */
  readonly brokers: string | readonly string[];
  readonly clientId?: string;
  readonly partitions?: number;
  readonly maxAttempts?: number;
  readonly retryBackoff?: { readonly firstMs: number; readonly maxMs: number };
  readonly maxWaitTimeMs?: number;
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  readonly rebalanceTimeoutMs?: number;
  readonly brokerRetry?: { readonly firstMs: number; readonly maxMs: number; readonly retries: number };
  /**
   * Partitions whose fetched batches kafkajs hands over at the same time. Handing over only queues each message
   * behind its key (keyed-work.ts), so this hardly matters any more: every key runs side by side anyway.
   */
  readonly partitionsConsumedConcurrently?: number;
  /** Messages one consumer holds queued or running before it stops fetching (default 1000). */
  readonly maxUnfinishedMessages?: number;
  /** How often finished messages are committed, at most (default 250 ms; 0 = after each). */
  readonly commitIntervalMs?: number;
  /**
   * Produce requests in flight per broker connection. 1 (the default) keeps a retried send from overtaking a later
   * one with the same key. More is safe where no two sends with one key are ever in flight together (each waits for
   * the one before: the relay's batches, a player's commands, replies), and stops concurrent sends queueing.
   */
  readonly maxInFlightRequests?: number;
  readonly logger?: BusLogger;
}

/** Every tunable of the options, defaults applied. */
export type KafkaBusSettings = Required<Omit<KafkaBusOptions, 'brokers' | 'clientId' | 'logger'>>;

export function resolveSettings(options: KafkaBusOptions): KafkaBusSettings {
  const d = KAFKA_BUS_DEFAULTS;
  return {
    partitions: options.partitions ?? d.partitions,
    maxAttempts: options.maxAttempts ?? d.maxAttempts,
    retryBackoff: options.retryBackoff ?? d.retryBackoff,
    maxWaitTimeMs: options.maxWaitTimeMs ?? d.maxWaitTimeMs,
    sessionTimeoutMs: options.sessionTimeoutMs ?? d.sessionTimeoutMs,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? d.heartbeatIntervalMs,
    rebalanceTimeoutMs: options.rebalanceTimeoutMs ?? d.rebalanceTimeoutMs,
    brokerRetry: options.brokerRetry ?? d.brokerRetry,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    maxUnfinishedMessages: options.maxUnfinishedMessages ?? d.maxUnfinishedMessages,
    commitIntervalMs: options.commitIntervalMs ?? d.commitIntervalMs,
    maxInFlightRequests: options.maxInFlightRequests ?? 1,
  };
}

export const consoleLogger: BusLogger = {
  warn: (details, message) => console.warn(`[bus] ${message}`, details),
  error: (details, message) => console.error(`[bus] ${message}`, details),
};

/** The backoff before retry number `retry` (0 for the first): doubles from `firstMs` up to `maxMs`. */
export const backoffMs = ({ firstMs, maxMs }: { readonly firstMs: number; readonly maxMs: number }, retry: number) =>
  Math.min(maxMs, firstMs * 2 ** retry);
