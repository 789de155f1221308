import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import { traceLatency } from '../process/latency-trace.ts';
import { classifyKnownIds, validateAppend } from './append-checks.ts';
import { createGroupCommit, type GroupAnswer } from './group-commit.ts';
import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type Position,
  type StoredEvent,
  type StreamAppend,
  type SubscriptionHandlerContext,
} from './port.ts';
import { createRecentEvents, type RecentEvents, type RecentLimits } from './recent-events.ts';
import { migrateEventStore } from './schema.ts';
import {
  isStoredIdViolation,
  knownEventIds,
  peekAfterCheckpoint,
  readAllAfterCheckpoint,
  readAllRows,
  readCheckpoint,
  readHead,
  readStreamRows,
  readStreamVersion,
  saveCheckpoint,
} from './sql-rows.ts';
import { appendWithFunction } from './sql-append.ts';
import { createOnlyWriterAppender, type OnlyWriterAppender } from './sql-append-batch.ts';
import { startSubscription, subscriptionRegistry, type SubscriptionSource } from './subscription.ts';

/** Wakes subscribers when another process appends (e.g. LISTEN/NOTIFY); without one they poll. */
export interface AppendSignal {
  /** Called after every local commit, so other processes can be told. */
  notify(): void;
  onAppend(listener: () => void): () => void;
  close(): Promise<void>;
}

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
 * A subscriber whose handler accepts none of a batch's events moves on in memory; its stored checkpoint follows at
 * most this much later (a restart re-reads those events, which the handler ignores again).
 */
export const SKIPPED_CHECKPOINT_SAVE_MS = 1_000;

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
  const listeners = new Set<() => void>();
  const subscriptions = subscriptionRegistry();
  const signal = options.signal;
  const unlistenSignal = signal?.onAppend(() => listeners.forEach((listener) => listener()));
  const recent: RecentEvents | null = options.exclusiveWriter ? createRecentEvents(await readHead(db), options.recentLimits) : null;
  const skipped = recent ? skippedCheckpoints(db) : null;

  /** What follows a commit, in commit order: the recent log learns the events, followers are woken once. */
  const committed = (results: readonly AppendResult[]) => {
    let any = false;
    for (const result of results) {
      if (result.outcome !== 'appended') continue;
      recent?.appended(result.events, result.versions);
      any = true;
    }
    if (!any) return;
    listeners.forEach((listener) => listener());
    signal?.notify();
  };
  // Only the only writer groups its appends: its one connection would run them one after another anyway. Where
  // several processes append (PostgreSQL), each append stays its own transaction, its streams locked in one global
  // order, and the server groups the commits' log flushes itself.
  // Where the database runs one thing at a time, commands wait for their streams and appends, read-your-writes for
  // the subscribers' batches: both go before the other statements still waiting (SQL_LANES).
  const streams = db.inLane?.('streams') ?? db;
  const batches = db.inLane?.('subscribers') ?? db;
  const appender = recent ? createOnlyWriterAppender(streams) : null;
  const groupCommit = appender
    ? createGroupCommit((batch: readonly (readonly StreamAppend[])[]) => commitBatch(db, appender, batch, committed))
    : null;

  const store: EventStore = {
    async append(requests) {
      const ids = validateAppend(requests);
      const traceId = requests.flatMap((r) => r.events).find((e) => typeof e.metadata?.commandId === 'string')?.metadata?.commandId;
      traceLatency('store.begin', traceId);
      let result: AppendResult;
      try {
        if (groupCommit) result = await groupCommit(requests);
        else committed([(result = await appendWithFunction(db, requests))]);
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
    async streamVersion(streamId) {
      const known = recent?.version(streamId);
      return known !== undefined ? known : readStreamVersion(streams, streamId);
    },
    readAll: async (after, limit) => recent?.allAfter(after, limit) ?? readAllRows(db, after, limit),
    head: async () => recent?.head() ?? readHead(db),
    async loadCheckpoint(subscriber) {
      const stored = await readCheckpoint(db, subscriber);
      const inMemory = skipped?.position(subscriber);
      return inMemory && (!stored || comparePositions(inMemory, stored) > 0) ? inMemory : stored;
    },
    onAppend(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    subscribe(subscribeOptions) {
      const onAppend = (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      };
      const source: SubscriptionSource =
        recent && skipped
          ? fromMemorySource(batches, recent, skipped, subscribeOptions.accepts, store.loadCheckpoint, onAppend)
          : {
              loadCheckpoint: store.loadCheckpoint,
              processBatch: (subscriber, batchSize, handle) =>
                batches.transaction((tx) => processBatchFromDatabase(tx, subscriber, batchSize, handle)),
              onAppend,
              peek: (subscriber) => peekAfterCheckpoint(db, subscriber),
            };
      return subscriptions.track(startSubscription(source, subscribeOptions));
    },

    async close() {
      await subscriptions.stopAll();
      await skipped?.flush();
      unlistenSignal?.();
      listeners.clear();
    },
  };
  return store;
}

/** A limited or backward stream read answered from the recent events, or undefined when they do not hold it all. */
function limitedFromMemory(recent: RecentEvents, streamId: string, after: number, limit: number | undefined, backward: boolean) {
  const version = recent.version(streamId);
  if (version === undefined) return undefined;
  if (!backward) return recent.streamAfter(streamId, after)?.slice(0, limit);
  const from = limit === undefined ? after : Math.max(after, (version ?? 0) - limit);
  return recent.streamAfter(streamId, from)?.slice().reverse();
}

type BatchHandler = (events: readonly StoredEvent[], context: SubscriptionHandlerContext) => Promise<void>;
/** The advisory lock (`hashtext` of this key) that lets one instance at a time take a subscriber's next batch. */
export const subscriberLockKey = (subscriber: string) => `qal-subscriber:${subscriber}`;
const positionOf = (event: StoredEvent): Position => ({ transactionId: event.transactionId, globalPosition: event.globalPosition });

/** The next batch after the stored checkpoint, handled and checkpointed in `tx`: null when another instance holds the lock or nothing is new. */
async function processBatchFromDatabase(
  tx: SqlExecutor,
  subscriber: string,
  batchSize: number,
  handle: BatchHandler,
): Promise<Position | null> {
  // One instance per subscriber at a time: the others find the lock taken and wait for their next turn.
  const { rows } = await tx.query<{ acquired: boolean }>(`select pg_try_advisory_xact_lock(hashtext($1)) as acquired`, [
    subscriberLockKey(subscriber),
  ]);
  if (!rows[0]?.acquired) return null;
  // Read before writing anything: this transaction must not hold an id while it takes its snapshot.
  // (After the lock, in a statement of its own: a statement's snapshot is taken when it starts.)
  const batch = await readAllAfterCheckpoint(tx, subscriber, batchSize);
  const last = batch.at(-1);
  if (!last) return null;
  await handle(batch, { tx });
  const position = positionOf(last);
  await saveCheckpoint(tx, subscriber, position);
  return position;
}

/**
 * Where subscribers that skipped batches (no event their handler accepts) are, ahead of their stored checkpoints,
 * and when each was last saved; `flush` saves the ones behind.
 */
function skippedCheckpoints(db: SqlExecutor) {
  const ahead = new Map<string, { position: Position; savedAt: number; saved: boolean }>();
  return {
    position: (subscriber: string) => ahead.get(subscriber)?.position,
    /** A batch was handled and its checkpoint saved with it. */
    handled(subscriber: string, position: Position) {
      ahead.set(subscriber, { position, savedAt: Date.now(), saved: true });
    },
    /** A batch was skipped: saves the checkpoint when the last save is old enough. */
    async skippedTo(subscriber: string, position: Position) {
      const savedAt = ahead.get(subscriber)?.savedAt ?? 0;
      const due = Date.now() - savedAt >= SKIPPED_CHECKPOINT_SAVE_MS;
      ahead.set(subscriber, { position, savedAt: due ? Date.now() : savedAt, saved: due });
      if (due) await saveCheckpoint(db, subscriber, position);
    },
    async flush() {
      for (const [subscriber, entry] of ahead) if (!entry.saved) await saveCheckpoint(db, subscriber, entry.position);
      ahead.clear();
    },
  };
}

/**
 * Subscriptions of a store that is the only writer: a subscriber that keeps up reads its batches from the recent
 * log in memory; a batch of nothing its handler accepts moves it on without a transaction; any other batch runs in
 * one transaction with the lock and the checkpoint, as from the database. A subscriber behind the log, or one whose
 * stored checkpoint another instance moved on, reads from the database.
 */
function fromMemorySource(
  db: SqlDatabase,
  recent: RecentEvents,
  skipped: ReturnType<typeof skippedCheckpoints>,
  accepts: ((event: StoredEvent) => boolean) | undefined,
  loadCheckpoint: (subscriber: string) => Promise<Position | null>,
  onAppend: (listener: () => void) => () => void,
): SubscriptionSource {
  const at = new Map<string, Position>();
  return {
    async loadCheckpoint(subscriber) {
      const position = await loadCheckpoint(subscriber);
      at.set(subscriber, position ?? { transactionId: 0n, globalPosition: 0n });
      return position;
    },
    async peek(subscriber) {
      const known = at.get(subscriber);
      const next = known ? recent.allAfter(known, 1) : undefined;
      return { checkpoint: null, more: next === undefined || next.length > 0 };
    },
    async processBatch(subscriber, batchSize, handle) {
      const known = at.get(subscriber);
      const batch = known ? recent.allAfter(known, batchSize) : undefined;
      const moved = (position: Position | null) => {
        if (position) at.set(subscriber, position);
        return position;
      };
      if (!batch || !known) {
        const position = await db.transaction((tx) => processBatchFromDatabase(tx, subscriber, batchSize, handle));
        if (position) skipped.handled(subscriber, position);
        return moved(position);
      }
      const last = batch.at(-1);
      if (!last) return null;
      if (accepts && !batch.some(accepts)) {
        await skipped.skippedTo(subscriber, positionOf(last));
        return moved(positionOf(last));
      }
      const position = await db.transaction(async (tx) => {
        // One statement: the lock and the stored checkpoint (the one connection runs nothing in between).
        const { rows } = await tx.query<{ acquired: boolean; transaction_id: string | null; global_position: string | null }>(
          `select pg_try_advisory_xact_lock(hashtext($1)) as acquired, c.transaction_id::text as transaction_id,
                  c.global_position::text as global_position
             from (select 1) as one left join eventstore.checkpoints c on c.subscriber = $2`,
          [subscriberLockKey(subscriber), subscriber],
        );
        const row = rows[0];
        if (!row?.acquired) return null;
        const stored =
          row.transaction_id && row.global_position
            ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) }
            : null;
        // Behind what this store handled: the batches it skipped. Ahead: another instance got there first.
        if (stored && comparePositions(stored, known) > 0) return processBatchFromDatabase(tx, subscriber, batchSize, handle);
        await handle(batch, { tx });
        await saveCheckpoint(tx, subscriber, positionOf(last));
        return positionOf(last);
      });
      if (position) skipped.handled(subscriber, position);
      return moved(position);
    },
    onAppend,
  };
}

/**
 * One group commit of the only writer (sql-append-batch.ts). Should it fail as a whole (nothing of it stored), each
 * append is tried alone through the append function, so each caller gets its own outcome (the appender has
 * forgotten those streams' heads, and reads them again when next needed).
 */
async function commitBatch(
  db: SqlDatabase,
  appender: OnlyWriterAppender,
  batch: readonly (readonly StreamAppend[])[],
  committed: (results: readonly AppendResult[]) => void,
): Promise<GroupAnswer<AppendResult>[]> {
  let answers: GroupAnswer<AppendResult>[];
  try {
    // Even a lone append: the function's per-event PL/pgSQL costs the database more than the batch's one statement.
    answers = await appender.append(batch);
  } catch {
    answers = [];
    for (const requests of batch) answers.push(await alone(db, requests));
  }
  committed(answers.flatMap((answer) => (answer.ok ? [answer.value] : [])));
  return answers;
}

async function alone(db: SqlDatabase, requests: readonly StreamAppend[]): Promise<GroupAnswer<AppendResult>> {
  try {
    return { ok: true, value: await appendWithFunction(db, requests) };
  } catch (error) {
    return { ok: false, error };
  }
}
