import type { EventStore, Position, StoredEvent } from '@qal/events';
import { traceLatency } from '@qal/events/process/latency-trace.ts';

/**
 * A live, non-checkpointed follower of the event store that starts at the head: pushes are about what happens
 * now, and a reconnecting client gets a fresh snapshot instead of a replay. Looks as soon as the store reports an
 * append (so a push need not wait for the command's answer), can be poked after a local command, and polls.
 */
export function startStoreTail(options: {
  store: EventStore;
  pollMs: number;
  batchSize?: number;
  handle: (events: readonly StoredEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
}) {
  let stopped = false;
  let wake: (() => void) | null = null;
  let poked = false;
  let position: Position | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const unlisten = options.store.onAppend?.(() => {
    poked = true;
    wake?.();
  });

  const started = options.store.head().then((head) => {
    position = head;
  });

  const loop = (async () => {
    await started;
    while (!stopped) {
      try {
        poked = false;
        const events = await options.store.readAll(position!, options.batchSize ?? 500);
        const last = events.at(-1);
        if (last) {
          for (const id of new Set(events.map((e) => e.metadata.commandId))) traceLatency('gateway.tail', id);
          position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
          await options.handle(events);
          continue;
        }
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
      }
      if (!poked && !stopped) await sleep(options.pollMs);
    }
  })();

  return {
    /** Resolves once the starting head is known (pushes are about events after it). */
    ready: () => started,
    poke() {
      poked = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      unlisten?.();
      wake?.();
      await loop;
    },
  };
}
