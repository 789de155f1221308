import { migrate, type Migration } from '../sql/migrate.ts';
import { GENESIS_HASH } from './hash.ts';
import type { SqlDatabase } from '../sql/port.ts';

/**
 * The event store lives in its own schema, so every service's search_path (one schema per service in the
 * distributed mode) sees the same log. Names are schema-qualified everywhere for the same reason.
 */
export const EVENT_STORE_SCHEMA = 'eventstore';

/** The first key of the append function's stream locks (`pg_advisory_xact_lock(int, int)`), apart from other locks. */
const STREAM_LOCK_SPACE = 7_301;

/**
 * The whole append in one statement (one round trip, no BEGIN/COMMIT): the stream locks, the idempotency and
 * expected-version checks, the hash chain and the inserts all run in the server, so hot streams are locked for well
 * under a millisecond and the transaction's id (which holds back every reader's visibility horizon) lives no longer
 * than that. The caller sends each event's canonical text around its stream position (hash.ts `chainHashParts`); the
 * function hashes `prevHash || prefix || position || suffix` as `chainHash` does. Errors: QL409 wrong expected version
 * (detail: {"streamId","actual"}), QL422 some event ids stored already (detail: the stored ids, comma-separated); an
 * exception rolls everything back.
 */
const APPEND_FUNCTION = `
      create or replace function eventstore.append_events(requests jsonb) returns jsonb
      language plpgsql as $fn$
      declare
        genesis constant text := '${GENESIS_HASH}';
        request jsonb;
        item jsonb;
        ids uuid[];
        known text[];
        heads jsonb := '{}'::jsonb;
        expected jsonb;
        version_ok boolean;
        cur_version bigint;
        cur_hash text;
        next_hash text;
        appended jsonb := '[]'::jsonb;
        versions jsonb := '{}'::jsonb;
        stored record;
        stream_key integer;
      begin
        -- Every stream's lock before anything is written. A transaction takes its id at its first write, and readers
        -- go through the log in transaction-id order: an append that took its id and then waited for a stream would
        -- be read before the appends that went ahead of it in that stream. (The two-key form: a lock space of its own.)
        for stream_key in select distinct hashtext(r.value->>'streamId') from jsonb_array_elements(requests) r order by 1 loop
          perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, stream_key);
        end loop;
        select coalesce(array_agg((e.value->>'eventId')::uuid), '{}') into ids
          from jsonb_array_elements(requests) r, jsonb_array_elements(r.value->'events') e;
        -- Then every stream's row, in one global order (also the client's); a new stream gets a placeholder row
        -- (version 0) and is locked like the others. Locking before the id check turns a concurrent identical append
        -- into a clean duplicate.
        for request in select r.value from jsonb_array_elements(requests) r order by r.value->>'streamId' collate "C" loop
          insert into eventstore.streams as s (stream_id, stream_type, version, last_hash)
            values (request->>'streamId', request->>'streamType', 0, genesis)
            on conflict (stream_id) do update set version = s.version
            returning s.version, s.last_hash into cur_version, cur_hash;
          heads := heads || jsonb_build_object(request->>'streamId', jsonb_build_array(cur_version, cur_hash));
        end loop;
        if cardinality(ids) > 0 then
          select array_agg(e.event_id::text) into known from eventstore.events e where e.event_id = any(ids);
          if known is not null then
            if cardinality(known) = cardinality(ids) then return '{"outcome":"duplicate"}'::jsonb; end if;
            raise exception using errcode = 'QL422', message = 'append mixes new events with stored ones', detail = array_to_string(known, ',');
          end if;
        end if;
        -- In the order asked: each request is checked against its stream's head as the requests before it in this
        -- payload left it, so a stream named by several requests (a group commit's batch) is appended to in turn.
        for request in select r.value from jsonb_array_elements(requests) with ordinality r order by r.ordinality loop
          cur_version := (heads->(request->>'streamId')->>0)::bigint;
          cur_hash := heads->(request->>'streamId')->>1;
          expected := request->'expectedVersion';
          version_ok := case
              when jsonb_typeof(expected) = 'number' then cur_version = (expected #>> '{}')::bigint
              when expected #>> '{}' = 'no_stream' then cur_version = 0
              when expected #>> '{}' = 'stream_exists' then cur_version > 0
              else expected #>> '{}' = 'any'
            end;
          if not version_ok then
            raise exception using errcode = 'QL409', message = 'wrong expected version',
              detail = jsonb_build_object('streamId', request->>'streamId', 'actual', cur_version)::text;
          end if;
          for item in select e.value from jsonb_array_elements(request->'events') with ordinality e order by e.ordinality loop
            cur_version := cur_version + 1;
            next_hash := encode(sha256(convert_to(cur_hash || (item->>'hashPrefix') || cur_version::text || (item->>'hashSuffix'), 'UTF8')), 'hex');
            insert into eventstore.events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
              values (request->>'streamId', cur_version, (item->>'eventId')::uuid, item->>'type', (item->>'schemaVersion')::integer,
                      item->'data', item->'metadata' || jsonb_build_object('prevHash', cur_hash, 'hash', next_hash))
              returning global_position::text as global_position, transaction_id::text as transaction_id, recorded_at into stored;
            appended := appended || jsonb_build_object('globalPosition', stored.global_position, 'transactionId', stored.transaction_id,
              'recordedAt', stored.recorded_at, 'streamPosition', cur_version, 'prevHash', cur_hash, 'hash', next_hash);
            cur_hash := next_hash;
          end loop;
          if jsonb_array_length(request->'events') > 0 then
            update eventstore.streams set version = cur_version, last_hash = cur_hash where stream_id = request->>'streamId';
            heads := heads || jsonb_build_object(request->>'streamId', jsonb_build_array(cur_version, cur_hash));
          end if;
          if cur_version > 0 then versions := versions || jsonb_build_object(request->>'streamId', cur_version); end if;
        end loop;
        return jsonb_build_object('outcome', 'appended', 'versions', versions, 'events', appended);
      end
      $fn$
`;

export const eventStoreMigrations: readonly Migration[] = [
  {
    id: '001-events-streams-checkpoints',
    sql: `
      create schema if not exists eventstore;
      create table eventstore.streams (
        stream_id text primary key,
        stream_type text not null,
        -- 0 while the row only holds a lock for a stream being created: readers treat it as no stream
        version bigint not null,
        last_hash text not null
      );
      create table eventstore.events (
        global_position bigserial not null,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        stream_position bigint not null,
        event_id uuid not null unique,
        type text not null,
        schema_version integer not null default 1,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        primary key (stream_id, stream_position)
      );
      create index events_commit_order on eventstore.events (transaction_id, global_position);
      create table eventstore.checkpoints (
        subscriber text primary key,
        transaction_id xid8 not null,
        global_position bigint not null,
        updated_at timestamptz not null default now()
      );
    `,
  },
  {
    // The append function (APPEND_FUNCTION; replaced since by 005 and 006).
    id: '002-append-function',
    whole: true,
    sql: APPEND_FUNCTION,
  },
  {
    // A subscriber's turn at its next batch as one statement that needs no answer: it takes the subscriber's lock for
    // the transaction and checks that the stored checkpoint is not past the caller's (`known_*`). Errors: QL423 the
    // lock is held by another instance, QL412 the stored checkpoint is past the caller's.
    id: '003-subscriber-turn-function',
    whole: true,
    sql: `
      create or replace function eventstore.take_subscriber_turn(lock_key text, subscriber_name text, known_transaction xid8,
                                                                 known_position bigint) returns void
      language plpgsql as $fn$
      begin
        if not pg_try_advisory_xact_lock(hashtext(lock_key)) then
          raise exception using errcode = 'QL423', message = 'another instance is handling this subscriber''s batch';
        end if;
        if exists (select 1 from eventstore.checkpoints c
                    where c.subscriber = subscriber_name
                      and (c.transaction_id, c.global_position) > (known_transaction, known_position)) then
          raise exception using errcode = 'QL412', message = 'the stored checkpoint is past this instance''s';
        end if;
      end
      $fn$
    `,
  },
  {
    // The only writer's batch statement (sql-append-batch.ts) checks with this that every stream head it moves was
    // where its plan found it, so a batch planned behind one that then failed is refused instead of leaving a gap
    // in a stream or a broken hash chain. Error: QL410 a head moved (detail: how many of how many were in place).
    id: '004-heads-in-place-function',
    whole: true,
    sql: `
      create or replace function eventstore.heads_in_place(planned bigint, in_place bigint) returns boolean
      language plpgsql as $fn$
      begin
        if in_place <> planned then
          raise exception using errcode = 'QL410', message = 'a stream head moved since the batch was planned',
            detail = in_place::text || ' of ' || planned::text;
        end if;
        return true;
      end
      $fn$
    `,
  },
  {
    // Stores made before: the append function again, now taking every stream's lock before its first write.
    id: '005-append-function-locks-streams-first',
    whole: true,
    sql: APPEND_FUNCTION,
  },
  {
    // Stores made before: the append function again, now appending in turn to a stream that several of its requests
    // name (a group commit of several callers' appends, sql-append-group.ts).
    id: '006-append-function-streams-in-turn',
    whole: true,
    sql: APPEND_FUNCTION,
  },
];

/** Creates or upgrades the event store tables; safe to run from several processes at once. */
export function migrateEventStore(db: SqlDatabase): Promise<void> {
  return migrate(db, EVENT_STORE_SCHEMA, eventStoreMigrations);
}
