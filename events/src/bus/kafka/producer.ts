import { Partitioners, type Kafka } from 'kafkajs';
import type { BusMessage } from '../port.ts';
import { lazyConnection } from './connection.ts';

/** Sends messages to a topic, acknowledged by every in-sync replica (acks -1), through one shared producer. */
export interface KafkaSender {
  send(topic: string, messages: readonly BusMessage[]): Promise<void>;
  disconnect(): Promise<void>;
}

export function createKafkaSender(kafka: Kafka, maxInFlightRequests: number): KafkaSender {
  // One in-flight request per broker connection (the default) keeps retried sends from overtaking later ones.
  const producer = lazyConnection(() => kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests }));
  return {
    async send(topic, messages) {
      if (messages.length === 0) return;
      const connected = await producer.get();
      await connected.send({
        topic,
        acks: -1,
        messages: messages.map((m) => ({ key: m.key, value: m.value, ...(m.headers ? { headers: { ...m.headers } } : {}) })),
      });
    },
    disconnect: () => producer.disconnect(),
  };
}
