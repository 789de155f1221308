import type { JsonObject } from '../json.ts';
import { pipeline, type SqlExecutor } from '../sql/port.ts';
import { START, type Position, type ReadStreamOptions, type StoredEvent } from './port.ts';

/**
 * Every bigint and xid8 column is selected as text: pg returns int8 as a string and PGlite as a number, and
 * a number loses precision past 2^53. Parsing text gives both drivers the same exact values.
 * Queries alias the table as `e` and order by `e.<column>`: a bare name in ORDER BY would sort the text alias.
 */
export const EVENT_COLUMNS = `global_position::text as global_position, transaction_id::text as transaction_id,
  stream_id, stream_position::text as stream_position, event_id::text as event_id, type, schema_version, data,
  metadata, recorded_at`;

export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: JsonObject;
  metadata: JsonObject;
  recorded_at: Date | string;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    transactionId: BigInt(row.transaction_id),
    globalPosition: BigInt(row.global_position),
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    eventId: row.event_id,
    type: row.type,
    schemaVersion: Number(row.schema_version),
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at),
  };
}

interface PositionRow {
  transaction_id: string;
  global_position: string;
}

const toPosition = (row: PositionRow): Position => ({
  transactionId: BigInt(row.transaction_id),
  globalPosition: BigInt(row.global_position),
});

/**
 * Only transactions below the snapshot's xmin have all finished, and every transaction still to commit has a
 * higher id: reading below it in (transaction_id, global_position) order never skips a late commit. Must run
 * before the calling transaction writes anything, or its own id would hold the horizon back.
 */
const VISIBLE = `e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

export async function readAllRows(sql: SqlExecutor, after: Position, limit: number): Promise<StoredEvent[]> {
  const { rows } = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from eventstore.events e
      where ${VISIBLE} and (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint)
      order by e.transaction_id, e.global_position limit $3`,
    [after.transactionId.toString(), after.globalPosition.toString(), limit],
  );
  return rows.map(toStoredEvent);
}

/**
 * The next batch after a subscriber's stored checkpoint (or from the start), in one statement. The bound is a row
 * of two scalars, so it stays an index condition (a row-valued subquery would make it a filter: a scan from the start).
 */
export async function readAllAfterCheckpoint(sql: SqlExecutor, subscriber: string, limit: number): Promise<StoredEvent[]> {
  const { rows } = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from eventstore.events e
      where ${VISIBLE} and (e.transaction_id, e.global_position) >
            (coalesce((select c.transaction_id from eventstore.checkpoints c where c.subscriber = $1), '0'::xid8),
             coalesce((select c.global_position from eventstore.checkpoints c where c.subscriber = $1), 0::bigint))
      order by e.transaction_id, e.global_position limit $2`,
    [subscriber, limit],
  );
  return rows.map(toStoredEvent);
}

/**
 * A subscriber's stored checkpoint and up to `limit` readable events after `after`, in one statement (a wake-up's
 * one round trip). The events' bound is a row of two scalars, so it stays an index condition.
 */
export async function readCheckpointAndAfter(
  sql: SqlExecutor,
  subscriber: string,
  after: Position,
  limit: number,
): Promise<{ checkpoint: Position | null; events: StoredEvent[] }> {
  type Row = { checkpoint_transaction: string | null; checkpoint_position: string | null } & Partial<EventRow>;
  const { rows } = await sql.query<Row>(
    `select c.transaction_id::text as checkpoint_transaction, c.global_position::text as checkpoint_position, after.*
       from (select 1) as one
       left join eventstore.checkpoints c on c.subscriber = $1
       left join lateral (select ${EVENT_COLUMNS} from eventstore.events e
                           where ${VISIBLE} and (e.transaction_id, e.global_position) > ($2::text::xid8, $3::bigint)
                           order by e.transaction_id, e.global_position limit $4) as after on true`,
    [subscriber, after.transactionId.toString(), after.globalPosition.toString(), limit],
  );
  const first = rows[0];
  const checkpoint =
    first?.checkpoint_transaction && first.checkpoint_position
      ? toPosition({ transaction_id: first.checkpoint_transaction, global_position: first.checkpoint_position })
      : null;
  const events = rows.flatMap((row) => (row.global_position ? [toStoredEvent(row as EventRow)] : []));
  return { checkpoint, events };
}

export async function readHead(sql: SqlExecutor): Promise<Position> {
  const { rows } = await sql.query<PositionRow>(
    `select transaction_id::text as transaction_id, global_position::text as global_position from eventstore.events e
      where ${VISIBLE} order by e.transaction_id desc, e.global_position desc limit 1`,
  );
  return rows[0] ? toPosition(rows[0]) : START;
}

export async function readStreamRows(sql: SqlExecutor, streamId: string, options: ReadStreamOptions): Promise<StoredEvent[]> {
  const direction = options.direction === 'backward' ? 'desc' : 'asc';
  const { rows } = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from eventstore.events e where e.stream_id = $1 and e.stream_position > $2
      order by e.stream_position ${direction} limit $3`,
    [streamId, options.after ?? 0, options.limit ?? null],
  );
  return rows.map(toStoredEvent);
}

export async function readStreamVersion(sql: SqlExecutor, streamId: string): Promise<number | null> {
  const { rows } = await sql.query<{ version: string }>(`select version::text as version from eventstore.streams where stream_id = $1`, [
    streamId,
  ]);
  const version = rows[0] ? Number(rows[0].version) : 0;
  return version > 0 ? version : null;
}

export async function readCheckpoint(sql: SqlExecutor, subscriber: string): Promise<Position | null> {
  const { rows } = await sql.query<PositionRow>(
    `select transaction_id::text as transaction_id, global_position::text as global_position
       from eventstore.checkpoints where subscriber = $1`,
    [subscriber],
  );
  return rows[0] ? toPosition(rows[0]) : null;
}

/**
 * Moves a subscriber's stored checkpoint forward to `position` (never back: an instance that skipped batches saves
 * its checkpoint late, and another may have handled and saved further meanwhile); in a transaction that can `send`,
 * without waiting for it (its commit answers).
 */
export async function saveCheckpoint(sql: SqlExecutor, subscriber: string, position: Position): Promise<void> {
  const statement = pipeline(sql);
  statement.query(
    `insert into eventstore.checkpoints as c (subscriber, transaction_id, global_position) values ($1, $2::text::xid8, $3)
     on conflict (subscriber) do update
       set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()
       where (c.transaction_id, c.global_position) < (excluded.transaction_id, excluded.global_position)`,
    [subscriber, position.transactionId.toString(), position.globalPosition.toString()],
  );
  await statement.done();
}

/** The errors `takeSubscriberTurn` refuses with (SQLSTATEs raised by `eventstore.take_subscriber_turn`). */
export const SUBSCRIBER_TURN_REFUSED = { taken: 'QL423', ahead: 'QL412' } as const;

/**
 * Takes a subscriber's batch lock for this transaction, and checks that its stored checkpoint is not past `known`;
 * refuses otherwise (`SUBSCRIBER_TURN_REFUSED`: another instance holds the lock, or got further). In a transaction
 * that can `send`, without waiting for the answer: a refusal then fails the transaction's later statements and its
 * commit, so none of its work is kept.
 */
export async function takeSubscriberTurn(sql: SqlExecutor, lockKey: string, subscriber: string, known: Position): Promise<void> {
  const statement = pipeline(sql);
  statement.query(`select eventstore.take_subscriber_turn($1, $2, $3::text::xid8, $4)`, [
    lockKey,
    subscriber,
    known.transactionId.toString(),
    known.globalPosition.toString(),
  ]);
  await statement.done();
}

/** The events table refused an event id it holds already (a retry, or two identical appends racing). */
export function isStoredIdViolation(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'events_event_id_key';
}

/** Which of these event ids the events table holds. */
export async function knownEventIds(sql: SqlExecutor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql.query<{ event_id: string }>(
    `select event_id::text as event_id from eventstore.events where event_id = any($1::uuid[])`,
    [ids],
  );
  return new Set(rows.map((row) => row.event_id));
}
