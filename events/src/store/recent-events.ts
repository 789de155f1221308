import { comparePositions, type Position, type StoredEvent } from './port.ts';

/** Streams whose version (and last few events) are remembered; the one used longest ago is forgotten first. */
export const RECENT_STREAMS_MAX = 50_000;
/** Events remembered per stream: enough for a reader one or two appends behind (a game's view after a move). */
export const RECENT_EVENTS_PER_STREAM = 16;
/** Events remembered in commit order: what live subscribers and tails read, when they keep up. */
export const RECENT_LOG_MAX = 20_000;
/**
 * What the streams' remembered events may weigh together (estimated: see `estimateEventBytes`). Counts alone do not
 * bound memory: a card game's deal carries whole decks, and 50,000 streams of 16 such events would be gigabytes.
 * Beyond it, the streams used longest ago are forgotten (their readers ask the database again). The streams in play
 * weigh far less: a duel's tail of 16 moves is about 16 KB, so 500 rooms' matches take 8 MB.
 */
export const RECENT_STREAMS_BYTES_MAX = 24 * 1024 * 1024;
/**
 * What the log of recent events may weigh (estimated): about 10,000 moves' events. Beyond it its oldest events are
 * dropped: a subscriber that far behind reads the database. Subscribers that keep up are a few hundred behind at most.
 */
export const RECENT_LOG_BYTES_MAX = 8 * 1024 * 1024;
/**
 * The log is cut back to its maximum only once it has grown this much past it: copying 20,000 events costs about
 * 1.7 ms, which done on every append was a quarter of the embedded platform's CPU under load. By weight it never
 * grows past its maximum: it is cut to this much below it.
 */
const LOG_TRIM_SLACK = 0.25;
/**
 * What an event costs besides its data and metadata (the object, its positions, date and ids); also what a stream's
 * entry costs besides its events. A rough figure, but measured: a move's event is estimated at about 800 bytes in
 * the log and 1,000 in its stream's tail, and the heap holds about 1,750 for it (one object in both), so the two
 * bounds together are about what the cache can take of the heap.
 */
const ENTRY_OVERHEAD_BYTES = 200;

/** Bounds on what the cache keeps (the constants above, unless a test wants smaller ones). */
export interface RecentLimits {
  readonly logEvents: number;
  readonly logBytes: number;
  readonly streamsBytes: number;
}

export const RECENT_LIMITS: RecentLimits = {
  logEvents: RECENT_LOG_MAX,
  logBytes: RECENT_LOG_BYTES_MAX,
  streamsBytes: RECENT_STREAMS_BYTES_MAX,
};

/**
 * An event's weight in the cache, from its JSON length: computed once, when it comes in. (The heap holds the parsed
 * objects, a small multiple of their JSON; what matters is that the estimate grows with what an event carries.)
 */
export function estimateEventBytes(event: StoredEvent): number {
  return encodedWeights.get(event) ?? weightOf(event, JSON.stringify(event.data).length, JSON.stringify(event.metadata).length);
}

const weightOf = (event: StoredEvent, dataLength: number, metadataLength: number) =>
  ENTRY_OVERHEAD_BYTES + event.streamId.length + event.eventId.length + event.type.length + dataLength + metadataLength;

/** Weights of events whose JSON an append had at hand already (the only writer's batch): not encoded again. */
const encodedWeights = new WeakMap<StoredEvent, number>();

/** An event just stored, with the JSON text of its data and metadata as they were sent to the database. */
export function noteEncodedEvent(event: StoredEvent, dataJson: string, metadataJson: string): void {
  encodedWeights.set(event, weightOf(event, dataJson.length, metadataJson.length));
}

interface StreamTail {
  /** The stream's version (0: the stream does not exist). */
  readonly version: number;
  /** Its last events, ending at `version`, in order (at most RECENT_EVENTS_PER_STREAM). */
  readonly events: readonly StoredEvent[];
  /** Each event's estimated weight, in the same order. */
  readonly sizes: readonly number[];
  /** The entry's weight: its events' and its own. */
  readonly bytes: number;
}

const sum = (sizes: readonly number[]) => sizes.reduce((total, size) => total + size, 0);

/** A stream's tail: the last events of `events` (with their `sizes`) that fit the limits, ending at `version`. */
function tailOf(streamId: string, version: number, events: readonly StoredEvent[], sizes: readonly number[], maxBytes: number): StreamTail {
  let first = Math.max(0, events.length - RECENT_EVENTS_PER_STREAM);
  const own = ENTRY_OVERHEAD_BYTES + streamId.length;
  let bytes = own + sum(sizes.slice(first));
  // A stream whose last events alone outweigh every stream's budget keeps fewer: older reads go to the database.
  while (first < events.length && bytes > maxBytes) bytes -= sizes[first++]!;
  return { version, events: events.slice(first), sizes: sizes.slice(first), bytes };
}

/**
 * What a store object that is the database's only writer (the embedded mode's PGlite: one process, one
 * connection) knows without asking the database: every stream's version and last events, and the latest events in
 * commit order. Built from its own appends (in commit order, since the one connection runs them one at a time) and
 * from what it read, so it answers exactly what the database would; `undefined` means "not known: ask the database".
 * Only a cache: appends still go to the database, which checks every expected version. Bounded by count and by the
 * estimated weight of the events it holds (RecentLimits).
 */
export function createRecentEvents(start: Position, limits: Partial<RecentLimits> = {}) {
  const { logEvents, logBytes: logBytesMax, streamsBytes: streamsBytesMax } = { ...RECENT_LIMITS, ...limits };
  /** In the order they were last used, the one used longest ago first (`remember` puts a stream last). */
  const streams = new Map<string, StreamTail>();
  /**
   * The streams that hold more than their last event, in the same order: the first ones cut to their last when
   * room is needed. Kept apart so that making room never walks the streams already cut (with a full cache, most of
   * them: a walk past them at every append was a sixth of what the embedded platform's main thread allocated).
   */
  const several = new Set<string>();
  let streamsBytes = 0;
  /** Every event committed after `logStart`, in commit order, and each one's estimated weight. */
  let log: StoredEvent[] = [];
  let logSizes: number[] = [];
  let logBytes = 0;
  let logStart: Position = start;
  /** Whether the log is still complete (a commit out of order would mean another writer: stop trusting it). */
  let logValid = true;

  const forget = (streamId: string) => {
    const known = streams.get(streamId);
    if (!known) return;
    streams.delete(streamId);
    several.delete(streamId);
    streamsBytes -= known.bytes;
  };

  const fits = (bytes: number) => streams.size < RECENT_STREAMS_MAX && streamsBytes + bytes <= streamsBytesMax;

  /**
   * Makes room for `bytes` more: the streams used longest ago first keep only their last event (still enough for
   * their version, a backward read of the last event and a reader that is up to date), then are forgotten.
   */
  const makeRoom = (bytes: number) => {
    for (const oldest of several) {
      if (fits(bytes) || streams.size >= RECENT_STREAMS_MAX) break;
      const known = streams.get(oldest)!;
      const last = known.events.length - 1;
      const kept = tailOf(oldest, known.version, known.events.slice(last), known.sizes.slice(last), streamsBytesMax);
      streams.set(oldest, kept); // a key set again keeps its place in the order
      several.delete(oldest);
      streamsBytes += kept.bytes - known.bytes;
    }
    for (const oldest of streams.keys()) {
      if (fits(bytes)) return;
      forget(oldest);
    }
  };

  const remember = (streamId: string, tail: StreamTail) => {
    forget(streamId);
    makeRoom(tail.bytes);
    streams.set(streamId, tail);
    if (tail.events.length > 1) several.add(streamId);
    streamsBytes += tail.bytes;
  };

  const logEnd = (): Position => {
    const last = log.at(-1);
    return last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : logStart;
  };

  /** Drops the log's oldest events once it holds too many or weighs too much (see LOG_TRIM_SLACK). */
  const trimLog = () => {
    const tooMany = log.length > logEvents + Math.ceil(logEvents * LOG_TRIM_SLACK);
    if (!tooMany && logBytes <= logBytesMax) return;
    let dropped = Math.max(0, log.length - logEvents);
    let bytes = logBytes - sum(logSizes.slice(0, dropped));
    while (dropped < log.length && bytes > logBytesMax * (1 - LOG_TRIM_SLACK)) bytes -= logSizes[dropped++]!;
    const lastDropped = log[dropped - 1]!;
    logStart = { transactionId: lastDropped.transactionId, globalPosition: lastDropped.globalPosition };
    log = log.slice(dropped);
    logSizes = logSizes.slice(dropped);
    logBytes = bytes;
  };

  const appendToLog = (events: readonly StoredEvent[], sizes: readonly number[]) => {
    if (!logValid) return;
    for (const [i, event] of events.entries()) {
      if (comparePositions(event, log.at(-1) ?? logStart) <= 0) {
        logValid = false;
        log = [];
        logSizes = [];
        logBytes = 0;
        return;
      }
      log.push(event);
      logSizes.push(sizes[i]!);
      logBytes += sizes[i]!;
    }
    trimLog();
  };

  return {
    /** After an append committed: its events (in order) and each stream's version after it. */
    appended(events: readonly StoredEvent[], versions: Readonly<Record<string, number>>) {
      const sizes = events.map(estimateEventBytes);
      const byStream = new Map<string, { events: StoredEvent[]; sizes: number[] }>();
      for (const [i, event] of events.entries()) {
        const own = byStream.get(event.streamId) ?? { events: [], sizes: [] };
        byStream.set(event.streamId, own);
        own.events.push(event);
        own.sizes.push(sizes[i]!);
      }
      for (const [streamId, version] of Object.entries(versions)) {
        // An append's events of one stream are contiguous and end at its new version; joined to what was known
        // when that ended just before them.
        const mine = byStream.get(streamId) ?? { events: [], sizes: [] };
        const first = mine.events[0]?.streamPosition ?? version + 1;
        const known = streams.get(streamId);
        const before = known && known.version === first - 1 ? known : { events: [], sizes: [] };
        const joined = [...before.events, ...mine.events];
        remember(streamId, tailOf(streamId, version, joined, [...before.sizes, ...mine.sizes], streamsBytesMax));
      }
      appendToLog(events, sizes);
    },

    /** After a forward read to the end of a stream (no limit): what it found after `after`. */
    readToEnd(streamId: string, after: number, events: readonly StoredEvent[]) {
      const last = events.at(-1);
      if (!last) {
        if (after === 0) remember(streamId, tailOf(streamId, 0, [], [], streamsBytesMax));
        return;
      }
      const kept = events.slice(-RECENT_EVENTS_PER_STREAM);
      const sizes = kept.map(estimateEventBytes);
      const known = streams.get(streamId);
      const before = known && known.version === after ? known : { events: [], sizes: [] };
      remember(streamId, tailOf(streamId, last.streamPosition, [...before.events, ...kept], [...before.sizes, ...sizes], streamsBytesMax));
    },

    /** An append was refused for a version this cache may have had wrong: forget the stream. */
    forget,

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

    /** What it holds, and its estimated weight: for tests and an operator's look at memory. */
    held: () => ({ streams: streams.size, streamsBytes, logEvents: log.length, logBytes }),
  };
}

export type RecentEvents = ReturnType<typeof createRecentEvents>;
