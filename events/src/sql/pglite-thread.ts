import { Worker } from 'node:worker_threads';
import type { SqlDatabase, SqlExecutor, SqlLane, SqlResult } from './port.ts';
import { UPKEEP_INTERVAL_MS } from './pglite-upkeep.ts';
import {
  errorFrom,
  type StatementTime,
  type TransactionNumber,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-thread-protocol.ts';

/** A request before the call numbers it. */
type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * Compiled (scripts/build.ts), this module and the worker are JavaScript side by side in dist/. From source the
 * worker is TypeScript, and a worker thread inherits no loader (`node --import tsx` registers tsx for the main thread
 * only): a bootstrap registers tsx's loader in the worker, then imports it.
 */
const COMPILED = import.meta.url.endsWith('.js');
const WORKER_BOOT = `
const { workerData } = await import('node:worker_threads');
(await import(workerData.tsx)).register();
await import(workerData.entry);
`;

function startWorker(workerData: WorkerStart): Worker {
  if (COMPILED) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(WORKER_BOOT, { eval: true, workerData: { ...workerData, entry, tsx: import.meta.resolve('tsx/esm/api') } });
}

export interface ThreadedPgliteDatabase extends SqlDatabase {
  /** The size of PGlite's WebAssembly memory in bytes (0 if this PGlite does not show it): what a soak watches. */
  wasmMemoryBytes(): Promise<number>;
  /**
   * How long PGlite ran each kind of statement since the last call (the first call: since it opened), longest first;
   * the counts start again from zero. What a benchmark reads to tell where the database's thread spends its time.
   */
  statementTimes(): Promise<StatementTime[]>;
}

/**
 * The embedded database with PGlite on a worker thread of its own: the same one-connection PGlite and the same
 * answers as `openPgliteDatabase`, but its statements (a third to a half of a busy platform's CPU) run on the
 * second core while this thread serves websockets, rules and views. Statements still run one at a time, in the order
 * they were sent within their lane (`inLane`); a transaction holds the connection from its begin to its commit or
 * rollback, as in-process.
 * If the worker dies, every waiting and later call fails with the reason.
 */
export async function openThreadedPgliteDatabase(
  dataDir?: string,
  options: { readonly upkeepIntervalMs?: number } = {},
): Promise<ThreadedPgliteDatabase> {
  const worker = startWorker({ dataDir, upkeepIntervalMs: options.upkeepIntervalMs ?? UPKEEP_INTERVAL_MS });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: WorkerReady) => (message.ready ? resolve() : reject(errorFrom(message.error))));
    worker.once('error', reject);
  });

  const waiting = new Map<number, { resolve: (reply: WorkerReply & { ok: true }) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTransaction: TransactionNumber = 1;
  let stopped: Error | null = null;
  // Idle, the worker does not keep the process alive (like an in-process PGlite); with calls waiting, it does.
  worker.unref();

  const fail = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: WorkerReply) => {
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply);
    else call.reject(errorFrom(reply.error));
  });
  worker.on('error', (error) => fail(new Error(`the PGlite worker failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => fail(new Error(`the PGlite worker stopped (exit code ${code})`)));

  /** A request no one waits for the answer of (the worker sends none): a transaction's quiet statement. */
  const post = (request: Request) => {
    if (!stopped) worker.postMessage({ ...request, id: 0 } as WorkerRequest);
  };

  const call = (request: Request) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      if (stopped) {
        reject(stopped);
        return;
      }
      const id = nextId++;
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });

  const inLane = (lane: SqlLane): SqlDatabase => {
    const inThisLane = lane === 'rest' ? {} : { lane };
    return {
      dialect: 'pglite',
      async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
        const reply = await call({ op: 'query', text, params, ...inThisLane });
        return { rows: (reply.rows ?? []) as Row[], rowCount: reply.rowCount ?? 0 };
      },
      async transaction(work) {
        const tx = nextTransaction++;
        // Begun with its first statement (one round trip fewer while the transaction holds the connection); a
        // transaction that never sent one has nothing to commit or roll back.
        let begun = false;
        const beginIfFirst = () => {
          const first = !begun;
          begun = true;
          return first ? { begin: true as const, ...inThisLane } : {};
        };
        const inside: SqlExecutor = {
          async query<Row>(text: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
            const reply = await call({ op: 'query', text, params, tx, ...beginIfFirst() });
            return { rows: (reply.rows ?? []) as Row[], rowCount: reply.rowCount ?? 0 };
          },
          send(text, params = []) {
            post({ op: 'query', text, params, tx, quiet: true, ...beginIfFirst() });
          },
        };
        let result;
        try {
          result = await work(inside);
        } catch (error) {
          // A quiet statement's failure, if one came first, is what made the work fail (its transaction was aborted).
          const cause = begun
            ? await call({ op: 'rollback', tx }).then(
                () => null,
                (failure: unknown) => failure,
              )
            : null;
          throw cause ?? error;
        }
        if (begun) await call({ op: 'commit', tx });
        return result;
      },
      inLane,
      close,
    };
  };

  async function close() {
    if (stopped) return;
    await call({ op: 'close' });
    stopped = new Error('the database is closed');
    await worker.terminate();
  }

  return {
    ...inLane('rest'),
    async wasmMemoryBytes() {
      return (await call({ op: 'memory' })).rowCount ?? 0;
    },
    async statementTimes() {
      const rows = ((await call({ op: 'statement-times' })).rows ?? []) as StatementTime[];
      return rows.sort((a, b) => b.ms - a.ms);
    },
  };
}
