/**
 * The worker thread that owns a PGlite database (started by pglite-thread.ts). PGlite runs every statement
 * synchronously on the thread that calls it; here that is this thread, so the main thread's websockets, rules and
 * views run beside the SQL on the other core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteStatements } from './pglite-statements.ts';
import { SQL_LANES, type SqlLane } from './port.ts';
import { TABLE_ACTIVITY_SQL, upkeepStatements, type TableActivity } from './pglite-upkeep.ts';
import {
  errorFields,
  type StatementTime,
  type TransactionNumber,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
const { dataDir, upkeepIntervalMs } = workerData as WorkerStart;

const reply = (message: WorkerReply) => port.postMessage(message);
const failed = (id: number, error: unknown) => reply({ id, ok: false, error: errorFields(error) });

let db: PGlite;
try {
  db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
} catch (error) {
  port.postMessage({ ready: false, error: errorFields(error) } satisfies WorkerReady);
  throw error;
}
/** How long each kind of statement held PGlite since the last `statement-times` request (texts cut to their start). */
const statementTimes = new Map<string, { count: number; ms: number }>();
const STATEMENT_TEXT_CHARS = 72;
const STATEMENT_TEXTS_KEPT = 500;
const statements = createPgliteStatements(db, (text, ms) => {
  const key = text.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_TEXT_CHARS);
  const time = statementTimes.get(key);
  if (time) {
    time.count += 1;
    time.ms += ms;
  } else if (statementTimes.size < STATEMENT_TEXTS_KEPT) statementTimes.set(key, { count: 1, ms });
});
/** What PGlite's own `query` does after a statement outside a transaction, and after a commit. */
const durable = () => db.syncToFs();

/**
 * Open transactions: each holds PGlite's one connection until `finish` settles. `running`: its statements not
 * answered yet (run in the order sent); `failure`: the first that failed, which turns its commit into a rollback
 * (PostgreSQL would end an aborted transaction so anyway, but silently).
 */
interface OpenTransaction {
  readonly finish: (commit: boolean) => void;
  readonly running: Set<Promise<unknown>>;
  failure?: { readonly error: unknown; readonly quiet: boolean };
}
const open = new Map<TransactionNumber, OpenTransaction>();
/** Requests for transactions not begun yet (waiting their turn, or for PGlite), handled in order once begun. */
const opening = new Map<TransactionNumber, WorkerRequest[]>();

type QueryRequest = Extract<WorkerRequest, { op: 'query' }>;

/**
 * What PGlite runs one at a time: a statement outside any transaction, or a whole transaction. They wait here,
 * one queue per lane (`SqlDatabase.inLane`), so that a lane can pass the later ones; within a lane, in the order
 * sent.
 */
const turns = new Map<SqlLane, (() => Promise<unknown>)[]>(SQL_LANES.map((lane) => [lane, []]));
let running = false;

function take(turn: () => Promise<unknown>, lane: SqlLane = 'rest') {
  turns.get(lane)!.push(turn);
  if (!running) void runTurns();
}

const nextTurn = () =>
  SQL_LANES.map((lane) => turns.get(lane)!)
    .find((queue) => queue.length > 0)
    ?.shift();

async function runTurns() {
  running = true;
  for (let turn = nextTurn(); turn; turn = nextTurn()) await turn().catch(() => undefined); // each turn answers its own callers
  running = false;
}

/** Begins transaction `number` with the requests gathered for it; settles once it has ended. */
async function begin(number: TransactionNumber): Promise<void> {
  try {
    await statements.control('begin');
  } catch (error) {
    for (const request of opening.get(number) ?? []) failed(request.id, error);
    opening.delete(number);
    return;
  }
  const commit = await new Promise<boolean>((finish) => {
    open.set(number, { finish, running: new Set() });
    const waiting = opening.get(number) ?? [];
    opening.delete(number);
    for (const request of waiting) handle(request);
  });
  try {
    await statements.control(commit ? 'commit' : 'rollback');
    await durable();
    settled(number, null);
  } catch (error) {
    settled(number, error);
  }
}

async function query(request: QueryRequest): Promise<void> {
  try {
    const result = await statements.run(request.text, request.params);
    await durable();
    reply({ id: request.id, ok: true, rows: result.rows, rowCount: result.rowCount });
  } catch (error) {
    failed(request.id, error);
  }
}

/** A statement of an open transaction: answered unless quiet; its failure, the first, kept for the commit. */
function queryIn(transaction: OpenTransaction, request: QueryRequest) {
  const ran = statements
    .run(request.text, request.params)
    .then(
      (result) => {
        if (!request.quiet) reply({ id: request.id, ok: true, rows: result.rows, rowCount: result.rowCount });
      },
      (error: unknown) => {
        transaction.failure ??= { error, quiet: request.quiet === true };
        if (!request.quiet) failed(request.id, error);
      },
    )
    .finally(() => transaction.running.delete(ran));
  transaction.running.add(ran);
}

/**
 * Ends a transaction once its statements have run: a commit of one that had a failure rolls back and answers that
 * failure; a rollback answers the failure of a quiet statement (the cause its caller has not seen), if any.
 */
async function end(number: TransactionNumber, transaction: OpenTransaction, request: { id: number; op: 'commit' | 'rollback' }) {
  await Promise.allSettled([...transaction.running]);
  const failure = transaction.failure;
  const commit = request.op === 'commit' && !failure;
  const answer = failure && (request.op === 'commit' || failure.quiet) ? failure.error : null;
  ending.set(number, { id: request.id, answer });
  transaction.finish(commit);
}

/** The commit or rollback request of each transaction, answered once PGlite has ended it (`answer`: a failure to report). */
const ending = new Map<TransactionNumber, { readonly id: number; readonly answer: unknown }>();
function settled(number: TransactionNumber, error: unknown) {
  open.delete(number);
  const request = ending.get(number);
  ending.delete(number);
  if (!request) return;
  const failure = error ?? request.answer;
  if (failure) failed(request.id, failure);
  else reply({ id: request.id, ok: true });
}

/**
 * PGlite's WebAssembly memory: Postgres's shared buffers (128 MB), its caches and working memory. It grows when
 * Postgres needs more and never shrinks; the operating system backs its pages as they are first touched.
 */
const wasmMemoryBytes = () => (db as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.buffer.byteLength ?? 0;

/** Runs `work` as a turn of its own in the last lane; settles when it has run. */
const turnOf = <T>(work: () => Promise<T>) => new Promise<T>((resolve, reject) => take(() => work().then(resolve, reject)));

/**
 * Vacuums the tables that need it (pglite-upkeep.ts), each in a turn of its own in the last lane, so statements and
 * transactions waiting meanwhile go between them. A round starts only once the last one has ended.
 */
let upkeepRunning = false;
async function upkeep() {
  if (upkeepRunning) return;
  upkeepRunning = true;
  try {
    const { rows } = await turnOf(() => statements.run<TableActivity>(TABLE_ACTIVITY_SQL));
    for (const statement of upkeepStatements(rows)) await turnOf(() => statements.control(statement).then(durable));
  } finally {
    upkeepRunning = false;
  }
}
// A failed round (the database closing under it) is left to the next one.
const upkeepTimer = setInterval(() => void upkeep().catch(() => undefined), upkeepIntervalMs);
upkeepTimer.unref();

function handle(request: WorkerRequest) {
  switch (request.op) {
    case 'query': {
      if (request.tx === undefined) {
        take(() => query(request), request.lane);
        return;
      }
      const transaction = open.get(request.tx);
      if (transaction) queryIn(transaction, request);
      else if (opening.has(request.tx)) opening.get(request.tx)!.push(request);
      else if (request.begin) {
        opening.set(request.tx, [request]);
        const number = request.tx;
        take(() => begin(number), request.lane);
      } else if (!request.quiet) failed(request.id, new Error(`transaction ${request.tx} is not open`));
      return;
    }
    case 'commit':
    case 'rollback': {
      if (opening.has(request.tx)) {
        opening.get(request.tx)!.push(request);
        return;
      }
      const transaction = open.get(request.tx);
      if (!transaction) {
        failed(request.id, new Error(`transaction ${request.tx} is not open`));
        return;
      }
      void end(request.tx, transaction, request);
      return;
    }
    case 'memory':
      reply({ id: request.id, ok: true, rowCount: wasmMemoryBytes() });
      return;
    case 'statement-times': {
      const rows: StatementTime[] = [...statementTimes].map(([text, time]) => ({ text, ...time }));
      statementTimes.clear();
      reply({ id: request.id, ok: true, rows });
      return;
    }
    case 'close':
      clearInterval(upkeepTimer);
      db.close().then(
        () => reply({ id: request.id, ok: true }),
        (error: unknown) => failed(request.id, error),
      );
      return;
  }
}

port.on('message', handle);
port.postMessage({ ready: true } satisfies WorkerReady);
