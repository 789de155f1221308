import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findOrStartKafka, stopKafkaIfStarted } from '../testing/kafka.ts';
import { busContract } from './contract.ts';
import { createKafkaBus } from './kafka.ts';
import type { BusLogger, KafkaBusOptions } from './kafka.ts';
import { DLT_HEADERS } from './port.ts';
import type { Bus, DeliveredMessage } from './port.ts';

// A real broker: KAFKA_BROKERS, else the Maven-built one of scripts/kafka.sh (skipped with the reason printed
// when java, mvn or Maven Central is missing; required in CI).
const brokers = await findOrStartKafka();

// Dead-lettering is expected in these tests; print the rest.
const quietLogger: BusLogger = {
  warn: (details, message) => void (message === 'message dead-lettered' || console.warn(message, details)),
  error: (details, message) => console.error(message, details),
};

function kafkaBus(options: Partial<KafkaBusOptions> = {}): Bus {
  return createKafkaBus({ brokers: brokers ?? '', retryBackoff: { firstMs: 20, maxMs: 200 }, logger: quietLogger, ...options });
}

afterAll(stopKafkaIfStarted, 60_000);

describe.skipIf(!brokers)('Kafka bus', () => {
  busContract('kafka', async () => kafkaBus());

  describe('on Kafka specifically', { timeout: 60_000 }, () => {
    const opened: Bus[] = [];
    const open = (options: Partial<KafkaBusOptions> = {}) => {
      const bus = kafkaBus(options);
      opened.push(bus);
      return bus;
    };
    const unique = (name: string) => `kafka-${name}-${randomBytes(4).toString('hex')}`;
    const until = async (condition: () => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const admin = new Kafka({ brokers: (brokers ?? '').split(','), logLevel: logLevel.NOTHING }).admin();

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });
    afterAll(() => admin.disconnect());

    it('creates each topic and its dead-letter topic with the configured partitions (the broker does not auto-create), and repeats safely', async () => {
      const bus = open({ partitions: 4 });
      const topic = unique('wallet-commands');
      await bus.ensureTopics([topic]);
      await bus.ensureTopics([topic]);
      await admin.connect();
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic, `${topic}.DLT`] });
      expect(topics.map((t) => [t.name, t.partitions.length]).sort()).toEqual([
        [topic, 4],
        [`${topic}.DLT`, 4],
      ]);
    });

    it('names the partition, offset and group a dead letter came from', async () => {
      const bus = open();
      const topic = unique('match-commands');
      const groupId = unique('engine');
      await bus.ensureTopics([topic]);
      const dead: DeliveredMessage[] = [];
      await bus.consume({ groupId: unique('dlt-reader'), topics: [`${topic}.DLT`], handle: async (m) => void dead.push(m) });
      await bus.consume({
        groupId,
        topics: [topic],
        maxAttempts: 2,
        handle: async () => {
          throw new Error('cannot decide');
        },
      });
      await bus.publish(topic, [{ key: 'match-1', value: 'poison' }]);
      await until(() => dead.length === 1, 'the dead letter');
      const origin = await admin.fetchTopicOffsets(topic);
      const partition = origin.find((p) => p.high === '1')?.partition;
      expect(dead[0]?.headers).toMatchObject({
        [DLT_HEADERS.originalPartition]: String(partition),
        [DLT_HEADERS.originalOffset]: '0',
        [DLT_HEADERS.originalGroup]: groupId,
      });
    });

    it('holds back only the key of a slow message: later messages of other keys in its partition are handled meanwhile', async () => {
      // one partition: every key shares it, as a game's command shares one with other games' (a command waiting on a
      // dead ledger must not freeze every game)
      const bus = open({ partitions: 1 });
      const topic = unique('engine-commands');
      await bus.ensureTopics([topic]);
      let slowStarted = false;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const handled: string[] = [];
      await bus.consume({
        groupId: unique('engine'),
        topics: [topic],
        handle: async (m) => {
          if (m.value === 'waits on the ledger') {
            slowStarted = true;
            await released;
          }
          handled.push(m.value);
        },
      });
      await bus.publish(topic, [
        { key: 'match-1', value: 'waits on the ledger' },
        { key: 'match-1', value: 'match-1 next move' },
      ]);
      await until(() => slowStarted, 'the slow message to start');
      await bus.publish(topic, [{ key: 'match-2', value: 'match-2 move' }]);
      await until(() => handled.includes('match-2 move'), "the other match's move");
      expect(handled).toEqual(['match-2 move']);
      release();
      await until(() => handled.length === 3, 'the held-back key');
      expect(handled).toEqual(['match-2 move', 'waits on the ledger', 'match-1 next move']);
    });

    it('commits nothing past an unfinished message: a member that stops while it is retried leaves it, and what came after it, to the next', async () => {
      const topic = unique('commands');
      const groupId = unique('engine');
      const first = open({ partitions: 1, retryBackoff: { firstMs: 60_000, maxMs: 60_000 } });
      await first.ensureTopics([topic]);
      await first.publish(topic, [
        { key: 'match-1', value: 'flaky' },
        { key: 'match-2', value: 'ok' },
      ]);
      const tried: string[] = [];
      const consumer = await first.consume({
        groupId,
        topics: [topic],
        handle: async (m) => {
          tried.push(m.value);
          if (m.value === 'flaky') throw new Error('ledger unavailable');
        },
      });
      await until(() => tried.includes('flaky') && tried.includes('ok'), 'both tried');
      await consumer.stop(); // cuts the minute-long backoff short; 'ok' is finished but after 'flaky'

      const redelivered: string[] = [];
      await open().consume({ groupId, topics: [topic], handle: async (m) => void redelivered.push(m.value) });
      await until(() => redelivered.length >= 2, 'the redelivery');
      expect([...redelivered].sort()).toEqual(['flaky', 'ok']);
    });

    it('commits nothing for a message still being retried when the consumer stops: the next member gets it', async () => {
      const topic = unique('wallets');
      const groupId = unique('ledger');
      const first = open({ retryBackoff: { firstMs: 60_000, maxMs: 60_000 } });
      await first.ensureTopics([topic]);
      await first.publish(topic, [
        { key: 'w', value: 'ok' },
        { key: 'w', value: 'flaky' },
      ]);
      const tried: string[] = [];
      const consumer = await first.consume({
        groupId,
        topics: [topic],
        handle: async (m) => {
          tried.push(m.value);
          if (m.value === 'flaky') throw new Error('database unavailable');
        },
      });
      await until(() => tried.includes('flaky'), 'the failing attempt');
      await consumer.stop(); // cuts the minute-long backoff short

      const redelivered: string[] = [];
      await open().consume({ groupId, topics: [topic], handle: async (m) => void redelivered.push(m.value) });
      // one key, one partition: a redelivered 'ok' would arrive before 'flaky'
      await until(() => redelivered.includes('flaky'), 'the redelivery');
      expect(redelivered).toEqual(['flaky']);
    });
  });
});
