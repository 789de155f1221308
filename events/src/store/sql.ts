import type { SqlDatabase } from '../sql/port.ts';
import { traceLatency } from '../process/latency-trace.ts';
import { classifyKnownIds, validateAppend } from './append-checks.ts';
import { createGroupCommit, type GroupAnswer } from './group-commit.ts';
import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendedTypes,
  type AppendResult,
  type EventStore,
  type StreamAppend,
} from './port.ts';
import { createRecentEvents, type RecentEvents, type RecentLimits } from './recent-events.ts';
import { migrateEventStore } from './schema.ts';
import {
  isStoredIdViolation,
  knownEventIds,
  readAllRows,
  readCheckpoint,
  readHead,
  readStreamRows,
  readStreamVersion,
} from './sql-rows.ts';
import { appendWithFunction } from './sql-append.ts';
import { createOnlyWriterAppender } from './sql-append-batch.ts';
import { SHARED_BATCHES_IN_FLIGHT, sharedBatchCommit } from './sql-append-group.ts';
import { startSubscription, subscriptionRegistry } from './subscription.ts';
import { fromDatabaseSource, fromMemorySource, storeSubscribers } from './sql-batches.ts';

export { subscriberLockKey } from './sql-batches.ts';

/** Wakes subscribers when another process appends (e.g. LISTEN/NOTIFY); without one they poll. */
export interface AppendSignal {
  /** Called after every local commit with the types of the events it stored, so other processes can be told. */
  notify(types: Iterable<string>): void;
  /** `listener` gets the types of the events appended since its last call, or null when they are not known. */
  onAppend(listener: (types: AppendedTypes) => void): () => void;
  close(): Promise<void>;
}

/**
 * The only writer's batches in the database at once: while one runs, the next is planned and sent, so the database
 * need not wait for this thread to take in an answer before it has the next batch (the appender keeps them in order).
 */
export const ONLY_WRITER_BATCHES_IN_FLIGHT = 2;

export interface SqlEventStoreOptions {
  /** Skip the migration when the caller has run `migrateEventStore` already. */
  readonly migrate?: boolean;
  readonly signal?: AppendSignal;
  /**
   * This store object is the only writer of the database's events, for as long as it is open (the embedded mode
   * on PGlite: one process, one connection, one store). Then it remembers what it appended and read, and answers
   * stream reads, `$all` reads of live followers and subscriptions that keep up from memory: the same answers as
   * the database, without asking it. Never set it where another process or store object appends.
   */
  readonly exclusiveWriter?: boolean;
  /** Smaller bounds on what an only writer keeps in memory (a test); RECENT_LIMITS otherwise. */
  readonly recentLimits?: Partial<RecentLimits>;
}

/**
 * The event store over the SQL port: the same code runs on PGlite (embedded) and PostgreSQL (distributed).
 * Embedded: `await createSqlEventStore(await openPgliteDatabase(dir))`. Distributed:
 * `await createSqlEventStore(openPostgresDatabase({ connectionString }), { signal: await listenForAppends(connectionString) })`.
 * Subscription handlers get the batch's transaction as `tx`; they must write through it, never through `db`
 * (PGlite has one connection, so a second query outside the transaction would wait for it forever).
 * Closing the store stops its subscriptions but leaves `db` open: its owner closes it.
 */
export async function createSqlEventStore(db: SqlDatabase, options: SqlEventStoreOptions = {}): Promise<EventStore> {
  if (options.migrate !== false) await migrateEventStore(db);
  // Local appends wake with `null` (every subscriber, at once); other processes' carry their event types.
  const listeners = new Set<(types: AppendedTypes) => void>();
  const subscriptions = subscriptionRegistry();
  const signal = options.signal;
  const unlistenSignal = signal?.onAppend((types) => listeners.forEach((listener) => listener(types)));
  const recent: RecentEvents | null = options.exclusiveWriter ? createRecentEvents(await readHead(db), options.recentLimits) : null;
  const subscribers = storeSubscribers(db);
  const { skipped } = subscribers;

  /** What follows a commit, in commit order: the recent log learns the events, followers are woken once. */
  const committed = (results: readonly AppendResult[]) => {
    let any = false;
    for (const result of results) {
      if (result.outcome !== 'appended') continue;
      recent?.appended(result.events, result.versions);
      any = true;
    }
    if (!any) return;
    listeners.forEach((listener) => listener(null));
    signal?.notify(typesOf(results));
  };
  // Appends that arrive while others are in the database go together (group commit). The only writer plans a
  // batch itself, knowing every stream's head; where several processes append (PostgreSQL), a batch goes through the
  // append function, which locks its streams in one global order, and each process groups its own appends.
  // Where the database runs one thing at a time, commands wait for their streams and appends, read-your-writes for
  // the subscribers' batches: both go before the other statements still waiting (SQL_LANES).
  const streams = db.inLane?.('streams') ?? db;
  const batches = db.inLane?.('subscribers') ?? db;
  const appender = recent ? createOnlyWriterAppender(streams, (requests) => appendWithFunction(streams, requests)) : null;
  const storeBatch = appender ? appender.append : sharedBatchCommit(db);
  const groupCommit = createGroupCommit((batch: readonly (readonly StreamAppend[])[]) => commitBatch(storeBatch(batch), committed), {
    maxInFlight: appender ? ONLY_WRITER_BATCHES_IN_FLIGHT : SHARED_BATCHES_IN_FLIGHT,
  });

  const store: EventStore = {
    async append(requests) {
      const ids = validateAppend(requests);
      const traceId = requests.flatMap((r) => r.events).find((e) => typeof e.metadata?.commandId === 'string')?.metadata?.commandId;
      traceLatency('store.begin', traceId);
      let result: AppendResult;
      try {
        result = await groupCommit(requests);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) recent?.forget(error.streamId);
        // Two identical appends to different streams can both pass the id check and race on the unique index.
        if (!isStoredIdViolation(error)) throw error;
        const known = await knownEventIds(db, ids);
        if (classifyKnownIds(ids, known) === 'duplicate') return { outcome: 'duplicate' };
        throw error;
      }
      traceLatency('store.committed', traceId);
      return result;
    },
    async readStream(streamId, readOptions = {}) {
      if (!recent) return readStreamRows(db, streamId, readOptions);
      const after = readOptions.after ?? 0;
      const { limit, direction } = readOptions;
      if (direction === 'backward' || limit !== undefined) {
        // The last events (a wallet's balance) or the first ones, from memory when it holds them all.
        const known = limitedFromMemory(recent, streamId, after, limit, direction === 'backward');
        return known ?? readStreamRows(streams, streamId, readOptions);
      }
      const known = recent.streamAfter(streamId, after);
      if (known) return known;
      const rows = await readStreamRows(streams, streamId, readOptions);
      recent.readToEnd(streamId, after, rows);
      return rows;
    },
    readStreamIn: (sql, streamId, readOptions = {}) => readStreamRows(sql, streamId, readOptions),
    async streamVersion(streamId) {
      const known = recent?.version(streamId);
      return known !== undefined ? known : readStreamVersion(streams, streamId);
    },
    readAll: async (after, limit) => recent?.allAfter(after, limit) ?? readAllRows(db, after, limit),
    head: async () => recent?.head() ?? readHead(db),
    async loadCheckpoint(subscriber) {
      const stored = await readCheckpoint(db, subscriber);
      const inMemory = skipped.position(subscriber);
      return inMemory && (!stored || comparePositions(inMemory, stored) > 0) ? inMemory : stored;
    },
    onAppend(listener) {
      const any = () => listener();
      listeners.add(any);
      return () => listeners.delete(any);
    },

    subscribe(subscribeOptions) {
      const onAppend = (listener: (types: AppendedTypes) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      };
      const source = recent
        ? fromMemorySource(batches, subscribers, recent, subscribeOptions.accepts, store.loadCheckpoint, onAppend)
        : fromDatabaseSource(batches, subscribers, subscribeOptions, store.loadCheckpoint, onAppend);
      return subscriptions.track(startSubscription(source, subscribeOptions));
    },

    async close() {
      await subscriptions.stopAll();
      await skipped.flush();
      unlistenSignal?.();
      listeners.clear();
    },
  };
  return store;
}

/** The event types an append stored. */
function typesOf(results: readonly AppendResult[]): Set<string> {
  const types = new Set<string>();
  for (const result of results) if (result.outcome === 'appended') for (const event of result.events) types.add(event.type);
  return types;
}

/** A limited or backward stream read answered from the recent events, or undefined when they do not hold it all. */
function limitedFromMemory(recent: RecentEvents, streamId: string, after: number, limit: number | undefined, backward: boolean) {
  const version = recent.version(streamId);
  if (version === undefined) return undefined;
  if (!backward) return recent.streamAfter(streamId, after)?.slice(0, limit);
  const from = limit === undefined ? after : Math.max(after, (version ?? 0) - limit);
  return recent.streamAfter(streamId, from)?.slice().reverse();
}

/**
 * One group commit's answers, once what it stored is known to the store: the only writer's (sql-append-batch.ts) come
 * in the order the database stored its batches (its one connection runs them in the order sent), so the recent log
 * learns them in commit order.
 */
async function commitBatch(
  stored: Promise<GroupAnswer<AppendResult>[]>,
  committed: (results: readonly AppendResult[]) => void,
): Promise<GroupAnswer<AppendResult>[]> {
  const answers = await stored;
  committed(answers.flatMap((answer) => (answer.ok ? [answer.value] : [])));
  return answers;
}
