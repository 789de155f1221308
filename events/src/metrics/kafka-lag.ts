import { Kafka, logLevel, type Admin } from 'kafkajs';
import { Gauge, type Registry } from 'prom-client';
import { valueWithin } from './registry.ts';

/** A consumer group of this process, named for the metric (`consumer`): its group id may change at every start. */
export interface WatchedConsumer {
  readonly name: string;
  readonly groupId: string;
  readonly topics: readonly string[];
}

export interface ConsumerLag {
  readonly consumer: string;
  readonly topic: string;
  /** Messages on the topic's partitions after the group's committed offsets, summed over the partitions. */
  readonly lag: number;
}

/** Messages after `committed` on one partition; a group that never committed is behind by all it could read. */
export function partitionLag(partition: { high: string; low: string }, committed: string | undefined): number {
  const high = BigInt(partition.high);
  const from = committed === undefined || BigInt(committed) < 0n ? BigInt(partition.low) : BigInt(committed);
  return high > from ? Number(high - from) : 0;
}

/** Reads consumer lag through one long-lived Kafka admin connection, reconnecting after a failure. */
export function createKafkaLagReader(brokers: string, consumers: readonly WatchedConsumer[]) {
  const kafka = new Kafka({
    clientId: 'qal-metrics',
    brokers: brokers.split(',').map((b) => b.trim()),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    // a few quick retries: the first group-coordinator lookup of a fresh admin client needs a metadata refresh
    retry: { retries: 3, initialRetryTime: 50, maxRetryTime: 300 },
  });
  let admin: Admin | null = null;
  const connected = async () => {
    if (!admin) {
      const fresh = kafka.admin();
      await fresh.connect();
      admin = fresh;
    }
    return admin;
  };
  const lagOf = async (client: Admin, consumer: WatchedConsumer): Promise<ConsumerLag[]> => {
    const committed = await client.fetchOffsets({ groupId: consumer.groupId, topics: [...consumer.topics] });
    return Promise.all(
      consumer.topics.map(async (topic) => {
        const offsets = new Map(committed.find((c) => c.topic === topic)?.partitions.map((p) => [p.partition, p.offset]));
        const partitions = await client.fetchTopicOffsets(topic);
        const lag = partitions.reduce((sum, p) => sum + partitionLag(p, offsets.get(p.partition)), 0);
        return { consumer: consumer.name, topic, lag };
      }),
    );
  };
  return {
    async read(): Promise<ConsumerLag[]> {
      const client = await connected();
      try {
        return (await Promise.all(consumers.map((consumer) => lagOf(client, consumer)))).flat();
      } catch (error) {
        admin = null;
        await client.disconnect().catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await admin?.disconnect().catch(() => undefined);
      admin = null;
    },
  };
}

/**
 * The lag of this process's consumer groups, read from the broker at every scrape (no series when the broker does
 * not answer in time). Returns the closer of its admin connection.
 */
export function kafkaConsumerLagMetric(registry: Registry, options: { brokers: string; consumers: readonly WatchedConsumer[] }) {
  const reader = createKafkaLagReader(options.brokers, options.consumers);
  new Gauge({
    name: 'qal_kafka_consumer_lag_messages',
    help: 'Messages on a topic not yet consumed (committed) by this process’s consumer group, summed over partitions',
    labelNames: ['consumer', 'topic'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { consumer, topic, lag } of (await valueWithin(() => reader.read())) ?? []) this.set({ consumer, topic }, lag);
    },
  });
  return { close: () => reader.close() };
}
