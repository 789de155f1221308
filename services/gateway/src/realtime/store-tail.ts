import { traceLatency, type EventStore, type Position, type StoredEvent } from '@qal/events';

/** How often one batch is handled before the tail moves past it. */
const MAX_BATCH_ATTEMPTS = 3;

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
    let failedAttempts = 0;
    while (!stopped) {
      let last: StoredEvent | undefined;
      try {
        poked = false;
        const events = await options.store.readAll(position!, options.batchSize ?? 500);
        last = events.at(-1);
        if (last) {
          const traced = new Set(events.map((e) => e.metadata.commandId));
          traced.forEach((id) => traceLatency('gateway.tail', id));
          await options.handle(events);
          traced.forEach((id) => traceLatency('gateway.pushed', id));
          // only a handled batch moves the tail on: a failed one is pushed again (the hub drops what was sent)
          position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
          failedAttempts = 0;
          continue;
        }
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        failedAttempts += 1;
        if (last && failedAttempts >= MAX_BATCH_ATTEMPTS) {
          // give up on this batch rather than stall every push; its followers resync from the next snapshot
          position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
          failedAttempts = 0;
        }
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

/**
 * Several store tails over the same log, one per lane, as one push feed: a lane that reads the database (wallet and
 * room views) never holds back one that answers from memory (a move's views), since each follows the log on its own.
 */
export function startStoreLanes(options: {
  store: EventStore;
  pollMs: number;
  lanes: readonly ((events: readonly StoredEvent[]) => Promise<void>)[];
  onError?: (error: unknown) => void;
}) {
  const tails = options.lanes.map((handle) =>
    startStoreTail({ store: options.store, pollMs: options.pollMs, handle, ...(options.onError ? { onError: options.onError } : {}) }),
  );
  return {
    ready: async () => void (await Promise.all(tails.map((t) => t.ready()))),
    poke: () => tails.forEach((t) => t.poke()),
    stop: async () => void (await Promise.all(tails.map((t) => t.stop()))),
  };
}
