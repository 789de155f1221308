import { decodeRelayedEvent, traceLatency, type Bus, type Consumer, type StoredEvent } from '@qal/events';
import type { PushFeed, PushFeedFactory } from './push-feed.ts';
import type { RelayedStreams } from './relayed-streams.ts';

/**
 * The distributed push feed: the relay's event topics, read by this gateway in a consumer group of its own
 * from the newest messages on (a client that (re)connects gets a fresh snapshot, not a replay). Pushes are
 * versioned by global position and the hub drops anything not newer than what a client has, so a message
 * the relay published twice is harmless.
 *
 * Each stream's events are pushed in order, one batch at a time, and the streams side by side: a push reads its
 * views from the services' tables, and one match's reads must not wait behind another's. Events of a stream that
 * arrive while its push runs (a move is often two or three events of one append) go out together in the next one,
 * whose views include them all. With `relayed`, a push reads the engine's streams from the events it was handed.
 */
export function busPushFeed(options: { bus: Bus; groupId: string; topics: readonly string[]; relayed?: RelayedStreams }): PushFeedFactory {
  const { relayed } = options;
  return ({ handle, onError }): PushFeed => {
    let consumer: Consumer | null = null;
    let stopped = false;
    /** Events received and not pushed yet, by stream; a stream is in `pushing` while its loop runs. */
    const waiting = new Map<string, StoredEvent[]>();
    const pushing = new Map<string, Promise<void>>();

    const pushStream = async (streamId: string) => {
      // a turn of the event loop first, so the rest of a fetched batch joins this push
      await new Promise((resolve) => setImmediate(resolve));
      for (;;) {
        const events = waiting.get(streamId);
        if (!events || stopped) {
          pushing.delete(streamId); // in the same step as the look: an event arriving next starts a new loop
          return;
        }
        waiting.delete(streamId);
        // A push that fails is not retried: the client's next snapshot (or the next change) brings it up to date.
        await (relayed ? relayed.duringPush(() => handle(events)) : handle(events)).catch(onError);
        for (const id of new Set(events.map((e) => e.metadata.commandId))) traceLatency('gateway.pushed', id);
      }
    };

    const received = (event: StoredEvent) => {
      traceLatency('gateway.feed', event.metadata.commandId);
      relayed?.record(event);
      const events = waiting.get(event.streamId);
      if (events) events.push(event);
      else waiting.set(event.streamId, [event]);
      if (!pushing.has(event.streamId)) pushing.set(event.streamId, pushStream(event.streamId));
    };

    const started = (async () => {
      await options.bus.ensureTopics(options.topics);
      const joined = await options.bus.consume({
        groupId: options.groupId,
        topics: options.topics,
        fromLatest: true,
        // handed to the stream's push loop: the consumer goes on with the next message at once
        handle: async (message) => {
          const event = decodeRelayedEvent(message);
          if (event) received(event);
        },
      });
      if (stopped) await joined.stop();
      else consumer = joined;
    })();
    return {
      ready: () => started,
      poke: () => undefined,
      async stop() {
        stopped = true;
        await started.catch(() => undefined);
        await consumer?.stop();
        await Promise.allSettled([...pushing.values()]);
      },
    };
  };
}
