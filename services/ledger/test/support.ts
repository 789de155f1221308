import { randomUUID } from 'node:crypto';
import {
  openPostgresDatabase,
  createMemoryEventStore,
  createSqlEventStore,
  openPgliteDatabase,
  START,
  type CommandEnvelope,
  type CommandOutcome,
  type EventStore,
  type Position,
  type SqlDatabase,
  type StoredEvent,
} from '@qal/events';
import { createScratchDatabase } from '@qal/events/testing';
import { createLedger, createSandboxPaymentProvider, type Ledger } from '../src/index.ts';
import type { ReadModelSnapshot } from '../src/audit/audit.ts';
import { readModelSnapshot } from '../src/audit/source.ts';

export interface Backend {
  readonly name: string;
  readonly store: EventStore;
  readonly db: SqlDatabase;
  /** Another store object over the same data, as a second process would open it. */
  readonly secondStore: EventStore;
  /** The URL of a PostgreSQL scratch database, for child processes. */
  readonly url: string | null;
  close(): Promise<void>;
}

export type BackendFactory = () => Promise<Backend>;

/** Memory event store, PGlite read model: the quickest way to exercise the handlers. */
export const memoryBackend: BackendFactory = async () => {
  const store = createMemoryEventStore();
  const db = await openPgliteDatabase();
  return { name: 'memory store + PGlite', store, db, secondStore: store, url: null, close: async () => (await store.close(), db.close()) };
};

export const pgliteBackend: BackendFactory = async () => {
  const db = await openPgliteDatabase();
  const store = await createSqlEventStore(db);
  const secondStore = await createSqlEventStore(db, { migrate: false });
  return {
    name: 'PGlite',
    store,
    db,
    secondStore,
    url: null,
    async close() {
      await store.close();
      await secondStore.close();
      await db.close();
    },
  };
};

export const postgresBackend =
  (serverUrl: string): BackendFactory =>
  async () => {
    const scratch = await createScratchDatabase(serverUrl);
    const store = await createSqlEventStore(scratch.db);
    const secondStore = await createSqlEventStore(scratch.db, { migrate: false });
    return {
      name: 'PostgreSQL',
      store,
      db: scratch.db,
      secondStore,
      url: scratch.url,
      async close() {
        await store.close();
        await secondStore.close();
        await dropScratch(serverUrl, scratch);
      },
    };
  };

/**
 * `scratch.drop()` closes the pool and at once drops the database `with (force)`; pg's pool resolves `end()`
 * before its sockets are closed, so the server can kill a closing connection and the pool reports an unhandled
 * FATAL 57P01. Closing first and giving the sockets a moment avoids that race.
 */
async function dropScratch(serverUrl: string, scratch: { url: string; db: SqlDatabase }): Promise<void> {
  await scratch.db.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const admin = openPostgresDatabase({ connectionString: serverUrl, maxConnections: 1 });
  try {
    await admin.query(`drop database if exists ${new URL(scratch.url).pathname.slice(1)} with (force)`);
  } finally {
    await admin.close();
  }
}

export async function startLedger(store: EventStore, db: SqlDatabase, start = true): Promise<Ledger> {
  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  if (start) await ledger.start();
  return ledger;
}

export const T0 = '2026-03-01T09:00:00.000Z';

export function command(type: string, payload: Record<string, unknown>, overrides: Partial<CommandEnvelope> = {}): CommandEnvelope {
  return {
    commandId: randomUUID(),
    type,
    actorId: 'test',
    payload,
    issuedAt: T0,
    correlationId: randomUUID(),
    ...overrides,
  };
}

export const uniqueUser = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

export function data(outcome: CommandOutcome): Record<string, unknown> {
  if (outcome.status !== 'succeeded') throw new Error(`expected success, got ${outcome.reason} ${JSON.stringify(outcome.details)}`);
  return outcome.data;
}

export async function readAllEvents(store: EventStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let after: Position = START;
  for (;;) {
    const page = await store.readAll(after, 1000);
    all.push(...page);
    const last = page.at(-1);
    if (!last) return all;
    after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
}

export async function snapshot(db: SqlDatabase, store: EventStore): Promise<ReadModelSnapshot> {
  const result = await readModelSnapshot(db, store);
  if (!result) throw new Error('no read model');
  return result;
}

export function count<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  return items.filter(predicate).length;
}
