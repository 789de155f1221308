import pg from 'pg';
import { openPostgresDatabase } from '../sql/postgres.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { listenForAppends } from '../store/pg-signal.ts';
import type { EventStore } from '../store/port.ts';
import { migrateEventStore } from '../store/schema.ts';
import { createSqlEventStore, type AppendSignal } from '../store/sql.ts';

/**
 * The PostgreSQL schema of each service in the distributed mode: its read models, migrations and operational
 * tables live there (search_path), while the event store has its own schema, `eventstore`, that all share.
 */
export const SERVICE_SCHEMAS = {
  identity: 'identity',
  ledger: 'ledger',
  engine: 'engine',
  leaderboard: 'leaderboard',
} as const;

export interface ServiceDatabase {
  /** Unqualified names resolve in the service's schema first (`search_path = <schema>, public`). */
  readonly db: SqlDatabase;
  readonly store: EventStore;
  close(): Promise<void>;
}

export interface ServiceDatabaseOptions {
  readonly url: string;
  readonly schema: string;
  readonly maxConnections?: number;
  /** Wake this process's subscriptions when another process appends (LISTEN/NOTIFY). Default true. */
  readonly listen?: boolean;
  readonly onError?: (error: unknown) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens a service's database: creates its schema if needed, migrates the shared event store (recorded in the
 * default schema, so every service agrees it is done), and opens the store over a pool whose search_path is
 * the service's schema, so a projection's read-model writes and the store's checkpoints share one transaction.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<ServiceDatabase> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`not a schema name: ${options.schema}`);
  const setup = openPostgresDatabase({ connectionString: options.url, maxConnections: 1 });
  try {
    // Two processes of one service (two gateways) start at once: `create schema if not exists` is not safe against a
    // concurrent twin (one of them fails on the catalogue's unique index), so they take turns. The one-connection
    // pool keeps the session lock and the statement on the same session.
    await setup.query('select pg_advisory_lock(hashtext($1))', [`qal-schema:${options.schema}`]);
    try {
      await setup.query(`create schema if not exists ${options.schema}`);
    } finally {
      await setup.query('select pg_advisory_unlock(hashtext($1))', [`qal-schema:${options.schema}`]);
    }
    await migrateEventStore(setup);
  } finally {
    await setup.close();
  }
  const db = openPostgresDatabase({
    connectionString: options.url,
    searchPath: options.schema,
    maxConnections: options.maxConnections ?? 10,
  });
  let signal: AppendSignal | undefined;
  try {
    if (options.listen !== false) signal = await listenForAppends(options.url, options.onError ? { onError: options.onError } : {});
    const store = await createSqlEventStore(db, { migrate: false, ...(signal ? { signal } : {}) });
    return {
      db,
      store,
      async close() {
        await store.close();
        await signal?.close().catch(() => undefined);
        await db.close();
      },
    };
  } catch (error) {
    await signal?.close().catch(() => undefined);
    await db.close();
    throw error;
  }
}

/** Creates the database of a PostgreSQL URL when it does not exist yet (through the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<'created' | 'exists'> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name this can create: ${name}`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query(`select 1 from pg_database where datname = $1`, [name]);
    if (rowCount) return 'exists';
    await client.query(`create database ${name}`);
    return 'created';
  } finally {
    await client.end();
  }
}
