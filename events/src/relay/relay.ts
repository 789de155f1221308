import type { Bus, BusMessage } from '../bus/port.ts';
import { comparePositions, type Position, type StoredEvent, type EventStore } from '../store/port.ts';
import { traceLatency } from '../process/latency-trace.ts';
import { encodeRelayedEvent } from './codec.ts';
import { ALL_EVENT_TOPICS, eventTopicFor } from './topics.ts';

/** The relay's checkpoint name in the store. */
export const RELAY_SUBSCRIBER = 'relay-kafka';

export interface RelayOptions {
  readonly store: EventStore;
  readonly bus: Bus;
  readonly subscriber?: string;
  /** Default: one topic per context, from the stream id (`eventTopicFor`). */
  readonly topicFor?: (event: StoredEvent) => string;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  /** A failed batch (broker or database away) is retried after a backoff; this hears about each failure. */
  readonly onError?: (error: unknown) => void;
  /** This copy takes the batches over from the others (`SubscribeOptions.preferred`). */
  readonly preferred?: boolean;
}

export interface Relay {
  /** The last event published and checkpointed. */
  position(): Position;
  /** Resolves once every event up to `position` is published and checkpointed. */
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  /** Messages the broker acknowledged since start (a batch published again after a failure counts again). */
  published(): number;
  /** Whether every event up to `position` is published, by this copy or another (the stored checkpoint says). */
  publishedThrough(position: Position): Promise<boolean>;
  /** Finishes the batch in flight (published and checkpointed, or rolled back), then stops. */
  stop(): Promise<void>;
}

/**
 * The transactional outbox of the distributed mode, with the event table as the outbox: a checkpointed store
 * subscriber that publishes every event, in commit order, to its context's topic keyed by stream id.
 *
 * Each batch is published and the broker's acknowledgement (acks=all) awaited inside the subscription's
 * transaction, and only then is the checkpoint saved in that transaction. So a clean stop or restart never
 * publishes an event twice, and a crash between the acknowledgement and the commit publishes that batch again:
 * at-least-once, which consumers absorb (they are idempotent by event id or global position). Several relay
 * processes may run: the store lets one handle a batch at a time, and the others stand by.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const { bus, store } = options;
  const topicFor = options.topicFor ?? ((event: StoredEvent) => eventTopicFor(event.streamId));
  const ensured = new Set<string>();
  const ensure = async (topics: readonly string[]) => {
    const missing = topics.filter((topic) => !ensured.has(topic));
    if (missing.length === 0) return;
    await bus.ensureTopics(missing);
    missing.forEach((topic) => ensured.add(topic));
  };
  await ensure(ALL_EVENT_TOPICS);
  let published = 0;

  const subscriber = options.subscriber ?? RELAY_SUBSCRIBER;
  const subscription = store.subscribe({
    subscriber,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.preferred ? { preferred: true } : {}),
    async handle(events) {
      const traced = new Set(events.map((e) => e.metadata.commandId));
      traced.forEach((id) => traceLatency('relay.read', id));
      // Commit order within each topic; topics are independent, so they are sent side by side.
      const byTopic = new Map<string, BusMessage[]>();
      for (const event of events) {
        const topic = topicFor(event);
        const messages = byTopic.get(topic) ?? [];
        messages.push(encodeRelayedEvent(event));
        byTopic.set(topic, messages);
      }
      await ensure([...byTopic.keys()]);
      await Promise.all([...byTopic].map(([topic, messages]) => bus.publish(topic, messages)));
      published += events.length;
      traced.forEach((id) => traceLatency('relay.published', id));
    },
  });

  return {
    position: () => subscription.position(),
    waitFor: (position, timeoutMs) => subscription.waitFor(position, timeoutMs),
    published: () => published,
    async publishedThrough(position) {
      if (comparePositions(subscription.position(), position) >= 0) return true;
      const checkpoint = await store.loadCheckpoint(subscriber);
      return checkpoint !== null && comparePositions(checkpoint, position) >= 0;
    },
    stop: () => subscription.stop(),
  };
}
