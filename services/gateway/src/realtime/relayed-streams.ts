import { AsyncLocalStorage } from 'node:async_hooks';
import { eventContextOf, type EventStore, type ReadStreamOptions, type StoredEvent } from '@qal/events';

/** Events kept per stream: a push reads only what came after the last view it folded. */
const EVENTS_PER_STREAM = 64;
/** Streams kept; the one relayed to longest ago goes first. */
const STREAMS_MAX = 5_000;

/**
 * The engine's streams as the relay brought them to this gateway (distributed mode), so a push reads the events it
 * was handed from memory instead of asking PostgreSQL for them again: a move's push folds the match's new events
 * for its summary and for each follower's view, three reads of the same events per gateway.
 *
 * Only pushes read from here (`duringPush`): a push is about the events it holds, and anything newer comes with a
 * push of its own. Every other read (a command's answer, a subscription's snapshot) asks the database, which has
 * what the engine appended before it answered (read your writes); the relay may not have brought it yet.
 */
export function createRelayedStreams() {
  /** Per stream, a run of consecutive events: `events[i].streamPosition === first + i`. */
  const runs = new Map<string, { first: number; events: StoredEvent[] }>();
  const pushing = new AsyncLocalStorage<true>();

  const touch = (streamId: string, run: { first: number; events: StoredEvent[] }) => {
    runs.delete(streamId);
    runs.set(streamId, run);
    if (runs.size > STREAMS_MAX) runs.delete(runs.keys().next().value!);
  };

  const trim = (run: { first: number; events: StoredEvent[] }) => {
    const extra = run.events.length - EVENTS_PER_STREAM;
    if (extra > 0) {
      run.events.splice(0, extra);
      run.first += extra;
    }
  };

  /** Events after `after` when the run holds all of them up to its end; undefined when the database must say. */
  const known = (streamId: string, after: number): StoredEvent[] | undefined => {
    const run = runs.get(streamId);
    if (!run || after < run.first - 1 || after > run.first + run.events.length - 1) return undefined;
    return run.events.slice(after - run.first + 1);
  };

  return {
    /** A relayed event (before its push is handled). Only the engine's streams: the gateway never appends to them. */
    record(event: StoredEvent) {
      if (eventContextOf(event.streamId) !== 'engine') return;
      const run = runs.get(event.streamId);
      const last = run ? run.first + run.events.length - 1 : 0;
      if (run && event.streamPosition <= last) return; // published twice
      if (run && event.streamPosition === last + 1) {
        run.events.push(event);
        trim(run);
        touch(event.streamId, run);
        return;
      }
      // the first one seen, or one after a gap (events relayed before this gateway followed): a run starts here
      touch(event.streamId, { first: event.streamPosition, events: [event] });
    },

    /** Runs a push, whose engine stream reads may come from the relayed events. */
    duringPush<T>(push: () => Promise<T>): Promise<T> {
      return pushing.run(true, push);
    },

    /** `store`, whose forward reads to the end of a stream come from the relayed events during a push, when they can. */
    over(store: EventStore): EventStore {
      const readStream = async (streamId: string, options: ReadStreamOptions = {}) => {
        const toEnd = options.direction !== 'backward' && options.limit === undefined;
        if (toEnd && pushing.getStore()) {
          const events = known(streamId, options.after ?? 0);
          if (events) return events;
        }
        return store.readStream(streamId, options);
      };
      return new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'readStream') return readStream;
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
}

export type RelayedStreams = ReturnType<typeof createRelayedStreams>;
