import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  comparePositions,
  createSqlEventStore,
  openPgliteDatabase,
  openPostgresDatabase,
  readPages,
  START,
  type EventStore,
  type SqlDatabase,
  type StoredEvent,
} from '@qal/events';
import { PROJECTION_SUBSCRIBER } from '../config.ts';
import type { ReadModelAccount, ReadModelSnapshot } from './audit.ts';

const READ_PAGE = 5_000;

export interface AuditSource {
  readonly description: string;
  readonly db: SqlDatabase;
  readonly store: EventStore;
  close(): Promise<void>;
}

/**
 * The store to audit: PostgreSQL at DATABASE_URL (its read model in schema LEDGER_SCHEMA when set, as in the
 * distributed mode), else the embedded PGlite under QAL_DATA_DIR (default .data).
 */
export async function openAuditSource(env: Readonly<Record<string, string | undefined>> = process.env): Promise<AuditSource> {
  let db: SqlDatabase;
  let description: string;
  if (env.DATABASE_URL) {
    // Distributed mode: the read model lives in the ledger's own schema (LEDGER_SCHEMA=ledger).
    db = openPostgresDatabase({
      connectionString: env.DATABASE_URL,
      maxConnections: 2,
      ...(env.LEDGER_SCHEMA ? { searchPath: env.LEDGER_SCHEMA } : {}),
    });
    const url = new URL(env.DATABASE_URL);
    description = `PostgreSQL ${url.host}${url.pathname}`;
  } else {
    const dir = resolve(join(env.QAL_DATA_DIR ?? '.data', 'pglite'));
    if (!existsSync(dir)) throw new Error(`no embedded database at ${dir} (set QAL_DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    db = await openPgliteDatabase(dir);
    description = `PGlite ${dir}`;
  }
  const store = await createSqlEventStore(db, { migrate: false });
  return {
    description,
    db,
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

/** Every event, page by page in commit order (the next page read while the caller works through one). */
export async function* readEverything(store: EventStore, page = READ_PAGE): AsyncGenerator<StoredEvent> {
  for await (const events of readPages(store, START, page)) yield* events;
}

const isMissingTable = (error: unknown) => (error as { code?: unknown } | null)?.code === '42P01';

/**
 * The read model's balances together with the projection checkpoint they correspond to: read between two
 * checkpoint reads that agree, so a projection running meanwhile cannot skew the comparison. Null when the
 * ledger's tables do not exist.
 */
export async function readModelSnapshot(db: SqlDatabase, store: EventStore): Promise<ReadModelSnapshot | null> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const before = await store.loadCheckpoint(PROJECTION_SUBSCRIBER);
    let rows: { account_id: string; balance: string; held: string; pending_credit: string }[];
    try {
      ({ rows } = await db.query(
        `select account_id, balance::text as balance, held::text as held, pending_credit::text as pending_credit from ledger_accounts`,
      ));
    } catch (error) {
      if (isMissingTable(error)) return null;
      throw error;
    }
    const after = await store.loadCheckpoint(PROJECTION_SUBSCRIBER);
    if ((before === null && after === null) || (before && after && comparePositions(before, after) === 0)) {
      const accounts: ReadModelAccount[] = rows.map((r) => ({
        accountId: r.account_id,
        balance: Number(r.balance),
        held: Number(r.held),
        pendingCredit: Number(r.pending_credit),
      }));
      return { position: after ?? START, accounts };
    }
  }
  throw new Error('the ledger projection kept moving while the read model was read; try again');
}
