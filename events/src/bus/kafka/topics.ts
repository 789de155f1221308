import type { Admin, Kafka } from 'kafkajs';
import { deadLetterTopic } from '../port.ts';
import { lazyConnection } from './connection.ts';

/** Topics through one shared admin client: creating them (with their dead-letter topics) and reading their ends. */
export interface KafkaTopics {
  /** Creates the missing ones and each one's `<topic>.DLT`, then waits until their leaders serve them. */
  ensure(topics: readonly string[]): Promise<void>;
  /** Where each partition of the topics ends now. */
  endOffsets(topics: readonly string[]): Promise<{ topic: string; partition: number; offset: string }[]>;
  disconnect(): Promise<void>;
}

export function createKafkaTopics(kafka: Kafka, partitions: number): KafkaTopics {
  const admin = lazyConnection(() => kafka.admin());
  return {
    async ensure(topics) {
      const wanted = [...new Set(topics.flatMap((t) => (t.endsWith('.DLT') ? [t] : [t, deadLetterTopic(t)])))];
      const client = await admin.get();
      const existing = new Set(await client.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      // Listed is not served yet: another process may have created them a moment ago (a fresh topology's services
      // start together), and their leaders refuse offset requests until ready.
      if (missing.length === 0) return waitForLeaders(client, wanted, undefined);
      let createError: unknown;
      try {
        await client.createTopics({
          topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
        });
      } catch (error) {
        createError = error; // maybe another process created some of them first: fine if all are there below
      }
      await waitForLeaders(client, missing, createError);
    },

    async endOffsets(topics) {
      const client = await admin.get();
      const perTopic = await Promise.all(
        topics.map(async (topic) =>
          (await client.fetchTopicOffsets(topic)).map((p) => ({ topic, partition: p.partition, offset: p.high })),
        ),
      );
      return perTopic.flat();
    },

    disconnect: () => admin.disconnect(),
  };
}

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
