import { Kafka, logLevel } from 'kafkajs';
import type { Bus, Consumer } from './port.ts';
import { startConsumer } from './kafka/consumer.ts';
import { consoleLogger, resolveSettings, type KafkaBusOptions } from './kafka/options.ts';
import { createKafkaSender } from './kafka/producer.ts';
import { createKafkaTopics } from './kafka/topics.ts';

export { KAFKA_BUS_DEFAULTS, type BusLogger, type KafkaBusOptions } from './kafka/options.ts';

/**
 * The distributed bus: Apache Kafka through kafkajs 2.2.4. Same `Bus` contract as the in-process one. Its parts,
 * in kafka/: the settings (options.ts), topics and their leaders (topics.ts), the producer (producer.ts), and each
 * consumer group member (consumer.ts) with its delivery, retries and dead letters (delivery.ts) and its offset
 * commits (commits.ts).
 */
export function createKafkaBus(options: KafkaBusOptions): Bus {
  const settings = resolveSettings(options);
  const logger = options.logger ?? consoleLogger;
  const kafka = new Kafka({
    clientId: options.clientId ?? 'qal',
    brokers: typeof options.brokers === 'string' ? options.brokers.split(',').map((b) => b.trim()) : [...options.brokers],
    // kafkajs logs conditions it retries and recovers from (a coordinator still loading) as errors; what we act
    // on (a consumer crash, a dead-lettered message) is logged through `logger`
    logLevel: logLevel.NOTHING,
    retry: {
      initialRetryTime: settings.brokerRetry.firstMs,
      maxRetryTime: settings.brokerRetry.maxMs,
      retries: settings.brokerRetry.retries,
    },
  });
  const topics = createKafkaTopics(kafka, settings.partitions);
  const sender = createKafkaSender(kafka, settings.maxInFlightRequests);
  const consumers = new Set<Consumer>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('the Kafka bus is closed');
  };

  return {
    async ensureTopics(names) {
      assertOpen();
      await topics.ensure(names);
    },

    async publish(topic, messages) {
      assertOpen();
      await sender.send(topic, messages);
    },

    async consume(consumerOptions) {
      assertOpen();
      const consumer = await startConsumer(consumerOptions, { kafka, settings, topics, send: sender.send, logger });
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
      await Promise.all([sender.disconnect(), topics.disconnect()]);
    },
  };
}
