/**
 * npm run bench:rooms [-- 10,100,500]
 *
 * R rooms of 4 websocket players play word duels on the embedded platform (one process: gateway, engine, ledger,
 * leaderboard, event store on PGlite files in a temporary folder on a worker thread, as `npm start` runs), for each R given (argv, else
 * BENCH_ROOMS, else 10,100,500). Prints, per R, moves per second and the p50/p99/max latency from a `match.move`
 * sent over the websocket to the view that shows it arriving at each OTHER player of the room (on
 * `match:<matchId>:<userId>`), with the load average; then where that time went, from timestamps (rooms-trace.ts).
 * Writes bench/results/rooms-<timestamp>.json. Target: p99 ≤ 25 ms at R = 500 on a 2-core machine.
 *
 * - Players: 4 × max(R) users signed in once through the platform's own test helper (send-otp, the code from the
 *   in-memory SMS outbox, verify-otp; registration opens the wallet with the welcome grant), reused by every R.
 * - The players run in a child process (rooms-clients.ts), so their work is not on the platform's event loop.
 * - `npm run bench:rooms` compiles the platform first and runs it compiled (`--conditions=qal-compiled`), as
 *   `npm start` does; run directly through tsx it also works, with tsx's kept function names costing a little more.
 * - Setup (create, join by code, ready, start: entry fee the minimum) is done for every room before any match is
 *   played, and is not measured; play starts in every room at once.
 * - The clock is the test platform's manual clock, standing still: no turn timer or match duration runs out while
 *   4 R players wait their turn (the sweeper still runs its queries every 500 ms).
 * - A warm-up of BENCH_ROOMS_WARMUP rooms (default 5; 0 for none) is played first and not reported.
 * BENCH_ROOMS_OUT=<file> writes the results there instead (bench:projections reads the leaderboard's lag from it).
 * Other knobs: BENCH_ROOMS_SETUP_CONCURRENCY (rooms set up at once, default 25), BENCH_ROOMS_SIGNIN_CONCURRENCY
 * (default 32), BENCH_ROOMS_CPU_PROFILE=<dir> (a CPU profile of the platform process during each play; with
 * BENCH_ROOMS_HEAP_SAMPLING=1 also a sampled profile of what it allocated, `.heapprofile`).
 * BENCH_ROOMS_THINK=uniform:<min>-<max> draws each think time uniformly from min to max ms instead of
 * BENCH_ROOMS_THINK_MS's ½–1½ × mean (uniform:50-150 is the Colyseus peer's load, see bench/src/versus.ts).
 * BENCH_ROOMS_WINDOW=<s> makes each R a timed run, as the peer's load generator does: play for
 * BENCH_ROOMS_WINDOW_WARMUP s (default 5), then measure the moves sent in the next <s> seconds (a room whose duel is
 * over opens a new room with its 4 players and plays on); the platform process's CPU (all its threads) and RSS are
 * then read from /proc over that window, as the peer's server's are.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openThreadedPgliteDatabase } from '@qal/events';
import { createTestPlatform } from '@qal/gateway/testing';
import type { BenchUser, ClientsMessage, ParentMessage, RunReport, RunRequest, WindowReport } from './rooms-protocol.ts';
import { installServerTrace, type ServerTrace } from './rooms-trace.ts';
import { CLK_TCK, ticksOfStat } from './machine-cpu.ts';
import { setterWords } from './rooms-words.ts';

const TARGET_P99_MS = 25;
const SIZES = (process.argv[2] ?? process.env.BENCH_ROOMS ?? '10,100,500')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const WARMUP_ROOMS = Number(process.env.BENCH_ROOMS_WARMUP ?? 5);
const SETUP_CONCURRENCY = Number(process.env.BENCH_ROOMS_SETUP_CONCURRENCY ?? 25);
const SIGNIN_CONCURRENCY = Number(process.env.BENCH_ROOMS_SIGNIN_CONCURRENCY ?? 32);
const CPU_PROFILE_DIR = process.env.BENCH_ROOMS_CPU_PROFILE;
/**
 * How long a player takes, on average, between seeing it is their turn and moving (each wait uniform in ½–1½ times
 * it). People playing Hangman on a phone take a few seconds per letter (the turn timer is 30 s); 2 s is a brisk
 * player. 0 makes every player move the instant its turn comes: a saturation test of throughput, where latency is
 * only the queue of R moves waiting (R rooms × 1 move in flight each).
 */
const THINK_MS = Number(process.env.BENCH_ROOMS_THINK_MS ?? 2_000);
/** BENCH_ROOMS_THINK=uniform:<min>-<max> (ms): each think time uniform between the two instead. */
const THINK = parseThink(process.env.BENCH_ROOMS_THINK);
const THINK_LABEL = THINK ? `uniform ${THINK.minMs}–${THINK.maxMs} ms` : `${THINK_MS} ms on average`;
const WINDOW_S = process.env.BENCH_ROOMS_WINDOW ? Number(process.env.BENCH_ROOMS_WINDOW) : null;
const WINDOW = WINDOW_S ? { warmupS: Number(process.env.BENCH_ROOMS_WINDOW_WARMUP ?? 5), durationS: WINDOW_S } : undefined;

function parseThink(text: string | undefined): { minMs: number; maxMs: number } | undefined {
  if (!text) return undefined;
  const match = /^uniform:(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match || Number(match[1]) > Number(match[2])) throw new Error(`BENCH_ROOMS_THINK: expected uniform:<min>-<max> (ms), got ${text}`);
  return { minMs: Number(match[1]), maxMs: Number(match[2]) };
}

/** This process's CPU ticks (all threads: PGlite's worker too) and RSS, from /proc as the peer's load generator reads its server's. */
function procSelf() {
  try {
    const ticks = ticksOfStat(readFileSync('/proc/self/stat', 'utf8'));
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);
    return { ticks, rssKb, at: performance.now() };
  } catch {
    return null;
  }
}

/** The platform process over a timed run's window (started at `go`). */
function sampleWindow(window: { warmupS: number; durationS: number }) {
  return new Promise<{ cpuPercent: number; rssMb: number; maxRssMb: number } | null>((resolve) => {
    setTimeout(() => {
      const first = procSelf();
      let maxRssKb = first?.rssKb ?? 0;
      const every = setInterval(() => (maxRssKb = Math.max(maxRssKb, procSelf()?.rssKb ?? 0)), 500);
      setTimeout(() => {
        clearInterval(every);
        const last = procSelf();
        if (!first || !last) return resolve(null);
        resolve({
          cpuPercent: ((last.ticks - first.ticks) / CLK_TCK / ((last.at - first.at) / 1000)) * 100,
          rssMb: last.rssKb / 1024,
          maxRssMb: Math.max(maxRssKb, last.rssKb) / 1024,
        });
      }, window.durationS * 1000);
    }, window.warmupS * 1000);
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}
const load = () => loadavg().map((l) => round(l, 2));

/** Per (move, other player): how long after the move was sent it passed each stage (ms), from both traces. */
function stages(report: RunReport, trace: ServerTrace) {
  const names = [
    'sent → engine command',
    'engine command (load, decide, append)',
    'command done → push tail read',
    'tail read → view published',
    'published → received',
  ] as const;
  const lists = new Map<string, number[]>(names.map((n) => [n, []]));
  let joined = 0;
  for (const sample of report.samples) {
    const move = trace.moves.get(sample.moveId);
    const published = trace.published.get(`${sample.channel}@${sample.version}`);
    if (!move || move.end === undefined || move.tailRead === undefined || published === undefined) continue;
    joined += 1;
    const points = [sample.sentAt, move.start, move.end, move.tailRead, published, sample.receivedAt];
    names.forEach((name, i) => lists.get(name)!.push(points[i + 1]! - points[i]!));
  }
  return { joined, stages: names.map((stage) => ({ stage, ...summary(lists.get(stage)!) })) };
}

/** The threaded PGlite's own figures over the trace: how busy its statements kept it, and the costliest ones. */
function pgliteFigures(trace: ServerTrace) {
  if (!trace.statementTimes) return null;
  const moves = Math.max(1, trace.moves.size);
  const busyMs = trace.statementTimes.reduce((sum, s) => sum + s.ms, 0);
  return {
    busyPercent: round((busyMs / Math.max(1, trace.wallMs ?? 0)) * 100),
    usPerMove: round((busyMs * 1000) / moves),
    statements: trace.statementTimes.slice(0, 10).map((s) => ({
      text: s.text,
      perMove: round(s.count / moves, 2),
      usPerMove: round((s.ms * 1000) / moves),
      msEach: round(s.ms / s.count, 2),
    })),
  };
}

async function main() {
  if (SIZES.length === 0) throw new Error('no room counts: give e.g. 10,100,500');
  const maxRooms = Math.max(...SIZES, WARMUP_ROOMS);
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-bench-rooms-'));
  const began = performance.now();
  const db = await openThreadedPgliteDatabase(join(dataDir, 'pglite'));
  const t = await createTestPlatform({ db, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const tracer = installServerTrace(
    { commands: t.platform.commands, store: t.platform.store, hub: t.hub, db: t.platform.db, leaderboard: t.platform.leaderboard },
    CPU_PROFILE_DIR,
  );
  if (CPU_PROFILE_DIR) mkdirSync(CPU_PROFILE_DIR, { recursive: true });
  const clients = fork(fileURLToPath(new URL('./rooms-clients.ts', import.meta.url)), [], { execArgv: process.execArgv, stdio: 'inherit' });
  console.log(
    `rooms bench (embedded, PGlite on disk on a worker thread), ${cpus().length} cores, load ${load().join(' ')}; platform up in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  players think ${THINK_LABEL} before each move (BENCH_ROOMS_THINK_MS, BENCH_ROOMS_THINK; 0 = move at once)${WINDOW ? `; timed: ${WINDOW.warmupS} s warm-up, then a ${WINDOW.durationS} s window (BENCH_ROOMS_WINDOW, BENCH_ROOMS_WINDOW_WARMUP)` : ''}`,
  );

  try {
    const words = setterWords();
    const signInStarted = performance.now();
    const users: BenchUser[] = new Array(maxRooms * 4);
    let next = 0;
    await Promise.all(
      Array.from({ length: SIGNIN_CONCURRENCY }, async () => {
        for (let i = next++; i < users.length; i = next++) {
          const { token, user } = await t.signIn(undefined, { name: `Bench ${i + 1}` });
          users[i] = { userId: user.id, token };
        }
      }),
    );
    const signInS = (performance.now() - signInStarted) / 1000;
    console.log(
      `  ${users.length} players signed in in ${signInS.toFixed(1)} s (${((signInS * 1000) / users.length).toFixed(0)} ms each, ${SIGNIN_CONCURRENCY} at once); load ${load().join(' ')}`,
    );

    const play = (label: string, rooms: number) =>
      new Promise<{ report: RunReport; trace: ServerTrace; loadAtEnd: number[]; server: Awaited<ReturnType<typeof sampleWindow>> }>(
        (resolve, reject) => {
          const timed = label === 'warmup' ? undefined : WINDOW;
          let window: ReturnType<typeof sampleWindow> = Promise.resolve(null);
          const onMessage = (message: ClientsMessage) => {
            if (message.type === 'ready') {
              void tracer.start().then(() => {
                if (timed) window = sampleWindow(timed);
                clients.send({ type: 'go' } satisfies ParentMessage);
              });
              return;
            }
            clients.off('message', onMessage);
            const loadAtEnd = load();
            void window.then((server) =>
              tracer.stop(label).then((trace) => {
                if (message.type === 'failed') reject(new Error(`${label}: ${message.error}`));
                else resolve({ report: message, trace, loadAtEnd, server });
              }, reject),
            );
          };
          clients.on('message', onMessage);
          const request: RunRequest = {
            type: 'run',
            label,
            base,
            rooms,
            users,
            words,
            setupConcurrency: SETUP_CONCURRENCY,
            thinkMs: label === 'warmup' ? 0 : THINK_MS,
            ...(label !== 'warmup' && THINK ? { think: THINK } : {}),
            ...(timed ? { window: timed } : {}),
          };
          clients.send(request satisfies ParentMessage);
        },
      );

    if (WARMUP_ROOMS > 0) {
      const { report } = await play('warmup', WARMUP_ROOMS);
      console.log(`  warm-up: ${report.rooms} rooms, ${report.moves} moves (not reported)`);
    }

    const results = [];
    for (const rooms of SIZES) {
      const { report, trace, loadAtEnd, server } = await play(`r${rooms}`, rooms);
      const latency = summary(report.samples.map((s) => s.receivedAt - s.sentAt));
      const movesPerSecond = round((report.moves / report.playMs) * 1000);
      const profile = stages(report, trace);
      const batches = trace.tailReads;
      const result = {
        rooms,
        clients: report.clients,
        moves: report.moves,
        playSeconds: round(report.playMs / 1000, 2),
        movesPerSecond,
        latency,
        targetMet: rooms >= 500 ? latency.p99Ms <= TARGET_P99_MS : null,
        moverResult: summary(report.resultMs),
        leaderboardLag: summary(trace.leaderboardLagMs),
        loadavg: loadAtEnd,
        setupSeconds: round(report.setupMs / 1000),
        window: report.window ?? null,
        /** Timed runs: the platform process over the window, read from /proc (all its threads). */
        server: server
          ? {
              cpuPercent: round(server.cpuPercent),
              cpuUsPerMove: round(((server.cpuPercent / 100) * 1e6) / Math.max(1, movesPerSecond)),
              rssMb: round(server.rssMb),
              maxRssMb: round(server.maxRssMb),
            }
          : null,
        refusedMoves: report.refusedMoves,
        refusals: report.refusals,
        missingViews: report.missingViews,
        stalled: report.stalled,
        stuckRooms: report.stuckRooms,
        resyncs: report.resyncs,
        matchesFinished: report.matchesFinished,
        rounds: { solved: report.roundsSolved, failed: report.roundsFailed, skipped: report.roundsSkipped },
        profile: {
          samplesJoined: profile.joined,
          stages: profile.stages,
          tail: {
            batches: batches.length,
            eventsPerBatch: summary(batches.map((b) => b.events)),
            readMs: summary(batches.map((b) => b.readMs)),
            handleMs: summary(batches.flatMap((b) => (b.handleMs === undefined ? [] : [b.handleMs]))),
          },
          sql: [...trace.sql]
            .map(([kind, { calls, idleMs }]) => ({
              kind,
              calls,
              perMove: round(calls / Math.max(1, report.moves), 2),
              idle: summary(idleMs),
            }))
            .sort((a, b) => b.calls - a.calls)
            .slice(0, 15),
          pglite: pgliteFigures(trace),
          streamReads: {
            count: trace.streamReadsMs.length,
            perMove: round(trace.streamReadsMs.length / Math.max(1, report.moves)),
            ms: summary(trace.streamReadsMs),
          },
          serverCpuPercent: round(trace.cpuPercent ?? 0),
          clientCpuPercent: round(report.clientCpuPercent),
          serverEventLoopDelayMs: trace.loopDelayMs,
        },
      };
      results.push(result);
      printRun(result);
    }

    console.log('');
    console.log(`  think ${THINK_LABEL}; latency = move sent → each other player's view; leaderboard = live lag p99`);
    console.log('  rooms  clients   moves  moves/s   p50 ms   p99 ms   max ms   leaderboard p99 ms   load (1/5/15 min)');
    for (const r of results) {
      console.log(
        `  ${String(r.rooms).padStart(5)}  ${String(r.clients).padStart(7)}  ${String(r.moves).padStart(6)}  ${String(r.movesPerSecond).padStart(7)}  ${String(r.latency.p50Ms).padStart(7)}  ${String(r.latency.p99Ms).padStart(7)}  ${String(r.latency.maxMs).padStart(7)}   ${String(r.leaderboardLag.p99Ms).padStart(18)}   ${r.loadavg.join(' ')}`,
      );
    }
    const at = new Date().toISOString();
    const out =
      process.env.BENCH_ROOMS_OUT ?? join(dirname(fileURLToPath(import.meta.url)), `../results/rooms-${at.replace(/[:.]/g, '-')}.json`);
    mkdirSync(dirname(out), { recursive: true });
    const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown' };
    writeFileSync(
      out,
      `${JSON.stringify({ at, machine, targetP99Ms: TARGET_P99_MS, thinkMs: THINK_MS, think: THINK ?? null, thinkLabel: THINK_LABEL, window: WINDOW ?? null, signInSeconds: round(signInS), warmupRooms: WARMUP_ROOMS, results }, null, 2)}\n`,
    );
    console.log(`  written to ${out}`);
  } finally {
    clients.disconnect();
    await tearingDown('the platform', t.close());
    await tearingDown('the database', db.close());
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A teardown step, named for the report should it never settle: with nothing else left to run, Node then ends the
 * process with exit code 13 (an unsettled top-level await) and no message, after the results were written.
 */
let pendingTeardown: string | null = null;
async function tearingDown(step: string, done: Promise<unknown>) {
  pendingTeardown = step;
  await done;
  pendingTeardown = null;
}
process.on('exit', (code) => {
  if (code === 13 && pendingTeardown) console.error(`rooms bench: closing ${pendingTeardown} never finished (exit code 13)`);
});

function printRun(r: {
  rooms: number;
  clients: number;
  moves: number;
  playSeconds: number;
  movesPerSecond: number;
  latency: { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  moverResult: { p50Ms: number; p99Ms: number };
  leaderboardLag: { count: number; p50Ms: number; p99Ms: number; maxMs: number };
  loadavg: number[];
  setupSeconds: number;
  window: WindowReport | null;
  server: { cpuPercent: number; cpuUsPerMove: number; rssMb: number; maxRssMb: number } | null;
  refusedMoves: number;
  refusals: Record<string, number>;
  missingViews: number;
  stalled: string | null;
  stuckRooms: string[];
  resyncs: number;
  matchesFinished: number;
  rounds: { solved: number; failed: number; skipped: number };
  profile: {
    samplesJoined: number;
    stages: { stage: string; p50Ms: number; p99Ms: number; maxMs: number }[];
    tail: {
      batches: number;
      eventsPerBatch: { p50Ms: number; p99Ms: number };
      readMs: { p50Ms: number; p99Ms: number };
      handleMs: { p50Ms: number; p99Ms: number; maxMs: number };
    };
    streamReads: { count: number; perMove: number; ms: { p50Ms: number; p99Ms: number } };
    sql: { kind: string; calls: number; perMove: number; idle: { count: number; p50Ms: number; p99Ms: number } }[];
    pglite: ReturnType<typeof pgliteFigures>;
    serverCpuPercent: number;
    clientCpuPercent: number;
    serverEventLoopDelayMs?: { p50: number; p99: number; max: number } | undefined;
  };
}) {
  const p = r.profile;
  const w = r.window;
  console.log('');
  if (w) {
    console.log(
      `  R = ${r.rooms}: ${r.clients} clients; setup ${r.setupSeconds} s; timed: ${w.warmupS} s warm-up, ${w.durationS} s window; ${r.matchesFinished} duels finished during play, ${w.duelsStarted} next duels opened (${w.duelsStartedInWindow} in the window: create, join, ready, start, counted in the window's CPU)${w.restartFailures.length ? `; ${w.restartFailures.length} failed: ${w.restartFailures.slice(0, 3).join('; ')}` : ''}`,
    );
    console.log(
      `    ${w.sent} moves sent in the window, ${w.seen} seen by another player (${r.movesPerSecond} moves/s), ${w.seenByAll} by all; ${r.refusedMoves} refused ${JSON.stringify(r.refusals)}, ${w.unobserved} views never came, ${r.resyncs} resyncs`,
    );
  } else {
    console.log(
      `  R = ${r.rooms}: ${r.clients} clients, ${r.matchesFinished}/${r.rooms} duels finished (rounds solved ${r.rounds.solved}, failed ${r.rounds.failed}, skipped ${r.rounds.skipped}); setup ${r.setupSeconds} s`,
    );
    console.log(
      `    ${r.moves} moves in ${r.playSeconds} s: ${r.movesPerSecond} moves/s; ${r.refusedMoves} refused ${JSON.stringify(r.refusals)}, ${r.missingViews} views never came, ${r.resyncs} resyncs`,
    );
  }
  if (r.stalled) {
    console.log(`    STALLED: ${r.stalled}; the figures are of the moves made until then`);
    for (const room of r.stuckRooms) console.log(`      ${room}`);
  }
  console.log(
    `    move → others' view (${r.latency.count} samples): p50 ${r.latency.p50Ms} ms, p95 ${r.latency.p95Ms} ms, p99 ${r.latency.p99Ms} ms, max ${r.latency.maxMs} ms${r.rooms >= 500 ? ` (target p99 ≤ ${TARGET_P99_MS} ms: ${r.latency.p99Ms <= TARGET_P99_MS ? 'met' : 'NOT met'})` : ''}`,
  );
  console.log(
    `    move → mover's own result: p50 ${r.moverResult.p50Ms} ms, p99 ${r.moverResult.p99Ms} ms; load average ${r.loadavg.join(' ')}`,
  );
  const lag = r.leaderboardLag;
  console.log(
    `    leaderboard live lag (${lag.count} appends it counts → applied): p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms, max ${lag.maxMs} ms (target p99 ≤ 1000 ms)`,
  );
  console.log(`    where the time goes (${p.samplesJoined} samples joined with the server trace; per stage p50 / p99 / max ms):`);
  for (const s of p.stages)
    console.log(`      ${s.stage.padEnd(40)} ${String(s.p50Ms).padStart(8)} ${String(s.p99Ms).padStart(8)} ${String(s.maxMs).padStart(8)}`);
  console.log(
    `    push tail: ${p.tail.batches} batches, events/batch p50 ${p.tail.eventsPerBatch.p50Ms} p99 ${p.tail.eventsPerBatch.p99Ms}; read p50 ${p.tail.readMs.p50Ms} p99 ${p.tail.readMs.p99Ms} ms; handling a batch p50 ${p.tail.handleMs.p50Ms} p99 ${p.tail.handleMs.p99Ms} max ${p.tail.handleMs.maxMs} ms`,
  );
  console.log(
    `    stream reads: ${p.streamReads.count} (${p.streamReads.perMove} per move), p50 ${p.streamReads.ms.p50Ms} p99 ${p.streamReads.ms.p99Ms} ms`,
  );
  console.log(`    database, per move (calls; p50 / p99 ms of those that found PGlite idle):`);
  for (const q of p.sql.slice(0, 10))
    console.log(
      `      ${String(q.perMove).padStart(6)}  ${q.kind.padEnd(66)} ${String(q.idle.p50Ms).padStart(6)} ${String(q.idle.p99Ms).padStart(6)}  (${q.idle.count} idle)`,
    );
  if (p.pglite) {
    console.log(
      `    PGlite's thread ran statements ${p.pglite.busyPercent} % of the time, ${p.pglite.usPerMove} µs per move; the costliest (per move: calls, µs; ms each):`,
    );
    for (const s of p.pglite.statements)
      console.log(
        `      ${String(s.perMove).padStart(6)} ${String(s.usPerMove).padStart(6)}  ${s.text.padEnd(72)} ${String(s.msEach).padStart(6)}`,
      );
  }
  console.log(
    `    CPU: platform process ${p.serverCpuPercent} % of a core${w ? ' from go to the end of the grace after the window' : ''}, clients process ${p.clientCpuPercent} %${w ? ' in the window' : ''}; platform event-loop delay p50 ${p.serverEventLoopDelayMs?.p50} p99 ${p.serverEventLoopDelayMs?.p99} max ${p.serverEventLoopDelayMs?.max} ms`,
  );
  if (r.server)
    console.log(
      `    platform process over the window (/proc, all threads): CPU ${r.server.cpuPercent} % of a core, ${r.server.cpuUsPerMove} µs per move; RSS ${r.server.rssMb} MB (max ${r.server.maxRssMb})`,
    );
}

await main();
