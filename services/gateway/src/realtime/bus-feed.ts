import { decodeRelayedEvent, type Bus, type Consumer } from '@qal/events';
import { traceLatency } from '@qal/events/process/latency-trace.ts';
import type { PushFeed, PushFeedFactory } from './push-feed.ts';

/**
 * The distributed push feed: the relay's event topics, read by this gateway in a consumer group of its own
 * from the newest messages on (a client that (re)connects gets a fresh snapshot, not a replay). Pushes are
 * versioned by global position and the hub drops anything not newer than what a client has, so a message
 * the relay published twice is harmless.
 */
export function busPushFeed(options: { bus: Bus; groupId: string; topics: readonly string[] }): PushFeedFactory {
  return ({ handle, onError }): PushFeed => {
    let consumer: Consumer | null = null;
    let stopped = false;
    const started = (async () => {
      await options.bus.ensureTopics(options.topics);
      const joined = await options.bus.consume({
        groupId: options.groupId,
        topics: options.topics,
        fromLatest: true,
        handle: async (message) => {
          const event = decodeRelayedEvent(message);
          if (!event) return;
          traceLatency('gateway.feed', event.metadata.commandId);
          // A push that fails is not retried: the client's next snapshot (or the next change) brings it up to date.
          await handle([event]).catch(onError);
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
      },
    };
  };
}
