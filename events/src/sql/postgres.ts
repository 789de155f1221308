import pg from 'pg';
import type { SqlDatabase, SqlExecutor, SqlResult } from './port.ts';

function wrap(target: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await target.query(text, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
  };
}

/**
 * A transaction's client, to which statements may be sent before the last one has answered (a `pipeline`): they
 * reach pg one at a time, in the order sent. (pg would queue them itself, but deprecates being asked to.)
 */
function inOrder(client: pg.PoolClient): SqlExecutor {
  const direct = wrap(client);
  let last: Promise<unknown> = Promise.resolve();
  return {
    query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const run = () => direct.query<Row>(text, params);
      const next = last.then(run, run);
      last = next.catch(() => undefined);
      return next;
    },
  };
}

export interface PostgresOptions {
  readonly connectionString: string;
  readonly maxConnections?: number;
  /** The schema searched first (one schema per service in the distributed mode). */
  readonly searchPath?: string;
}

export function openPostgresDatabase(options: PostgresOptions): SqlDatabase {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // A transaction left open pauses every event reader (snapshot xmin), so none may idle for long.
    idle_in_transaction_session_timeout: 10_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  // An idle client whose connection dies is dropped by the pool, which then emits 'error': without a listener
  // that would end the process. The next query simply opens a new connection.
  pool.on('error', () => undefined);
  const executor = wrap(pool);
  return {
    dialect: 'postgres',
    query: executor.query,
    async transaction(work) {
      const client = await pool.connect();
      // The pool listens for errors only on idle clients. A connection that dies while this transaction waits
      // between queries (the server's idle-in-transaction timeout, a restart) would otherwise emit an unhandled
      // 'error' and end the process; instead the next query fails and the broken client is discarded.
      let broken: unknown = null;
      const onError = (error: unknown) => {
        broken ??= error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work(inOrder(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken ? (broken instanceof Error ? broken : new Error(String(broken))) : undefined);
      }
    },
    close: () => pool.end(),
  };
}
