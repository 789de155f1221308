import type { JsonObject } from '../json.ts';
import type { SqlExecutor } from '../sql/port.ts';

/**
 * A position in `$all`: events are read in (transactionId, globalPosition) order, which is commit order, so
 * a reader never skips an event whose transaction committed after a later-numbered one.
 */
export interface Position {
  readonly transactionId: bigint;
  readonly globalPosition: bigint;
}

export const START: Position = { transactionId: 0n, globalPosition: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

/** `no_stream`: the stream must not exist; a number: the stream's current version (its last stream position). */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface EventToAppend {
  /**
   * Idempotency key: appending an event id that is already stored changes nothing. Must be a UUID (the SQL
   * stores keep it in a `uuid` column; every store refuses anything else and stores it in lower case). Derive it
   * with `uuidFrom(...)` when a retry must produce the same id, else `newUuid()`.
   */
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion?: number;
  readonly data: JsonObject;
  readonly metadata?: JsonObject;
}

export interface StreamAppend {
  readonly streamId: string;
  readonly streamType: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly EventToAppend[];
}

export interface StoredEvent extends Position {
  readonly streamId: string;
  /** 1-based position of the event in its stream; a stream's version is its last event's position. */
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: JsonObject;
  /** Includes `prevHash` and `hash`: every stream is a hash chain the auditor can verify. */
  readonly metadata: JsonObject;
  readonly recordedAt: Date;
}

export type AppendResult =
  | { readonly outcome: 'appended'; readonly versions: Readonly<Record<string, number>>; readonly events: readonly StoredEvent[] }
  /** Every event id of the request was already stored: a retry of an append that succeeded. Nothing changed. */
  | { readonly outcome: 'duplicate' };

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`stream ${streamId}: expected version ${String(expected)}, actual ${actual ?? 'no stream'}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** Some, but not all, of the event ids of one append were stored already: a caller bug, never a retry. */
export class PartialDuplicateError extends Error {
  constructor(readonly eventIds: readonly string[]) {
    super(`append mixes new events with already stored ones: ${eventIds.join(', ')}`);
    this.name = 'PartialDuplicateError';
  }
}

export interface ReadStreamOptions {
  /** Only events with streamPosition > after. */
  readonly after?: number;
  readonly limit?: number;
  readonly direction?: 'forward' | 'backward';
}

export interface SubscriptionHandlerContext {
  /**
   * The transaction the checkpoint is saved in (SQL stores only): a projection writes its read model through
   * it, so its effect and its checkpoint commit together and a crash never applies an event twice.
   */
  readonly tx: SqlExecutor | null;
  /**
   * Set where this subscription is its subscriber's only instance over the database (a store that is the database's
   * only writer, whose subscriptions of one subscriber take turns): what the handler wrote in batches that committed
   * is still as it wrote it, so it may remember that instead of reading it back. A batch that failed comes again.
   */
  readonly onlyInstance?: true;
}

/** The types of the events appended since a wake-up before, or null when they are not known (anything may have been). */
export type AppendedTypes = ReadonlySet<string> | null;

export interface SubscribeOptions {
  /** Unique name; its checkpoint is stored under it and a restarted subscriber resumes from there. */
  readonly subscriber: string;
  readonly handle: (events: readonly StoredEvent[], context: SubscriptionHandlerContext) => Promise<void>;
  readonly batchSize?: number;
  /** How often to look for new events when not woken by a local append. */
  readonly pollIntervalMs?: number;
  /** Called when a batch fails; the batch is retried after a backoff. */
  readonly onError?: (error: unknown) => void;
  /**
   * The events the handler does anything with (a pure function of the event). A store may skip calling the handler
   * for a batch with none of them and save that checkpoint later; it still hands such events to the handler inside
   * batches that have others, so the handler must keep ignoring them itself.
   */
  readonly accepts?: (event: StoredEvent) => boolean;
  /**
   * The event types whose appends in other processes wake this subscriber at once (default: every type). Appends of
   * other types are found by the next poll (`pollIntervalMs`), so a type left out costs latency, never an event; a
   * subscriber that handles few of the log's events is then not woken, and does not read, for every one of the rest.
   * Appends of this process wake every subscriber.
   */
  readonly wakesFor?: (eventType: string) => boolean;
  /**
   * After a batch, wait this long before reading the next: under a steady stream of appends one transaction then
   * takes what came meanwhile instead of one per append. A `waitFor` (someone reading their own writes) ends the
   * wait at once, so it costs latency only to readers who do not wait.
   */
  readonly coalesceMs?: number;
  /**
   * Where several processes run this subscriber, one at a time takes its batches and the others stand by while it
   * works. A preferred instance never stands by: it takes the batches whenever it can, and the others then stand by.
   * For the instance that learns of most appends first (the relay in the process that appends most), so that the
   * work stays there however the instances started.
   */
  readonly preferred?: boolean;
}

export interface Subscription {
  /** Resolves once the subscriber has processed every event up to and including `position`. */
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  position(): Position;
  stop(): Promise<void>;
}

export interface EventStore {
  /**
   * Appends to one or more streams atomically: all or nothing. Each stream may appear once per call; a stream
   * with no events is only checked against its expected version (and is not created).
   */
  append(streams: readonly StreamAppend[]): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * SQL stores: a stream read through `sql`, a transaction of the store's database that the caller holds (a
   * subscription's batch). On the embedded PGlite a read of the store's own would wait for the one connection that
   * transaction holds. A store without it (memory) reads with `readStream`.
   */
  readStreamIn?(sql: SqlExecutor, streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** The stream's version, or null if it does not exist. */
  streamVersion(streamId: string): Promise<number | null>;
  /**
   * Events after `after` in commit order; never returns an event while an earlier-committing one is in flight.
   * So on SQL stores a committed append shows here (and in subscriptions) only once every transaction that
   * began before it has ended (on PostgreSQL: in any database of the server). readStream reads its own writes.
   */
  readAll(after: Position, limit: number): Promise<StoredEvent[]>;
  /** The position of the last committed event visible to readers. */
  head(): Promise<Position>;
  loadCheckpoint(subscriber: string): Promise<Position | null>;
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * Calls `listener` after each append this store object commits, and (SQL stores with an append signal) after
   * appends of other processes; returns the unregister function. A hint to look now (e.g. with readAll), never a
   * delivery: the append may not be readable yet. Optional, so other adapters may leave it out.
   */
  onAppend?(listener: () => void): () => void;
  close(): Promise<void>;
}
