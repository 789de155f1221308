import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKafkaBus } from '../bus/kafka.ts';
import type { Bus, DeliveredMessage } from '../bus/port.ts';
import { createSqlEventStore } from '../store/sql.ts';
import { comparePositions, type EventStore, type StoredEvent } from '../store/port.ts';
import { findOrStartKafka, stopKafkaIfStarted } from '../testing/kafka.ts';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { newUuid } from '../uuid.ts';
import { decodeRelayedEvent } from './codec.ts';
import { startRelay, type Relay } from './relay.ts';
import { eventContextOf } from './topics.ts';

// The real broker and PostgreSQL (each skipped with its reason when absent; both required in CI).
const brokers = await findOrStartKafka();
const serverUrl = await findTestPostgres();
afterAll(stopKafkaIfStarted, 60_000);

describe.skipIf(!brokers || !serverUrl)('store → Kafka relay', { timeout: 60_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let store: EventStore;
  let bus: Bus;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    store = await createSqlEventStore(scratch.db);
    bus = createKafkaBus({ brokers: brokers!, retryBackoff: { firstMs: 20, maxMs: 200 } });
  });
  afterAll(async () => {
    await bus?.close();
    await store?.close();
    await scratch?.drop();
  });

  /** Each test relays to topics of its own (`<run>.<context>`), read back by a fresh consumer group. */
  const topicsOf = () => {
    const run = `relay-${randomBytes(4).toString('hex')}`;
    return {
      subscriber: run,
      topicFor: (event: StoredEvent) => `${run}.${eventContextOf(event.streamId)}`,
      all: ['identity', 'ledger', 'engine'].map((c) => `${run}.${c}`),
    };
  };

  const append = async (streamId: string, count: number) => {
    const result = await store.append([
      {
        streamId,
        streamType: 'test',
        expectedVersion: 'any',
        events: Array.from({ length: count }, (_, i) => ({ eventId: newUuid(), type: 'Happened', data: { i } })),
      },
    ]);
    if (result.outcome !== 'appended') throw new Error('not appended');
    return result.events;
  };

  /** Reads the topics from the start until every wanted event came `times` times (and a moment longer). */
  async function readBack(topics: readonly string[], wanted: readonly StoredEvent[], times = 1): Promise<DeliveredMessage[]> {
    const ids = new Set(wanted.map((e) => e.eventId));
    const received: DeliveredMessage[] = [];
    await bus.ensureTopics(topics);
    const consumer = await bus.consume({
      groupId: `reader-${randomBytes(4).toString('hex')}`,
      topics,
      handle: async (m) => {
        if (ids.has(decodeRelayedEvent(m)?.eventId ?? '')) received.push(m);
      },
    });
    try {
      const deadline = Date.now() + 30_000;
      while (received.length < ids.size * times && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // a little longer, so a duplicate would show up too
      await new Promise((resolve) => setTimeout(resolve, 500));
      return received;
    } finally {
      await consumer.stop();
    }
  }

  const eventIdsOf = (messages: readonly DeliveredMessage[]) => messages.map((m) => decodeRelayedEvent(m)?.eventId);

  it('publishes every event to the topic of its context, keyed by stream id, each stream in order, then checkpoints', async () => {
    const t = topicsOf();
    const appended = [
      ...(await append(`player-${newUuid()}`, 2)),
      ...(await append(`account-wallet:${newUuid()}`, 3)),
      ...(await append(`match-${newUuid()}`, 4)),
    ];
    const relay = await startRelay({ store, bus, subscriber: t.subscriber, topicFor: t.topicFor });
    try {
      await relay.waitFor(await store.head());
      const messages = await readBack(t.all, appended);
      expect(eventIdsOf(messages).sort()).toEqual(appended.map((e) => e.eventId).sort());
      for (const message of messages) {
        const event = decodeRelayedEvent(message)!;
        expect(message.key).toBe(event.streamId);
        expect(message.topic).toBe(t.topicFor(event));
      }
      for (const streamId of new Set(appended.map((e) => e.streamId))) {
        const positions = messages
          .map((m) => decodeRelayedEvent(m)!)
          .filter((e) => e.streamId === streamId)
          .map((e) => e.streamPosition);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
      expect((await store.loadCheckpoint(t.subscriber))?.globalPosition).toBe(appended.at(-1)!.globalPosition);
    } finally {
      await relay.stop();
    }
  });

  it('counts what another copy published as published (a standby copy is ready once the working one caught up)', async () => {
    const t = topicsOf();
    const other = await createSqlEventStore(scratch.db, { migrate: false });
    // Appends through the first store do not wake this copy, and it polls only every ten minutes.
    const standby = await startRelay({ store: other, bus, subscriber: t.subscriber, topicFor: t.topicFor, pollIntervalMs: 600_000 });
    let working: Relay | null = null;
    try {
      await standby.waitFor(await store.head());
      await append(`player-${newUuid()}`, 3);
      const head = await store.head();
      expect(await standby.publishedThrough(head)).toBe(false);
      working = await startRelay({ store, bus, subscriber: t.subscriber, topicFor: t.topicFor, preferred: true });
      await working.waitFor(head);
      expect(comparePositions(standby.position(), head)).toBeLessThan(0);
      expect(await standby.publishedThrough(head)).toBe(true);
    } finally {
      await working?.stop();
      await standby.stop();
      await other.close();
    }
  });

  it('publishes nothing twice across a clean stop and restart', async () => {
    const t = topicsOf();
    const first = await append(`account-wallet:${newUuid()}`, 5);
    let relay: Relay = await startRelay({ store, bus, subscriber: t.subscriber, topicFor: t.topicFor });
    await relay.waitFor(await store.head());
    await relay.stop();
    const second = await append(`account-wallet:${newUuid()}`, 5);
    relay = await startRelay({ store, bus, subscriber: t.subscriber, topicFor: t.topicFor });
    try {
      await relay.waitFor(await store.head());
      const ids = eventIdsOf(await readBack(t.all, [...first, ...second]));
      expect(ids.sort()).toEqual([...first, ...second].map((e) => e.eventId).sort());
    } finally {
      await relay.stop();
    }
  });

  it('publishes a batch again when its checkpoint did not commit after the broker acknowledged it, and loses nothing', async () => {
    const t = topicsOf();
    const appended = await append(`hold-${newUuid()}`, 3);
    // The broker acknowledges, then the process "dies" before the checkpoint commits: the batch rolls back.
    let crashes = 1;
    const crashingBus: Bus = {
      ...bus,
      async publish(topic, messages) {
        await bus.publish(topic, messages);
        if (crashes-- > 0) throw new Error('crashed after the ack');
      },
    };
    const errors: unknown[] = [];
    const relay = await startRelay({
      store,
      bus: crashingBus,
      subscriber: t.subscriber,
      topicFor: t.topicFor,
      onError: (e) => errors.push(e),
    });
    try {
      await relay.waitFor(await store.head());
      const ids = eventIdsOf(await readBack(t.all, appended, 2));
      expect(errors).toHaveLength(1);
      // every event twice: once before the "crash", once after; consumers dedupe by event id
      expect(ids.sort()).toEqual([...appended, ...appended].map((e) => e.eventId).sort());
    } finally {
      await relay.stop();
    }
  });

  it('keeps its checkpoint while the broker refuses and catches up once it answers again', async () => {
    const t = topicsOf();
    let refusing = true;
    const flakyBus: Bus = {
      ...bus,
      async publish(topic, messages) {
        if (refusing) throw new Error('broker unavailable');
        await bus.publish(topic, messages);
      },
    };
    const failures: unknown[] = [];
    const relay = await startRelay({
      store,
      bus: flakyBus,
      subscriber: t.subscriber,
      topicFor: t.topicFor,
      onError: (e) => failures.push(e),
    });
    try {
      const appended = await append(`purchase-${newUuid()}`, 2);
      while (failures.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.loadCheckpoint(t.subscriber)).toBeNull();
      refusing = false;
      await relay.waitFor(await store.head(), 20_000);
      expect(eventIdsOf(await readBack(t.all, appended)).sort()).toEqual(appended.map((e) => e.eventId).sort());
    } finally {
      await relay.stop();
    }
  });
});
