/**
 * Where a move's time goes in the platform, for `npm run bench:rooms`: timestamps taken by wrapping three objects
 * the running app calls through (nothing in the platform changes, and nothing is recorded outside play):
 * - the command sender: when a `match.move` command (correlationId `mv-…`) reaches the engine and when it answers;
 * - the event store's `readAll`, which only the gateway's push tail calls: when the tail read a move's events,
 *   how many events a read brought, how long handling a batch took (until the tail's next read);
 * - the hub's `publish`: when the view of `match:<id>:<userId>` at a version went out to that player's socket;
 * plus every `readStream` (each view the gateway pushes folds its match's stream), every database statement and
 * transaction (by the text of its first statement: how many, and how long those that found PGlite idle took), and
 * the event loop's delay; and the leaderboard's live lag (target p99 ≤ 1 s): from an append that holds an event the leaderboard
 * counts (a round ended, a match started or finished, a payout) to its projection having applied it. With BENCH_ROOMS_CPU_PROFILE=<dir> a V8 CPU profile of the platform process during play.
 * Epoch milliseconds (performance.timeOrigin + now), comparable with the client process's.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import {
  comparePositions,
  type CommandSender,
  type EventStore,
  type Position,
  type SqlDatabase,
  type SqlExecutor,
  type StatementTime,
  type ThreadedPgliteDatabase,
} from '@qal/events';
import type { Hub } from '@qal/gateway';
import { isLeaderboardEvent, type Leaderboard } from '@qal/leaderboard';

const epochMs = () => performance.timeOrigin + performance.now();

interface MoveTrace {
  start: number;
  end?: number;
  tailRead?: number;
}

interface TailRead {
  readonly events: number;
  readonly readMs: number;
  /** From the read's return to the tail's next read: handling the batch (pushes). */
  handleMs?: number;
}

const emptyTrace = (): ServerTrace => ({
  moves: new Map(),
  published: new Map(),
  tailReads: [],
  streamReadsMs: [],
  sql: new Map(),
  leaderboardLagMs: [],
});
/** How long stop() waits for the leaderboard to apply what was appended during play (its lag samples). */
const LAG_DRAIN_MS = 30_000;

/** A statement's kind: its first 60 characters, spaces squeezed. */
const sqlKind = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);

export interface ServerTrace {
  readonly moves: Map<string, MoveTrace>;
  readonly published: Map<string, number>;
  readonly tailReads: TailRead[];
  readonly streamReadsMs: number[];
  /** By statement (or transaction: `tx:` and its first statement): calls, and durations when nothing else ran. */
  readonly sql: Map<string, { calls: number; idleMs: number[] }>;
  /** Per append with events the leaderboard counts: ms until the live projection had applied them. */
  readonly leaderboardLagMs: number[];
  loopDelayMs?: { p50: number; p99: number; max: number };
  cpuPercent?: number;
  wallMs?: number;
  /** The embedded PGlite on its thread: how long each kind of statement held it over the trace (null elsewhere). */
  statementTimes?: StatementTime[] | null;
}

/** What the database's own thread measured, where it is the threaded PGlite. */
const statementTimesOf = (db: SqlDatabase): Promise<StatementTime[] | null> =>
  'statementTimes' in db ? (db as ThreadedPgliteDatabase).statementTimes() : Promise.resolve(null);

export function installServerTrace(
  target: { commands: CommandSender; store: EventStore; hub: Hub; db: SqlDatabase; leaderboard: Pick<Leaderboard, 'position'> },
  cpuProfileDir?: string,
) {
  let trace: ServerTrace | null = null;
  const byCommandId = new Map<string, MoveTrace>();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let cpuAtStart = process.cpuUsage();
  let startedAt = 0;

  const send = target.commands.send.bind(target.commands);
  (target.commands as { send: CommandSender['send'] }).send = async (command, options) => {
    const correlationId = command.correlationId;
    if (!trace || command.type !== 'MakeMove' || !correlationId.startsWith('mv-')) return send(command, options);
    const move: MoveTrace = { start: epochMs() };
    trace.moves.set(correlationId, move);
    byCommandId.set(command.commandId, move);
    try {
      return await send(command, options);
    } finally {
      move.end = epochMs();
    }
  };

  const readAll = target.store.readAll.bind(target.store);
  let lastBatch: { returnedAt: number; entry: TailRead } | null = null;
  (target.store as { readAll: EventStore['readAll'] }).readAll = async (after, limit) => {
    const calledAt = epochMs();
    if (lastBatch) {
      lastBatch.entry.handleMs = calledAt - lastBatch.returnedAt;
      lastBatch = null;
    }
    const events = await readAll(after, limit);
    if (!trace || events.length === 0) return events;
    const returnedAt = epochMs();
    const entry: TailRead = { events: events.length, readMs: returnedAt - calledAt };
    trace.tailReads.push(entry);
    lastBatch = { returnedAt, entry };
    for (const event of events) {
      const move = byCommandId.get(String(event.metadata.commandId));
      if (move && move.tailRead === undefined) move.tailRead = returnedAt;
    }
    return events;
  };

  // Watched, not waited for: catchUp() would cut the projection's coalescing short and measure a hurried lag.
  const lagWatch = leaderboardLagWatch(target.leaderboard);
  const append = target.store.append.bind(target.store);
  (target.store as { append: EventStore['append'] }).append = async (requests) => {
    const result = await append(requests);
    const counted = trace && result.outcome === 'appended' ? result.events.filter(isLeaderboardEvent).at(-1) : undefined;
    if (counted) lagWatch.watch({ transactionId: counted.transactionId, globalPosition: counted.globalPosition }, trace!.leaderboardLagMs);
    return result;
  };

  const readStream = target.store.readStream.bind(target.store);
  (target.store as { readStream: EventStore['readStream'] }).readStream = async (...args) => {
    if (!trace) return readStream(...args);
    const t0 = epochMs();
    const events = await readStream(...args);
    trace.streamReadsMs.push(epochMs() - t0);
    return events;
  };

  // Statements and transactions: PGlite runs one at a time, so only one that started with nothing in flight
  // measures the statement itself rather than its wait.
  let inFlight = 0;
  const note = (kind: string, idleMs: number | null) => {
    const entry = trace!.sql.get(kind) ?? { calls: 0, idleMs: [] };
    trace!.sql.set(kind, entry);
    entry.calls += 1;
    if (idleMs !== null) entry.idleMs.push(idleMs);
  };
  const query = target.db.query.bind(target.db);
  (target.db as { query: SqlExecutor['query'] }).query = async <Row>(text: string, params?: readonly unknown[]) => {
    if (!trace) return query<Row>(text, params);
    const idle = inFlight === 0;
    inFlight += 1;
    const t0 = epochMs();
    try {
      return await query<Row>(text, params);
    } finally {
      inFlight -= 1;
      if (trace) note(sqlKind(text), idle ? epochMs() - t0 : null);
    }
  };
  const transaction = target.db.transaction.bind(target.db);
  (target.db as { transaction: SqlDatabase['transaction'] }).transaction = async <T>(work: (tx: SqlExecutor) => Promise<T>) => {
    if (!trace) return transaction(work);
    const idle = inFlight === 0;
    inFlight += 1;
    const t0 = epochMs();
    let first: string | null = null;
    try {
      return await transaction((tx) =>
        work({
          query: <Row>(text: string, params?: readonly unknown[]) => {
            first ??= text;
            return tx.query<Row>(text, params);
          },
        }),
      );
    } finally {
      inFlight -= 1;
      if (trace) note(`tx: ${sqlKind(first ?? '')}`, idle ? epochMs() - t0 : null);
    }
  };

  let session: Session | null = null;
  let profiles = 0;

  const publish = target.hub.publish.bind(target.hub);
  target.hub.publish = (channel, event, version, data) => {
    if (trace && event === 'view') {
      const key = `${channel}@${version}`;
      if (!trace.published.has(key)) trace.published.set(key, epochMs());
    }
    publish(channel, event, version, data);
  };

  return {
    /** Starts recording (at `go`). */
    async start() {
      if (cpuProfileDir) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        if (HEAP_SAMPLING)
          await session.post('HeapProfiler.startSampling', {
            samplingInterval: 16_384,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          });
      }
      await statementTimesOf(target.db); // from zero
      trace = emptyTrace();
      byCommandId.clear();
      loop.reset();
      loop.enable();
      cpuAtStart = process.cpuUsage();
      startedAt = performance.now();
    },
    /** Stops recording and hands the trace over. */
    async stop(label: string): Promise<ServerTrace> {
      const done = trace ?? emptyTrace();
      trace = null;
      await lagWatch.drain(LAG_DRAIN_MS);
      lastBatch = null;
      loop.disable();
      const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
      done.loopDelayMs = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
      const cpu = process.cpuUsage(cpuAtStart);
      done.wallMs = performance.now() - startedAt;
      done.cpuPercent = ((cpu.user + cpu.system) / 1000 / done.wallMs) * 100;
      done.statementTimes = await statementTimesOf(target.db);
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        if (HEAP_SAMPLING) {
          const heap = await session.post('HeapProfiler.stopSampling');
          writeFileSync(`${cpuProfileDir}/rooms-${label}-${profiles + 1}.heapprofile`, JSON.stringify(heap.profile));
        }
        session.disconnect();
        session = null;
        writeFileSync(`${cpuProfileDir}/rooms-${label}-${++profiles}.cpuprofile`, JSON.stringify(profile));
      }
      return done;
    },
  };
}

/** With BENCH_ROOMS_HEAP_SAMPLING=1 beside BENCH_ROOMS_CPU_PROFILE, a sampled allocation profile of the same play. */
const HEAP_SAMPLING = process.env.BENCH_ROOMS_HEAP_SAMPLING === '1';

/** How often the lag watch looks at the projection's position: the resolution of the lag samples. */
const LAG_WATCH_INTERVAL_MS = 2;

/** Appends the leaderboard counts, each sampled (ms since the append) when the live projection's position passes it. */
function leaderboardLagWatch(leaderboard: Pick<Leaderboard, 'position'>) {
  const pending = new Set<{ readonly target: Position; readonly appendedAt: number; readonly samples: number[] }>();
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    const at = leaderboard.position();
    const now = epochMs();
    for (const entry of pending) {
      if (!at || comparePositions(at, entry.target) < 0) continue;
      entry.samples.push(now - entry.appendedAt);
      pending.delete(entry);
    }
    if (pending.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  return {
    watch(target: Position, samples: number[]) {
      pending.add({ target, appendedAt: epochMs(), samples });
      timer ??= setInterval(check, LAG_WATCH_INTERVAL_MS);
    },
    async drain(timeoutMs: number) {
      const deadline = epochMs() + timeoutMs;
      while (pending.size > 0 && epochMs() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      for (const { samples } of pending) samples.push(timeoutMs);
      pending.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
