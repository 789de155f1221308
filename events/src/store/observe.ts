import { performance } from 'node:perf_hooks';
import { WrongExpectedVersionError, type EventStore, type StoredEvent } from './port.ts';

/** What one append did: how long it took, how much it asked to write and what became of it. */
export interface AppendObservation {
  readonly durationSeconds: number;
  /** Events in the request, whatever its outcome. */
  readonly requestedEvents: number;
  readonly streams: number;
  /** `conflict`: an expected version did not hold (an optimistic-concurrency race the caller retries). */
  readonly outcome: 'appended' | 'duplicate' | 'conflict' | 'failed';
  /** The events stored by this append (none unless appended). */
  readonly events: readonly StoredEvent[];
}

export type AppendObserver = (observation: AppendObservation) => void;

/**
 * The same store, telling `observer` about every append once it has ended (a process wires this to its metrics).
 * An observer that throws is ignored: watching an append must never fail it.
 */
export function observeAppends(store: EventStore, observer: AppendObserver): EventStore {
  const report = (observation: AppendObservation) => {
    try {
      observer(observation);
    } catch {
      // see above
    }
  };
  const observed: EventStore = {
    async append(requests) {
      const started = performance.now();
      const base = { requestedEvents: requests.reduce((n, r) => n + r.events.length, 0), streams: requests.length };
      const elapsed = () => (performance.now() - started) / 1000;
      try {
        const result = await store.append(requests);
        report({
          ...base,
          durationSeconds: elapsed(),
          outcome: result.outcome,
          events: result.outcome === 'appended' ? result.events : [],
        });
        return result;
      } catch (error) {
        const outcome = error instanceof WrongExpectedVersionError ? 'conflict' : 'failed';
        report({ ...base, durationSeconds: elapsed(), outcome, events: [] });
        throw error;
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    streamVersion: (streamId) => store.streamVersion(streamId),
    readAll: (after, limit) => store.readAll(after, limit),
    head: () => store.head(),
    loadCheckpoint: (subscriber) => store.loadCheckpoint(subscriber),
    subscribe: (options) => store.subscribe(options),
    close: () => store.close(),
  };
  const onAppend = store.onAppend?.bind(store);
  const readStreamIn = store.readStreamIn?.bind(store);
  return { ...observed, ...(onAppend ? { onAppend } : {}), ...(readStreamIn ? { readStreamIn } : {}) };
}
