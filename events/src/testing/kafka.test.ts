import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrStartKafka, kafkaAnswers, stopKafkaIfStarted } from './kafka.ts';

// Smoke test of the pinned pair: kafkajs 2.2.4 against the broker of tools/kafka/pom.xml (Kafka 4.1.1).
const brokers = await findOrStartKafka();

describe.skipIf(!brokers)('kafkajs 2.2.4 on the test broker', { timeout: 60_000 }, () => {
  const kafka = new Kafka({ clientId: 'qal-smoke', brokers: (brokers ?? '').split(','), logLevel: logLevel.NOTHING });
  const topic = `smoke-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    await admin.disconnect();
  });

  afterAll(stopKafkaIfStarted, 60_000);

  it('answers an admin client', async () => {
    expect(await kafkaAnswers(brokers ?? '')).toBe(true);
  });

  it('delivers produced messages to a consumer group, in order per key, and stores its offsets', async () => {
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await producer.connect();
    const sent = ['w1:1', 'w2:1', 'w1:2', 'w3:1', 'w1:3', 'w2:2'];
    await producer.send({ topic, messages: sent.map((value) => ({ key: value.split(':')[0], value })) });
    await producer.disconnect();

    const groupId = `${topic}-group`;
    const consumer = kafka.consumer({ groupId });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const received: string[] = [];
    await new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          received.push(message.value?.toString() ?? '');
          if (received.length === sent.length) resolve();
        },
      });
    });
    await consumer.disconnect();

    expect([...received].sort()).toEqual([...sent].sort());
    expect(received.filter((value) => value.startsWith('w1:'))).toEqual(['w1:1', 'w1:2', 'w1:3']);
    const admin = kafka.admin();
    await admin.connect();
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    await admin.disconnect();
    const committed = (offsets?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    expect(committed).toBe(sent.length);
  });
});
