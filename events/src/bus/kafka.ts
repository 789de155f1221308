import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type { Admin, Consumer as KafkaConsumer, EachBatchPayload, IHeaders, KafkaMessage, Producer } from 'kafkajs';
import { createKeyedWork } from './keyed-work.ts';
import { deadLettered, deadLetterTopic } from './port.ts';
import type { Bus, BusMessage, Consumer, ConsumerOptions, DeliveredMessage } from './port.ts';

/** The distributed bus: Apache Kafka through kafkajs 2.2.4. Same `Bus` contract as the in-process one. */

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

const consoleLogger: BusLogger = {
  warn: (details, message) => console.warn(`[bus] ${message}`, details),
  error: (details, message) => console.error(`[bus] ${message}`, details),
};

export function createKafkaBus(options: KafkaBusOptions): Bus {
  const d = KAFKA_BUS_DEFAULTS;
  const settings: Settings = {
    partitions: options.partitions ?? d.partitions,
    maxAttempts: options.maxAttempts ?? d.maxAttempts,
    retryBackoff: options.retryBackoff ?? d.retryBackoff,
    maxWaitTimeMs: options.maxWaitTimeMs ?? d.maxWaitTimeMs,
    sessionTimeoutMs: options.sessionTimeoutMs ?? d.sessionTimeoutMs,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? d.heartbeatIntervalMs,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    maxUnfinishedMessages: options.maxUnfinishedMessages ?? d.maxUnfinishedMessages,
    commitIntervalMs: options.commitIntervalMs ?? d.commitIntervalMs,
    maxInFlightRequests: options.maxInFlightRequests ?? 1,
  };
  const logger = options.logger ?? consoleLogger;
  const kafka = new Kafka({
    clientId: options.clientId ?? 'qal',
    brokers: typeof options.brokers === 'string' ? options.brokers.split(',').map((b) => b.trim()) : [...options.brokers],
    // kafkajs logs conditions it retries and recovers from (a coordinator still loading) as errors; what we act
    // on (a consumer crash, a dead-lettered message) is logged below through `logger`
    logLevel: logLevel.NOTHING,
  });
  let admin: Promise<Admin> | undefined;
  let producer: Promise<Producer> | undefined;
  const consumers = new Set<Consumer>();
  let closed = false;

  const connectedAdmin = () =>
    (admin ??= connect(kafka.admin()).catch((error: unknown) => {
      admin = undefined;
      throw error;
    }));
  // One in-flight request per broker connection (the default) keeps retried sends from overtaking later ones.
  const connectedProducer = () =>
    (producer ??= connect(
      kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests: settings.maxInFlightRequests }),
    ).catch((error: unknown) => {
      producer = undefined;
      throw error;
    }));

  const send = async (topic: string, messages: readonly BusMessage[]) => {
    if (messages.length === 0) return;
    const connected = await connectedProducer();
    await connected.send({
      topic,
      acks: -1,
      messages: messages.map((m) => ({ key: m.key, value: m.value, ...(m.headers ? { headers: { ...m.headers } } : {}) })),
    });
  };

  const assertOpen = () => {
    if (closed) throw new Error('the Kafka bus is closed');
  };

  return {
    async ensureTopics(topics) {
      assertOpen();
      const wanted = [...new Set(topics.flatMap((t) => (t.endsWith('.DLT') ? [t] : [t, deadLetterTopic(t)])))];
      const client = await connectedAdmin();
      const existing = new Set(await client.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      // Listed is not served yet: another process may have created them a moment ago (a fresh topology's services
      // start together), and their leaders refuse offset requests until ready.
      if (missing.length === 0) return waitForLeaders(client, wanted, undefined);
      let createError: unknown;
      try {
        await client.createTopics({
          topics: missing.map((topic) => ({ topic, numPartitions: settings.partitions, replicationFactor: -1 })),
        });
      } catch (error) {
        createError = error; // maybe another process created some of them first: fine if all are there below
      }
      await waitForLeaders(client, missing, createError);
    },

    async publish(topic, messages) {
      assertOpen();
      await send(topic, messages);
    },

    async consume(consumerOptions) {
      assertOpen();
      const consumer = await startConsumer(kafka, consumerOptions, settings, connectedAdmin, send, logger);
      const tracked: Consumer = {
        async stop() {
          consumers.delete(tracked);
          await consumer.stop();
        },
      };
      consumers.add(tracked);
      return tracked;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...consumers].map((c) => c.stop()));
      await Promise.all([producer, admin].map(async (client) => (await client?.catch(() => undefined))?.disconnect()));
    },
  };
}

type Settings = Required<Omit<KafkaBusOptions, 'brokers' | 'clientId' | 'logger'>>;

async function startConsumer(
  kafka: Kafka,
  options: ConsumerOptions,
  settings: Settings,
  connectedAdmin: () => Promise<Admin>,
  send: (topic: string, messages: readonly BusMessage[]) => Promise<void>,
  logger: BusLogger,
): Promise<Consumer> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? settings.maxAttempts);
  const newConsumer = (): KafkaConsumer =>
    kafka.consumer({
      groupId: options.groupId,
      maxWaitTimeInMs: settings.maxWaitTimeMs,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
    });
  let consumer = newConsumer();
  let stopping = false;
  const wakeSleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeSleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleepers.add(done);
    });

  // fromLatest: where each partition ends now. kafkajs would resolve "latest" only at its first fetch, which can
  // come after consume() returned and something was published; seeking to these ends cannot miss that message.
  // Kept until a partition delivers: a consumer that crashes and restarts before its first fetch seeks again.
  const ends = options.fromLatest ? await endOffsets(await connectedAdmin(), options.topics) : [];
  const pendingSeeks = new Map(ends.map((end) => [`${end.topic}/${end.partition}`, end]));
  let running = false;
  const seekPending = (target: KafkaConsumer) => {
    for (const end of pendingSeeks.values()) target.seek(end);
  };

  /** Handles one message: retries with backoff, then dead-letters. False when stopped before it was done. */
  const deliver = async (message: DeliveredMessage): Promise<boolean> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await options.handle(message);
        return true;
      } catch (error) {
        if (attempt >= maxAttempts) return deadLetter(message, attempt, error);
        const { firstMs, maxMs } = settings.retryBackoff;
        await sleep(Math.min(maxMs, firstMs * 2 ** (attempt - 1)));
        if (stopping) return false;
      }
    }
  };

  /** Sends a message that kept failing to `<topic>.DLT`, until the broker takes it. False when stopped first. */
  const deadLetter = async (message: DeliveredMessage, attempts: number, error: unknown): Promise<boolean> => {
    for (let tries = 0; ; tries += 1) {
      try {
        await send(deadLetterTopic(message.topic), [deadLettered(message, options.groupId, attempts, error)]);
        logger.warn(
          { topic: message.topic, partition: message.partition, offset: message.offset, attempts, error: String(error) },
          'message dead-lettered',
        );
        return true;
      } catch (sendError) {
        logger.warn(
          { topic: message.topic, offset: message.offset, error: String(sendError) },
          'could not dead-letter a message yet; retrying',
        );
        const { firstMs, maxMs } = settings.retryBackoff;
        await sleep(Math.min(maxMs, firstMs * 2 ** tries));
        if (stopping) return false;
      }
    }
  };

  // The member whose assignment the keyed work follows: commits go through it.
  let member: KafkaConsumer | null = null;
  let committing: Promise<void> | null = null;
  let commitAgain = false;
  let commitRetry: NodeJS.Timeout | undefined;
  /** Commits each partition's lowest unfinished offset; one commit at a time, the next one right after. */
  const commit = (): Promise<void> => {
    if (committing) {
      commitAgain = true;
      return committing;
    }
    committing = (async () => {
      do {
        commitAgain = false;
        const offsets = work.committable();
        if (offsets.length === 0 || !member) return;
        try {
          await member.commitOffsets(offsets.map((o) => ({ ...o })));
          work.committed(offsets);
        } catch (error) {
          // a rebalance or a broker away: try again a little later (a rejoin commits again too)
          if (!stopping) logger.warn({ groupId: options.groupId, error: String(error) }, 'could not commit offsets yet; retrying');
          clearTimeout(commitRetry);
          if (!stopping) commitRetry = setTimeout(() => void commit(), settings.retryBackoff.maxMs);
          return;
        }
      } while (commitAgain);
    })().finally(() => {
      committing = null;
    });
    return committing;
  };

  let commitTimer: NodeJS.Timeout | undefined;
  /** A message finished: commit with whatever else finishes within the interval. */
  const commitSoon = () => {
    if (settings.commitIntervalMs <= 0) return void commit();
    commitTimer ??= setTimeout(() => {
      commitTimer = undefined;
      void commit();
    }, settings.commitIntervalMs);
  };

  const work = createKeyedWork({
    run: deliver,
    onFinished: commitSoon,
    stopping: () => stopping,
    onError: (error, message) =>
      logger.error(
        { topic: message.topic, partition: message.partition, offset: message.offset, error: String(error) },
        'message handling failed unexpectedly; its partition commits nothing past it',
      ),
  });

  const eachBatch = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
    for (const raw of batch.messages) {
      if (stopping || !isRunning() || isStale()) return;
      pendingSeeks.delete(`${batch.topic}/${batch.partition}`);
      work.dispatch(toDelivered(batch.topic, batch.partition, raw));
      // The fetch position moves on at once: the message is queued behind its key. What the group commits is the
      // keyed work's to say (autoCommit is off): nothing past a message that is not finished.
      resolveOffset(raw.offset);
    }
    // A full buffer holds the fetch loop back until it drains, still heartbeating.
    while (work.size() >= settings.maxUnfinishedMessages && !stopping && isRunning()) {
      await work.whenBelow(settings.maxUnfinishedMessages, settings.heartbeatIntervalMs);
      await heartbeat();
    }
    await heartbeat();
  };

  // kafkajs restarts a consumer after a retriable crash only; after others (a broker that was away answers
  // "Failed to find group coordinator" for a moment) it stays stopped. A service must not lose its consumer to
  // a broker restart, so such a consumer is started again, as a new member, with backoff, until stop().
  let relaunchTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> | null = null;
  let relaunches = 0;
  const scheduleRelaunch = () => {
    if (stopping || relaunchTimer || relaunching) return;
    const { firstMs, maxMs } = settings.retryBackoff;
    relaunchTimer = setTimeout(
      () => {
        relaunchTimer = undefined;
        if (stopping) return;
        relaunching = (async () => {
          const fresh = newConsumer();
          attach(fresh);
          try {
            await launch(fresh);
          } catch (error) {
            logger.warn({ groupId: options.groupId, error: String(error) }, 'consumer could not start again yet; retrying');
            relaunching = null;
            scheduleRelaunch();
            return;
          }
          relaunching = null;
          if (stopping) {
            await fresh.disconnect().catch(() => undefined);
            return;
          }
          consumer = fresh;
          relaunches = 0;
          logger.warn({ groupId: options.groupId }, 'consumer started again after it had stopped');
        })();
      },
      Math.min(maxMs, firstMs * 2 ** relaunches++),
    );
  };

  const attach = (target: KafkaConsumer) => {
    target.on(target.events.CRASH, ({ payload }) => {
      const details = { groupId: options.groupId, error: String(payload.error) };
      if (payload.restart) {
        logger.warn(details, 'consumer crashed; kafkajs restarts it');
      } else if (!stopping) {
        logger.error(details, 'consumer crashed and stopped; starting it again');
        scheduleRelaunch();
      }
    });
    target.on(target.events.GROUP_JOIN, ({ payload }) => {
      member = target;
      work.assigned(payload.memberId, payload.memberAssignment);
      void commit();
      if (!running) return;
      try {
        seekPending(target);
      } catch (error) {
        logger.warn({ groupId: options.groupId, error: String(error) }, 'fromLatest: could not seek again after a rejoin');
      }
    });
  };

  const launch = async (target: KafkaConsumer) => {
    await target.connect();
    try {
      await target.subscribe({ topics: [...options.topics], fromBeginning: !options.fromLatest });
      // run() resolves once the consumer has joined the group and has its partitions
      await target.run({
        // offsets are committed by `commit` above: only what is finished, also when stopping
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: settings.partitionsConsumedConcurrently,
        eachBatch,
      });
    } catch (error) {
      await target.disconnect().catch(() => undefined);
      throw error;
    }
  };

  attach(consumer);
  await launch(consumer);
  // applied (and committed) at the next fetch of each partition this member owns
  running = true;
  seekPending(consumer);

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(relaunchTimer);
        clearTimeout(commitRetry);
        clearTimeout(commitTimer);
        for (const wake of [...wakeSleepers]) wake();
        await relaunching;
        // what is running ends (a retry's backoff is cut short, queued messages are left), then what finished is
        // committed while this is still a member, and only then does it leave the group
        await work.drain();
        await committing;
        await Promise.race([commit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FINAL_COMMIT_WAIT_MS).unref())]);
        await consumer.disconnect();
      })();
      return stopped;
    },
  };
}

/** How long stop() waits for its last commit (a broker that is away would hold it for kafkajs's retries). */
const FINAL_COMMIT_WAIT_MS = 5_000;
const TOPIC_READY_TIMEOUT_MS = 30_000;
const NOT_READY_YET = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE', 'NOT_LEADER_FOR_PARTITION', 'REPLICA_NOT_AVAILABLE']);

/**
 * Until every partition of the topics is served by its leader. kafkajs' own `waitForLeaders` retries only
 * LEADER_NOT_AVAILABLE, but a KRaft broker answers UNKNOWN_TOPIC_OR_PARTITION for a moment after creating a topic
 * (kafkajs #1563), and even once its metadata names a leader, the leader may still refuse a partition for a moment
 * (NOT_LEADER_FOR_PARTITION). kafkajs then retries a whole produce request, which writes the partitions that had
 * succeeded a second time; so also ask each leader for the partition offsets until all answer.
 */
async function waitForLeaders(admin: Admin, topics: readonly string[], createError: unknown): Promise<void> {
  const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const ready = topics.every((name) => {
        const partitions = found.find((t) => t.name === name)?.partitions ?? [];
        return partitions.length > 0 && partitions.every((p) => p.partitionErrorCode === 0 && p.leader >= 0);
      });
      if (ready) {
        await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
        return;
      }
    } catch (error) {
      if (!NOT_READY_YET.has((error as { type?: string }).type ?? '')) throw createError ?? error;
    }
    if (Date.now() > deadline) {
      throw createError ?? new Error(`topics without a leader after ${TOPIC_READY_TIMEOUT_MS} ms: ${topics.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function endOffsets(admin: Admin, topics: readonly string[]) {
  const perTopic = await Promise.all(
    topics.map(async (topic) => (await admin.fetchTopicOffsets(topic)).map((p) => ({ topic, partition: p.partition, offset: p.high }))),
  );
  return perTopic.flat();
}

function toDelivered(topic: string, partition: number, message: KafkaMessage): DeliveredMessage {
  const headers = toHeaders(message.headers);
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? '',
    value: message.value?.toString() ?? '',
    ...(headers ? { headers } : {}),
  };
}

function toHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const entries = Object.entries(headers).flatMap(([name, value]) => {
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? [] : [[name, first.toString()] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

async function connect<T extends { connect(): Promise<void> }>(client: T): Promise<T> {
  await client.connect();
  return client;
}
