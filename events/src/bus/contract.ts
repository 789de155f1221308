import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUuid } from '../uuid.ts';
import { deadLetterTopic, DLT_HEADERS, type Bus, type Consumer, type ConsumerOptions, type DeliveredMessage } from './port.ts';

export interface BusContractOptions {
  /** How long a test waits for deliveries (a real broker needs more than memory). */
  readonly waitMs?: number;
}

/**
 * One behaviour suite for every Bus adapter. The factory is called once per suite; every test uses its own
 * topics and groups, so a shared broker with old topics does not disturb it. The bus should retry quickly
 * (a short backoff) so that the retry and dead-letter cases stay fast.
 */
export function busContract(name: string, factory: () => Promise<Bus>, options: BusContractOptions = {}): void {
  const waitMs = options.waitMs ?? 30_000;

  describe(`Bus contract: ${name}`, { timeout: waitMs * 2 }, () => {
    let bus: Bus;
    const running: Consumer[] = [];
    const unique = (label: string) => `contract-${label}-${newUuid().slice(0, 8)}`;
    const newTopic = async (label: string) => {
      const topic = unique(label);
      await bus.ensureTopics([topic]);
      return topic;
    };
    const consume = async (consumerOptions: ConsumerOptions) => {
      const consumer = await bus.consume(consumerOptions);
      running.push(consumer);
      return consumer;
    };
    const eventually = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + waitMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out after ${waitMs} ms waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const values = (messages: readonly DeliveredMessage[]) => messages.map((m) => m.value);

    beforeAll(async () => {
      bus = await factory();
    }, 120_000);
    afterEach(async () => {
      await Promise.all(running.splice(0).map((c) => c.stop()));
    });
    afterAll(() => bus?.close(), 60_000);

    it('delivers key, value and headers, with topic, partition and offset', async () => {
      const topic = await newTopic('shape');
      const got: DeliveredMessage[] = [];
      await consume({ groupId: unique('g'), topics: [topic], handle: async (m) => void got.push(m) });
      await bus.publish(topic, [{ key: 'user-1', value: '{"hello":"ሰላም"}', headers: { 'correlation-id': 'c-1' } }]);
      await eventually(() => got.length === 1, 'one message');
      expect(got[0]).toMatchObject({ topic, key: 'user-1', value: '{"hello":"ሰላም"}', headers: { 'correlation-id': 'c-1' } });
      expect(Number.isInteger(got[0]!.partition)).toBe(true);
      expect(got[0]!.offset).toMatch(/^\d+$/);
    });

    it('keeps the order of each key under many keys', async () => {
      const topic = await newTopic('order');
      const keys = Array.from({ length: 20 }, (_, i) => `key-${i}`);
      const got: DeliveredMessage[] = [];
      await consume({ groupId: unique('g'), topics: [topic], handle: async (m) => void got.push(m) });
      for (let seq = 0; seq < 10; seq++) {
        await bus.publish(
          topic,
          keys.map((key) => ({ key, value: String(seq) })),
        );
      }
      await eventually(() => got.length >= 200, '200 messages');
      for (const key of keys) {
        const mine = got.filter((m) => m.key === key);
        expect(mine.map((m) => Number(m.value))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(new Set(mine.map((m) => m.partition)).size).toBe(1);
      }
      expect(got).toHaveLength(200);
    });

    it('gives every group every message, once each', async () => {
      const topic = await newTopic('groups');
      const first: DeliveredMessage[] = [];
      const second: DeliveredMessage[] = [];
      await consume({ groupId: unique('projection'), topics: [topic], handle: async (m) => void first.push(m) });
      await consume({ groupId: unique('relay'), topics: [topic], handle: async (m) => void second.push(m) });
      const sent = Array.from({ length: 30 }, (_, i) => `m${i}`);
      await bus.publish(
        topic,
        sent.map((value, i) => ({ key: `k${i % 7}`, value })),
      );
      await eventually(() => first.length >= 30 && second.length >= 30, 'both groups');
      expect(values(first).sort()).toEqual([...sent].sort());
      expect(values(second).sort()).toEqual([...sent].sort());
    });

    it('redelivers a message whose handler threw, before the next message of its key', async () => {
      const topic = await newTopic('retry');
      const handled: string[] = [];
      let attempts = 0;
      await consume({
        groupId: unique('g'),
        topics: [topic],
        maxAttempts: 5,
        handle: async (m) => {
          if (m.value === 'b' && ++attempts === 1) throw new Error('database briefly away');
          handled.push(m.value);
        },
      });
      await bus.publish(
        topic,
        ['a', 'b', 'c'].map((value) => ({ key: 'wallet-1', value })),
      );
      await eventually(() => handled.length >= 3, 'three handled messages');
      expect(handled).toEqual(['a', 'b', 'c']);
      expect(attempts).toBe(2);
    });

    it('moves a message that keeps failing to <topic>.DLT after maxAttempts and goes on', async () => {
      const topic = await newTopic('poison');
      const handled: string[] = [];
      const dead: DeliveredMessage[] = [];
      let attempts = 0;
      await consume({ groupId: unique('dlt-reader'), topics: [deadLetterTopic(topic)], handle: async (m) => void dead.push(m) });
      await consume({
        groupId: unique('g'),
        topics: [topic],
        maxAttempts: 3,
        handle: async (m) => {
          if (m.value === 'poison') {
            attempts += 1;
            throw new Error('cannot parse');
          }
          handled.push(m.value);
        },
      });
      await bus.publish(
        topic,
        ['ok-1', 'poison', 'ok-2'].map((value) => ({ key: 'match-9', value, headers: { origin: 'test' } })),
      );
      await eventually(() => handled.length >= 2 && dead.length >= 1, 'the good messages and the dead letter');
      expect(handled).toEqual(['ok-1', 'ok-2']);
      expect(attempts).toBe(3);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ key: 'match-9', value: 'poison' });
      expect(dead[0]!.headers).toMatchObject({
        origin: 'test',
        [DLT_HEADERS.originalTopic]: topic,
        [DLT_HEADERS.attempts]: '3',
        [DLT_HEADERS.error]: 'cannot parse',
      });
    });

    it('splits the work between two consumers of one group without duplicates', async () => {
      const topic = await newTopic('split');
      const groupId = unique('g');
      const a: DeliveredMessage[] = [];
      const b: DeliveredMessage[] = [];
      await consume({ groupId, topics: [topic], handle: async (m) => void a.push(m) });
      await consume({ groupId, topics: [topic], handle: async (m) => void b.push(m) });
      const sent = Array.from({ length: 60 }, (_, i) => `m${i}`);
      await bus.publish(
        topic,
        sent.map((value, i) => ({ key: `player-${i % 30}`, value })),
      );
      await eventually(() => a.length + b.length >= 60, '60 messages');
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
      expect([...values(a), ...values(b)].sort()).toEqual([...sent].sort());
      const partitionsOfA = new Set(a.map((m) => m.partition));
      expect(b.some((m) => partitionsOfA.has(m.partition))).toBe(false);
    });

    it('resumes a group after its last handled message when a new consumer takes over', async () => {
      const topic = await newTopic('resume');
      const groupId = unique('g');
      const firstRun: string[] = [];
      const first = await consume({ groupId, topics: [topic], handle: async (m) => void firstRun.push(m.value) });
      const batch1 = Array.from({ length: 10 }, (_, i) => `old-${i}`);
      await bus.publish(
        topic,
        batch1.map((value, i) => ({ key: `k${i % 4}`, value })),
      );
      await eventually(() => firstRun.length >= 10, 'the first ten');
      await first.stop();

      const batch2 = Array.from({ length: 10 }, (_, i) => `new-${i}`);
      await bus.publish(
        topic,
        batch2.map((value, i) => ({ key: `k${i % 4}`, value })),
      );
      const secondRun: string[] = [];
      await consume({ groupId, topics: [topic], handle: async (m) => void secondRun.push(m.value) });
      await eventually(() => secondRun.length >= 10, 'the next ten');
      expect([...firstRun].sort()).toEqual([...batch1].sort());
      expect([...secondRun].sort()).toEqual([...batch2].sort());
    });

    it('starts a fromLatest group at the end, skipping older messages', async () => {
      const topic = await newTopic('latest');
      await bus.publish(
        topic,
        ['before-1', 'before-2'].map((value) => ({ key: 'gateway-1', value })),
      );
      const got: string[] = [];
      await consume({ groupId: unique('replies'), topics: [topic], fromLatest: true, handle: async (m) => void got.push(m.value) });
      await bus.publish(
        topic,
        ['after-1', 'after-2'].map((value) => ({ key: 'gateway-1', value })),
      );
      await eventually(() => got.length >= 2, 'the two new messages');
      expect(got).toEqual(['after-1', 'after-2']);
    });
  });
}
