import { Partitioners, type Kafka } from 'kafkajs';
import type { BusMessage } from '../port.ts';
import { lazyConnection } from './connection.ts';
import { batchedSends } from './send-batches.ts';

/**
 * Produce requests with the broker at once, each carrying every send that waited for it: more would send most
 * messages alone again (a request each), one would make every send wait for the one before it.
 */
export const PRODUCE_BATCHES_IN_FLIGHT = 2;

/** Sends messages to a topic, acknowledged by every in-sync replica (acks -1), through one shared producer. */
export interface KafkaSender {
  send(topic: string, messages: readonly BusMessage[]): Promise<void>;
  disconnect(): Promise<void>;
}

export function createKafkaSender(kafka: Kafka, maxInFlightRequests: number): KafkaSender {
  // One in-flight request per broker connection (the default) keeps retried sends from overtaking later ones.
  const producer = lazyConnection(() => kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests }));
  const send = batchedSends(
    async (batch) => {
      const connected = await producer.get();
      await connected.sendBatch({
        acks: -1,
        topicMessages: batch.map(({ topic, messages }) => ({
          topic,
          messages: messages.map((m) => ({ key: m.key, value: m.value, ...(m.headers ? { headers: { ...m.headers } } : {}) })),
        })),
      });
    },
    Math.min(PRODUCE_BATCHES_IN_FLIGHT, maxInFlightRequests),
  );
  return {
    async send(topic, messages) {
      if (messages.length > 0) await send(topic, messages);
    },
    disconnect: () => producer.disconnect(),
  };
}
