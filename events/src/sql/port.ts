/**
 * The one SQL surface every service uses, so the same code runs on PGlite (embedded) and PostgreSQL
 * (distributed). Parameters are positional ($1, $2, ...), as in both drivers.
 */
export interface SqlResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
  /**
   * Inside a transaction of a database that can (the embedded PGlite's worker thread): sends a statement whose answer
   * nothing needs without waiting for it. It runs in order with the others; should it fail, the transaction fails
   * with that error at its commit (or at its end, if its work throws first) and nothing of it is kept.
   */
  readonly send?: (text: string, params?: readonly unknown[]) => void;
}

/**
 * The lanes of a database that runs one statement or transaction at a time, first to last: the event store's
 * appends and stream reads (every command loads its streams, and every move waits for its append), then the
 * subscribers' batches (read-your-writes waits for them), then the rest (the read models' queries and everything
 * else), which is where a statement goes unless it says otherwise.
 */
export const SQL_LANES = ['streams', 'subscribers', 'rest'] as const;
export type SqlLane = (typeof SQL_LANES)[number];

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Where the database runs one statement or transaction at a time (the embedded PGlite): the same database, whose
   * statements and transactions go before those of later lanes still waiting (never before one already running).
   * Absent: one queue for all.
   */
  readonly inLane?: (lane: SqlLane) => SqlDatabase;
  close(): Promise<void>;
}

/** Statements sent one after another, each without waiting for the answer to the one before it. */
export interface Pipeline {
  query(text: string, params?: readonly unknown[]): void;
  /** Waits for every statement sent; throws the first failure once all have settled. */
  done(): Promise<void>;
}

/**
 * A transaction's writes in one round trip instead of one per statement: every database here runs a transaction's
 * statements in the order they were sent (PGlite one at a time, in-process or on its thread; a PostgreSQL transaction
 * hands them to its client one at a time), so each still sees the ones before it. For statements whose answers
 * nothing needs; a failed one fails the ones after it (the transaction is aborted), and the transaction's work must
 * throw (`done`) so that it rolls back. Where the transaction can `send`, nothing waits for them at all: the commit
 * answers for them (`done` has nothing to wait for), so the writes, the checkpoint and the commit of a batch take one
 * round trip.
 */
export function pipeline(sql: SqlExecutor): Pipeline {
  const { send } = sql;
  if (send) return { query: (text, params) => send(text, params), done: () => Promise.resolve() };
  const sent: Promise<unknown>[] = [];
  return {
    query(text, params) {
      sent.push(sql.query(text, params));
    },
    done: async () => {
      await allSettledOrThrow(sent);
    },
  };
}

/**
 * Waits for all of several concurrent parts, then answers their values or throws the first failure: none is still
 * running once it throws (none may still send a statement once its transaction has ended).
 */
export async function allSettledOrThrow<T>(parts: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(parts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}
