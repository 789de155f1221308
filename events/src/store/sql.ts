import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import { traceLatency } from '../process/latency-trace.ts';
import { classifyKnownIds, validateAppend } from './append-checks.ts';
import { chainHashParts } from './hash.ts';
import { PartialDuplicateError, WrongExpectedVersionError, type AppendResult, type EventStore, type StoredEvent, type StreamAppend } from './port.ts';
import { migrateEventStore } from './schema.ts';
import {
  peekAfterCheckpoint,
  readAllAfterCheckpoint,
  readAllRows,
  readCheckpoint,
  readHead,
  readStreamRows,
  readStreamVersion,
  saveCheckpoint,
} from './sql-rows.ts';
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
  const listeners = new Set<() => void>();
  const subscriptions = subscriptionRegistry();
  const signal = options.signal;
  const unlistenSignal = signal?.onAppend(() => listeners.forEach((listener) => listener()));

  const store: EventStore = {
    async append(requests) {
      const ids = validateAppend(requests);
      const traceId = requests.flatMap((r) => r.events).find((e) => typeof e.metadata?.commandId === 'string')?.metadata?.commandId;
      traceLatency('store.begin', traceId);
      let result: AppendResult;
      try {
        result = await appendWithFunction(db, requests);
      } catch (error) {
        // Two identical appends to different streams can both pass the id check and race on the unique index.
        if (!isUniqueViolation(error, 'events_event_id_key')) throw error;
        const known = await knownEventIds(db, ids);
        if (classifyKnownIds(ids, known) === 'duplicate') return { outcome: 'duplicate' };
        throw error;
      }
      traceLatency('store.committed', traceId);
      if (result.outcome === 'appended') {
        listeners.forEach((listener) => listener());
        signal?.notify();
      }
      return result;
    },
    readStream: (streamId, readOptions = {}) => readStreamRows(db, streamId, readOptions),
    streamVersion: (streamId) => readStreamVersion(db, streamId),
    readAll: (after, limit) => readAllRows(db, after, limit),
    head: () => readHead(db),
    loadCheckpoint: (subscriber) => readCheckpoint(db, subscriber),
    onAppend(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    subscribe(subscribeOptions) {
      const source: SubscriptionSource = {
        loadCheckpoint: store.loadCheckpoint,
        processBatch: (subscriber, batchSize, handle) =>
          db.transaction(async (tx) => {
            // One instance per subscriber at a time: the others find the lock taken and wait for their next turn.
            const { rows } = await tx.query<{ acquired: boolean }>(
              `select pg_try_advisory_xact_lock(hashtext($1)) as acquired`,
              [`qal-subscriber:${subscriber}`],
            );
            if (!rows[0]?.acquired) return null;
            // Read before writing anything: this transaction must not hold an id while it takes its snapshot.
            // (After the lock, in a statement of its own: a statement's snapshot is taken when it starts.)
            const batch = await readAllAfterCheckpoint(tx, subscriber, batchSize);
            const last = batch.at(-1);
            if (!last) return null;
            await handle(batch, { tx });
            const position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
            await saveCheckpoint(tx, subscriber, position);
            return position;
          }),
        onAppend(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        peek: (subscriber) => peekAfterCheckpoint(db, subscriber),
      };
      return subscriptions.track(startSubscription(source, subscribeOptions));
    },

    async close() {
      await subscriptions.stopAll();
      unlistenSignal?.();
      listeners.clear();
    },
  };
  return store;
}

/** What `eventstore.append_events` answers (schema.ts). */
type AppendFunctionResult =
  | { readonly outcome: 'duplicate' }
  | {
      readonly outcome: 'appended';
      /** Each stream's version after the append (streams that still do not exist are left out). */
      readonly versions: Readonly<Record<string, number>>;
      readonly events: readonly {
        readonly globalPosition: string;
        readonly transactionId: string;
        readonly recordedAt: string;
        readonly streamPosition: number;
        readonly prevHash: string;
        readonly hash: string;
      }[];
    };

/** SQLSTATEs the append function raises (schema.ts). */
const WRONG_EXPECTED_VERSION = 'QL409';
const PARTIAL_DUPLICATE = 'QL422';

/**
 * One statement, so one round trip and no BEGIN/COMMIT: the function locks the streams, checks ids and versions,
 * chains the hashes and inserts (see schema.ts). Run on its own it is its own transaction; atomic either way.
 */
async function appendWithFunction(sql: SqlExecutor, requests: readonly StreamAppend[]): Promise<AppendResult> {
  const pending = requests.map((request) => ({
    request,
    events: request.events.map((event) => {
      const eventId = event.eventId.toLowerCase();
      return {
        eventId,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata ?? {}),
        ...chainHashParts({ streamId: request.streamId, eventId, type: event.type, data: event.data }),
      };
    }),
  }));
  const payload = pending.map(({ request, events }) => ({
    streamId: request.streamId,
    streamType: request.streamType,
    expectedVersion: request.expectedVersion,
    events: events.map(({ eventId, type, schemaVersion, data, metadata, prefix, suffix }) => ({
      eventId,
      type,
      schemaVersion,
      data,
      metadata,
      hashPrefix: prefix,
      hashSuffix: suffix,
    })),
  }));
  let result: AppendFunctionResult;
  try {
    const { rows } = await sql.query<{ result: AppendFunctionResult }>(`select eventstore.append_events($1::jsonb) as result`, [JSON.stringify(payload)]);
    result = rows[0]!.result;
  } catch (error) {
    throw translateAppendError(error, requests);
  }
  if (result.outcome === 'duplicate') return result;
  const stored: StoredEvent[] = [];
  let next = 0;
  for (const { request, events } of pending) {
    for (const event of events) {
      const row = result.events[next++];
      if (!row) throw new Error(`event ${event.eventId} was not returned by its append`);
      stored.push({
        streamId: request.streamId,
        streamPosition: Number(row.streamPosition),
        eventId: event.eventId,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: { ...event.metadata, prevHash: row.prevHash, hash: row.hash },
        transactionId: BigInt(row.transactionId),
        globalPosition: BigInt(row.globalPosition),
        recordedAt: new Date(row.recordedAt),
      });
    }
  }
  const versions = Object.fromEntries(Object.entries(result.versions).map(([streamId, version]) => [streamId, Number(version)]));
  return { outcome: 'appended', versions, events: stored };
}

/** The append function's named errors as the port's errors; anything else unchanged. */
function translateAppendError(error: unknown, requests: readonly StreamAppend[]): unknown {
  const e = error as { code?: unknown; detail?: unknown } | null;
  if (e?.code === WRONG_EXPECTED_VERSION && typeof e.detail === 'string') {
    const { streamId, actual } = JSON.parse(e.detail) as { streamId: string; actual: number };
    const expected = requests.find((r) => r.streamId === streamId)?.expectedVersion ?? 'any';
    return new WrongExpectedVersionError(streamId, expected, actual > 0 ? actual : null);
  }
  if (e?.code === PARTIAL_DUPLICATE && typeof e.detail === 'string') return new PartialDuplicateError(e.detail.split(','));
  return error;
}

async function knownEventIds(sql: SqlExecutor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql.query<{ event_id: string }>(
    `select event_id::text as event_id from eventstore.events where event_id = any($1::uuid[])`,
    [ids],
  );
  return new Set(rows.map((row) => row.event_id));
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}
