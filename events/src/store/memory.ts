import { checkExpectedVersion, classifyKnownIds, validateAppend } from './append-checks.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import {
  comparePositions,
  START,
  type AppendResult,
  type EventStore,
  type Position,
  type ReadStreamOptions,
  type StoredEvent,
  type StreamAppend,
} from './port.ts';
import { startSubscription, subscriptionRegistry } from './subscription.ts';

export { checkExpectedVersion } from './append-checks.ts';

interface StreamState {
  version: number;
  lastHash: string;
  events: StoredEvent[];
}

/** The in-memory event store: for unit tests of handlers and for simulations. Same contract as the SQL stores. */
export function createMemoryEventStore(options: { now?: () => Date } = {}): EventStore {
  const now = options.now ?? (() => new Date());
  const streams = new Map<string, StreamState>();
  const all: StoredEvent[] = [];
  const eventIds = new Set<string>();
  const checkpoints = new Map<string, Position>();
  const listeners = new Set<() => void>();
  const busySubscribers = new Set<string>();
  const subscriptions = subscriptionRegistry();
  let globalPosition = 0n;
  let transactionId = 0n;

  // `all` is in commit order (one append at a time), so the first event after a position is a binary search away.
  const readAllSync = (after: Position, limit: number) => {
    let low = 0;
    let high = all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(all[middle]!, after) > 0) high = middle;
      else low = middle + 1;
    }
    return all.slice(low, low + limit);
  };

  const store: EventStore = {
    async append(requests: readonly StreamAppend[]): Promise<AppendResult> {
      // Everything below runs without an await, so one append is atomic with respect to every other call.
      const ids = validateAppend(requests);
      if (classifyKnownIds(ids, eventIds) === 'duplicate') return { outcome: 'duplicate' };
      for (const request of requests) {
        checkExpectedVersion(request.streamId, request.expectedVersion, streams.get(request.streamId)?.version ?? null);
      }
      transactionId += 1n;
      const appended: StoredEvent[] = [];
      const versions: Record<string, number> = {};
      const recordedAt = now();
      for (const request of requests) {
        const existing = streams.get(request.streamId);
        if (!existing && request.events.length === 0) continue; // a version check only: creates nothing
        const stream = existing ?? { version: 0, lastHash: GENESIS_HASH, events: [] };
        streams.set(request.streamId, stream);
        for (const event of request.events) {
          globalPosition += 1n;
          const streamPosition = stream.version + 1;
          const eventId = event.eventId.toLowerCase();
          const hash = chainHash(stream.lastHash, { ...event, eventId, streamId: request.streamId, streamPosition });
          const stored: StoredEvent = {
            transactionId,
            globalPosition,
            streamId: request.streamId,
            streamPosition,
            eventId,
            type: event.type,
            schemaVersion: event.schemaVersion ?? 1,
            data: structuredClone(event.data),
            metadata: { ...structuredClone(event.metadata ?? {}), prevHash: stream.lastHash, hash },
            recordedAt,
          };
          stream.version = streamPosition;
          stream.lastHash = hash;
          stream.events.push(stored);
          all.push(stored);
          eventIds.add(eventId);
          appended.push(stored);
        }
        versions[request.streamId] = stream.version;
      }
      for (const listener of listeners) listener();
      return { outcome: 'appended', versions, events: appended };
    },

    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      const events = streams.get(streamId)?.events ?? [];
      const after = options.after ?? 0;
      const selected = events.filter((e) => e.streamPosition > after);
      const ordered = options.direction === 'backward' ? selected.reverse() : selected;
      return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
    },

    async streamVersion(streamId: string) {
      return streams.get(streamId)?.version ?? null;
    },

    async readAll(after: Position, limit: number) {
      return readAllSync(after, limit);
    },

    async head() {
      const last = all.at(-1);
      return last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : START;
    },

    async loadCheckpoint(subscriber: string) {
      return checkpoints.get(subscriber) ?? null;
    },

    onAppend(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    subscribe(options) {
      return subscriptions.track(
        startSubscription(
          {
            loadCheckpoint: store.loadCheckpoint,
            async processBatch(subscriber, batchSize, handle) {
              // Like the SQL stores' advisory lock: one instance of a subscriber handles a batch at a time.
              if (busySubscribers.has(subscriber)) return null;
              busySubscribers.add(subscriber);
              try {
                const batch = readAllSync(checkpoints.get(subscriber) ?? START, batchSize);
                const last = batch.at(-1);
                if (!last) return null;
                await handle(batch, { tx: null });
                const position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
                checkpoints.set(subscriber, position);
                return { position, events: batch.length };
              } finally {
                busySubscribers.delete(subscriber);
              }
            },
            onAppend(listener) {
              listeners.add(listener);
              return () => listeners.delete(listener);
            },
          },
          options,
        ),
      );
    },

    async close() {
      await subscriptions.stopAll();
      listeners.clear();
    },
  };
  return store;
}
