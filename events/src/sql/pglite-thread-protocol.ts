import type { SqlLane } from './port.ts';

/** Messages between the threaded PGlite database (pglite-thread.ts) and its worker (pglite-worker.ts). */

/** A transaction's number, chosen by the main thread; queries that carry one run inside it. */
export type TransactionNumber = number;

export type WorkerRequest =
  | {
      readonly id: number;
      readonly op: 'query';
      readonly text: string;
      readonly params: readonly unknown[];
      readonly tx?: TransactionNumber;
      /** The transaction's first statement: the worker begins it, then runs this in it (one round trip saved). */
      readonly begin?: true;
      /** Outside a transaction or beginning one: the lane it waits in (`SqlDatabase.inLane`); 'rest' when absent. */
      readonly lane?: SqlLane;
      /**
       * Inside a transaction: sent without waiting for an answer (`SqlExecutor.send`). The worker answers none; a
       * failure rolls the transaction back at its commit, whose answer is that failure.
       */
      readonly quiet?: true;
    }
  | { readonly id: number; readonly op: 'commit' | 'rollback'; readonly tx: TransactionNumber }
  | { readonly id: number; readonly op: 'close' }
  /** The size of PGlite's WebAssembly memory, in bytes (`rowCount` of the reply). */
  | { readonly id: number; readonly op: 'memory' }
  /** How long the statements ran since the last such request (`rows` of the reply: StatementTime[]), then from zero. */
  | { readonly id: number; readonly op: 'statement-times' };

/** The statements of one text (its first words): how many ran and for how long in all, in ms. */
export interface StatementTime {
  readonly text: string;
  readonly count: number;
  readonly ms: number;
}

/** A database error's fields (code, detail, constraint, …), as primitives that cross the thread boundary. */
export type WorkerError = { readonly message: string } & Readonly<Record<string, string | number | boolean>>;

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly rows?: unknown[]; readonly rowCount?: number }
  | { readonly id: number; readonly ok: false; readonly error: WorkerError };

/** What the worker is started with. */
export interface WorkerStart {
  /** PGlite's data directory; undefined: in memory. */
  readonly dataDir: string | undefined;
  /** How often the worker vacuums the tables that need it (pglite-upkeep.ts). */
  readonly upkeepIntervalMs: number;
}

/** Sent once by the worker when PGlite is open (or failed to open). */
export type WorkerReady = { readonly ready: true } | { readonly ready: false; readonly error: WorkerError };

export function errorFields(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** An Error carrying the fields of one the worker caught, so callers read `code`, `detail`, … as before. */
export function errorFrom(fields: WorkerError): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === 'string') error.name = name;
  return error;
}
