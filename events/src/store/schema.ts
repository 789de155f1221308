import { migrate, type Migration } from '../sql/migrate.ts';
import type { SqlDatabase } from '../sql/port.ts';

/**
 * The event store lives in its own schema, so every service's search_path (one schema per service in the
 * distributed mode) sees the same log. Names are schema-qualified everywhere for the same reason.
 */
export const EVENT_STORE_SCHEMA = 'eventstore';

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
];

/** Creates or upgrades the event store tables; safe to run from several processes at once. */
export function migrateEventStore(db: SqlDatabase): Promise<void> {
  return migrate(db, EVENT_STORE_SCHEMA, eventStoreMigrations);
}
