import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import { checkExpectedVersion, classifyKnownIds, validateAppend } from './append-checks.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import { START, type AppendResult, type EventStore, type StoredEvent, type StreamAppend } from './port.ts';
import { migrateEventStore } from './schema.ts';
import {
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
      let result: AppendResult;
      try {
        result = await db.transaction((tx) => appendInTransaction(tx, requests, ids));
      } catch (error) {
        // Two identical appends to different streams can both pass the id check and race on the unique index.
        if (!isUniqueViolation(error, 'events_event_id_key')) throw error;
        const known = await knownEventIds(db, ids);
        if (classifyKnownIds(ids, known) === 'duplicate') return { outcome: 'duplicate' };
        throw error;
      }
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
            const checkpoint = await readCheckpoint(tx, subscriber);
            const batch = await readAllRows(tx, checkpoint ?? START, batchSize);
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

interface LockedStream {
  version: number;
  lastHash: string;
}

async function appendInTransaction(tx: SqlExecutor, requests: readonly StreamAppend[], ids: readonly string[]): Promise<AppendResult> {
  // Lock every stream row first, in one global order, so concurrent multi-stream appends cannot deadlock.
  // Taking the locks before the id check also turns a concurrent identical append into a clean duplicate.
  const locked = new Map<string, LockedStream>();
  for (const request of [...requests].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))) {
    locked.set(request.streamId, await lockStream(tx, request.streamId, request.streamType));
  }
  if (classifyKnownIds(ids, await knownEventIds(tx, ids)) === 'duplicate') return { outcome: 'duplicate' };
  for (const request of requests) {
    const version = locked.get(request.streamId)?.version ?? 0;
    checkExpectedVersion(request.streamId, request.expectedVersion, version > 0 ? version : null);
  }

  const rows: PendingEvent[] = [];
  const versions: Record<string, number> = {};
  for (const request of requests) {
    const stream = locked.get(request.streamId) ?? { version: 0, lastHash: GENESIS_HASH };
    for (const event of request.events) {
      const streamPosition = stream.version + 1;
      const eventId = event.eventId.toLowerCase();
      const hash = chainHash(stream.lastHash, { ...event, eventId, streamId: request.streamId, streamPosition });
      rows.push({
        streamId: request.streamId,
        streamPosition,
        eventId,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: structuredClone(event.data),
        metadata: { ...structuredClone(event.metadata ?? {}), prevHash: stream.lastHash, hash },
      });
      stream.version = streamPosition;
      stream.lastHash = hash;
    }
    if (stream.version > 0) versions[request.streamId] = stream.version;
    if (request.events.length > 0) {
      await tx.query(`update eventstore.streams set version = $2, last_hash = $3 where stream_id = $1`, [
        request.streamId,
        stream.version,
        stream.lastHash,
      ]);
    }
  }
  return { outcome: 'appended', versions, events: await insertEvents(tx, rows) };
}

async function lockStream(tx: SqlExecutor, streamId: string, streamType: string): Promise<LockedStream> {
  // Insert-or-lock in one statement: a new stream's row is created (version 0) and locked like an existing one.
  const { rows } = await tx.query<{ version: string; last_hash: string }>(
    `insert into eventstore.streams as s (stream_id, stream_type, version, last_hash) values ($1, $2, 0, $3)
     on conflict (stream_id) do update set version = s.version
     returning s.version::text as version, s.last_hash`,
    [streamId, streamType, GENESIS_HASH],
  );
  const row = rows[0];
  if (!row) throw new Error(`could not lock stream ${streamId}`);
  return { version: Number(row.version), lastHash: row.last_hash };
}

type PendingEvent = Omit<StoredEvent, 'transactionId' | 'globalPosition' | 'recordedAt'>;

async function insertEvents(tx: SqlExecutor, events: readonly PendingEvent[]): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  // One statement for the whole append; the JSON array keeps the drivers out of array-parameter encoding.
  const { rows } = await tx.query<{ event_id: string; global_position: string; transaction_id: string; recorded_at: Date | string }>(
    `insert into eventstore.events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
     select e.value->>'streamId', (e.value->>'streamPosition')::bigint, (e.value->>'eventId')::uuid, e.value->>'type',
            (e.value->>'schemaVersion')::integer, e.value->'data', e.value->'metadata'
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
      order by e.ord
     returning event_id::text as event_id, global_position::text as global_position,
               transaction_id::text as transaction_id, recorded_at`,
    [JSON.stringify(events)],
  );
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  return events.map((event) => {
    const row = byId.get(event.eventId);
    if (!row) throw new Error(`event ${event.eventId} was not returned by its insert`);
    return {
      ...event,
      transactionId: BigInt(row.transaction_id),
      globalPosition: BigInt(row.global_position),
      recordedAt: new Date(row.recorded_at),
    };
  });
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
