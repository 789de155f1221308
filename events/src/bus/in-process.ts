import {
  deadLettered,
  deadLetterTopic,
  type Bus,
  type BusMessage,
  type Consumer,
  type ConsumerOptions,
  type DeliveredMessage,
} from './port.ts';

export const IN_PROCESS_BUS_DEFAULTS = {
  /** Partitions per topic: keys hash onto them, and the consumers of one group share them. */
  partitions: 3,
  /** Attempts at one message before it goes to `<topic>.DLT`. */
  maxAttempts: 5,
  /** Backoff before redelivering a failed message: doubles from `firstMs` up to `maxMs`. */
  retryBackoff: { firstMs: 100, maxMs: 5_000 },
} as const;

export interface InProcessBusOptions {
  readonly partitions?: number;
  readonly maxAttempts?: number;
  readonly retryBackoff?: { readonly firstMs: number; readonly maxMs: number };
}

interface Member {
  readonly topics: ReadonlySet<string>;
  readonly options: ConsumerOptions;
  stopped: boolean;
  /** Resolves when stop() is called: cuts a retry backoff short. */
  readonly stopping: Promise<void>;
  readonly inFlight: Set<Promise<unknown>>;
}

interface Group {
  readonly members: Member[];
  /** Next offset to deliver, per topic and partition: the group's committed position. */
  readonly committed: Map<string, number[]>;
  readonly runners: Set<string>;
}

/**
 * The embedded bus: Kafka's model in memory. Topics have partitions, a key always lands on one partition, each
 * consumer group keeps its own committed offsets and gets every message, the consumers of a group share the
 * partitions, and one partition is handled one message at a time, so messages with one key stay in order.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const partitionCount = options.partitions ?? IN_PROCESS_BUS_DEFAULTS.partitions;
  const defaultMaxAttempts = options.maxAttempts ?? IN_PROCESS_BUS_DEFAULTS.maxAttempts;
  const backoff = options.retryBackoff ?? IN_PROCESS_BUS_DEFAULTS.retryBackoff;
  const logs = new Map<string, DeliveredMessage[][]>();
  const groups = new Map<string, Group>();
  const wakers = new Set<() => void>();
  let closed = false;

  // Runners waiting for a publish or a membership change; each wake-up re-checks its own condition.
  const wakeAll = () => {
    const waiting = [...wakers];
    wakers.clear();
    waiting.forEach((wake) => wake());
  };
  const changed = () => new Promise<void>((resolve) => wakers.add(resolve));
  const logOf = (topic: string) => {
    const log = logs.get(topic);
    if (!log) throw new Error(`topic ${topic} does not exist: call ensureTopics first`);
    return log;
  };
  const createLog = (topic: string) => {
    if (!logs.has(topic))
      logs.set(
        topic,
        Array.from({ length: partitionCount }, () => []),
      );
  };
  const assertOpen = () => {
    if (closed) throw new Error('the in-process bus is closed');
  };

  const append = (topic: string, messages: readonly BusMessage[]) => {
    const log = logOf(topic);
    for (const message of messages) {
      const partition = partitionFor(message.key, log.length);
      const entries = log[partition]!;
      entries.push({ ...message, topic, partition, offset: String(entries.length) });
    }
  };

  const sleepUnlessStopped = async (member: Member, ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), member.stopping]);
    clearTimeout(timer);
  };

  /** Handles one message for `member`: retries with backoff, then dead-letters. False if it stopped first. */
  const deliver = async (member: Member, groupId: string, message: DeliveredMessage): Promise<boolean> => {
    const maxAttempts = Math.max(1, member.options.maxAttempts ?? defaultMaxAttempts);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await member.options.handle(message);
        return true;
      } catch (error) {
        if (attempt >= maxAttempts) {
          createLog(deadLetterTopic(message.topic));
          append(deadLetterTopic(message.topic), [deadLettered(message, groupId, attempt, error)]);
          wakeAll();
          return true;
        }
        await sleepUnlessStopped(member, Math.min(backoff.maxMs, backoff.firstMs * 2 ** (attempt - 1)));
        if (member.stopped) return false;
      }
    }
  };

  /** One loop per group, topic and partition while the group has a consumer of the topic. */
  const runPartition = async (groupId: string, group: Group, topic: string, partition: number) => {
    const runnerKey = `${topic}#${partition}`;
    group.runners.add(runnerKey);
    try {
      for (;;) {
        const owners = group.members.filter((m) => m.topics.has(topic));
        if (owners.length === 0) return;
        const offsets = group.committed.get(topic)!;
        const offset = offsets[partition]!;
        const message = logOf(topic)[partition]![offset];
        if (!message) {
          await changed();
          continue;
        }
        const owner = owners[partition % owners.length]!;
        const delivery = deliver(owner, groupId, message);
        owner.inFlight.add(delivery);
        const handled = await delivery.finally(() => owner.inFlight.delete(delivery));
        if (handled) offsets[partition] = offset + 1;
      }
    } finally {
      group.runners.delete(runnerKey);
    }
  };

  const consumers = new Set<Consumer>();

  return {
    async ensureTopics(topics) {
      assertOpen();
      for (const topic of topics.flatMap((t) => (t.endsWith('.DLT') ? [t] : [t, deadLetterTopic(t)]))) {
        createLog(topic);
      }
    },

    async publish(topic, messages) {
      assertOpen();
      append(topic, messages);
      wakeAll();
    },

    async consume(consumerOptions) {
      assertOpen();
      const topics = new Set(consumerOptions.topics);
      topics.forEach(logOf);
      const group: Group = groups.get(consumerOptions.groupId) ?? { members: [], committed: new Map(), runners: new Set() };
      groups.set(consumerOptions.groupId, group);
      let signalStop!: () => void;
      const stopping = new Promise<void>((resolve) => (signalStop = resolve));
      const member: Member = { topics, options: consumerOptions, stopped: false, stopping, inFlight: new Set() };
      for (const topic of topics) {
        const log = logOf(topic);
        const active = group.members.some((m) => m.topics.has(topic));
        if (!group.committed.has(topic))
          group.committed.set(
            topic,
            log.map(() => 0),
          );
        // Like Kafka: a group that starts from the latest skips what is there now, unless members are running it.
        if (consumerOptions.fromLatest && !active)
          group.committed.set(
            topic,
            log.map((entries) => entries.length),
          );
      }
      group.members.push(member);
      for (const topic of topics) {
        for (let partition = 0; partition < partitionCount; partition++) {
          if (!group.runners.has(`${topic}#${partition}`)) void runPartition(consumerOptions.groupId, group, topic, partition);
        }
      }
      wakeAll();
      const consumer: Consumer = {
        async stop() {
          if (member.stopped) return;
          member.stopped = true;
          signalStop();
          group.members.splice(group.members.indexOf(member), 1);
          consumers.delete(consumer);
          wakeAll();
          await Promise.allSettled([...member.inFlight]);
        },
      };
      consumers.add(consumer);
      return consumer;
    },

    async close() {
      closed = true;
      await Promise.all([...consumers].map((c) => c.stop()));
    },
  };

  function partitionFor(key: string, partitions: number): number {
    // FNV-1a: stable across processes and runs, so a key always lands on the same partition
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return (hash >>> 0) % partitions;
  }
}
