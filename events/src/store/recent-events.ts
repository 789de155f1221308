import { comparePositions, type Position, type StoredEvent } from './port.ts';

/** Streams whose version (and last few events) are remembered; the one used longest ago is forgotten first. */
export const RECENT_STREAMS_MAX = 50_000;
/** Events remembered per stream: enough for a reader one or two appends behind (a game's view after a move). */
export const RECENT_EVENTS_PER_STREAM = 16;
/** Events remembered in commit order: what live subscribers and tails read, when they keep up. */
export const RECENT_LOG_MAX = 20_000;
/**
 * The log is cut back to its maximum only once it has grown this much past it: copying 20,000 events costs about
 * 1.7 ms, which done on every append was a quarter of the embedded platform's CPU under load.
 */
const LOG_TRIM_SLACK = 0.25;

interface StreamTail {
  /** The stream's version (0: the stream does not exist). */
  readonly version: number;
  /** Its last events, ending at `version`, in order (at most RECENT_EVENTS_PER_STREAM). */
  readonly events: readonly StoredEvent[];
}

/**
 * What a store object that is the database's only writer (the embedded mode's PGlite: one process, one
 * connection) knows without asking the database: every stream's version and last events, and the latest events in
 * commit order. Built from its own appends (in commit order, since the one connection runs them one at a time) and
 * from what it read, so it answers exactly what the database would; `undefined` means "not known: ask the database".
 * Only a cache: appends still go to the database, which checks every expected version.
 */
export function createRecentEvents(start: Position, logMax = RECENT_LOG_MAX) {
  const streams = new Map<string, StreamTail>();
  /** Every event committed after `logStart`, in commit order. */
  let log: StoredEvent[] = [];
  let logStart: Position = start;
  /** Whether the log is still complete (a commit out of order would mean another writer: stop trusting it). */
  let logValid = true;

  const remember = (streamId: string, tail: StreamTail) => {
    streams.delete(streamId);
    if (streams.size >= RECENT_STREAMS_MAX) streams.delete(streams.keys().next().value!);
    streams.set(streamId, tail);
  };

  const logEnd = (): Position => {
    const last = log.at(-1);
    return last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : logStart;
  };

  return {
    /** After an append committed: its events (in order) and each stream's version after it. */
    appended(events: readonly StoredEvent[], versions: Readonly<Record<string, number>>) {
      for (const [streamId, version] of Object.entries(versions)) {
        // An append's events of one stream are contiguous and end at its new version; joined to what was known
        // when that ended just before them.
        const mine = events.filter((e) => e.streamId === streamId);
        const first = mine[0]?.streamPosition ?? version + 1;
        const known = streams.get(streamId);
        const before = known && known.version === first - 1 ? known.events : [];
        remember(streamId, { version, events: [...before, ...mine].slice(-RECENT_EVENTS_PER_STREAM) });
      }
      if (!logValid) return;
      for (const event of events) {
        if (comparePositions(event, logEnd()) <= 0) {
          logValid = false;
          log = [];
          return;
        }
        log.push(event);
      }
      if (log.length > logMax + Math.ceil(logMax * LOG_TRIM_SLACK)) {
        const dropped = log.length - logMax;
        const lastDropped = log[dropped - 1]!;
        logStart = { transactionId: lastDropped.transactionId, globalPosition: lastDropped.globalPosition };
        log = log.slice(dropped);
      }
    },

    /** After a forward read to the end of a stream (no limit): what it found after `after`. */
    readToEnd(streamId: string, after: number, events: readonly StoredEvent[]) {
      const last = events.at(-1);
      if (!last) {
        if (after === 0) remember(streamId, { version: 0, events: [] });
        return;
      }
      const known = streams.get(streamId);
      const joined = known && known.version === after ? [...known.events, ...events] : events;
      remember(streamId, { version: last.streamPosition, events: joined.slice(-RECENT_EVENTS_PER_STREAM) });
    },

    /** An append was refused for a version this cache may have had wrong: forget the stream. */
    forget(streamId: string) {
      streams.delete(streamId);
    },

    /** The stream's events after `after`, in order, when known; undefined when the database must be asked. */
    streamAfter(streamId: string, after: number): StoredEvent[] | undefined {
      const known = streams.get(streamId);
      if (!known) return undefined;
      if (after >= known.version) return [];
      const firstKept = known.version - known.events.length;
      if (after < firstKept) return undefined;
      return known.events.slice(after - firstKept);
    },

    /** The stream's version (null: no stream), when known. */
    version(streamId: string): number | null | undefined {
      const known = streams.get(streamId);
      if (!known) return undefined;
      return known.version > 0 ? known.version : null;
    },

    /** Up to `limit` events after `after` in commit order, when the log holds every one of them; else undefined. */
    allAfter(after: Position, limit: number): StoredEvent[] | undefined {
      if (!logValid || comparePositions(after, logStart) < 0) return undefined;
      let low = 0;
      let high = log.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (comparePositions(log[middle]!, after) <= 0) low = middle + 1;
        else high = middle;
      }
      return log.slice(low, low + limit);
    },

    /** The last committed event's position, when the log is trusted. */
    head(): Position | undefined {
      return logValid ? logEnd() : undefined;
    },
  };
}

export type RecentEvents = ReturnType<typeof createRecentEvents>;
