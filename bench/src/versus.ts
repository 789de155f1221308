/**
 * npm run bench:versus
 *
 * Qal against a peer game server under the same load, one after the other in the same run: the peer (a Colyseus 0.18
 * 4-player Hangman duel with its own load generator, in BENCH_PEER_DIR, default ../shared/peers/colyseus-hangman
 * next to this repository) in its `immediate` patch mode (a patch sent after each accepted move: the fair setting
 * for a server that pushes each event), then `npm run bench:rooms` at the same R. The peer is skipped, with the
 * reason, when its folder is absent.
 *
 * Same load on both: R rooms (BENCH_VERSUS_ROOMS, default 500) × 4 websocket players; whenever it is a player's
 * turn it waits a think time uniform in 50–150 ms, then moves; a 5 s warm-up, then a 20 s window
 * (BENCH_VERSUS_WARMUP, BENCH_VERSUS_WINDOW). Latency: a move sent → each OTHER player of its room receiving state
 * that shows it, for the moves sent in the window. Server CPU and RSS: the server process (all its threads) from
 * /proc over the window. In bench:rooms the platform (gateway, engine, ledger, leaderboard, PGlite on a worker
 * thread) runs in the bench's own process and the players in a child process, so that process is the server; it
 * also runs the bench's trace wrappers (rooms-trace.ts), whose small cost is counted against Qal.
 *
 * Differences that remain, printed with the figures: the peer keeps its state in memory, Qal appends every move to
 * its event store before answering; the peer's rooms start a new round for ever, a Qal duel ends after a round per
 * player, and its 4 players then open a new room and play another (that setup is in Qal's window).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PEER_DIR = resolve(ROOT, process.env.BENCH_PEER_DIR ?? '../shared/peers/colyseus-hangman');
const ROOMS = Number(process.env.BENCH_VERSUS_ROOMS ?? 500);
const WARMUP_S = Number(process.env.BENCH_VERSUS_WARMUP ?? 5);
const WINDOW_S = Number(process.env.BENCH_VERSUS_WINDOW ?? 20);
const THINK = 'uniform:50-150';

interface Row {
  readonly name: string;
  readonly movesPerS: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly samples: number;
  readonly cpuPct: number | null;
  readonly rssMb: number | null;
  readonly maxRssMb: number | null;
  readonly note: string;
}

const cpuUsPerMove = (r: Row) => (r.cpuPct === null || r.movesPerS <= 0 ? null : ((r.cpuPct / 100) * 1e6) / r.movesPerS);

/** Runs a command with its output shown (prefixed), resolving with its exit code. */
function run(prefix: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<number>((resolveCode, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolveCode(code ?? (signal ? 1 : 0)));
  });
}

async function peer(): Promise<Row | string> {
  if (!existsSync(join(PEER_DIR, 'run.sh'))) return `no peer: ${PEER_DIR} has no run.sh (set BENCH_PEER_DIR)`;
  // run.sh works in a copy (its folder may be read-only) and installs its dependencies there when they are missing.
  const work = process.env.PEER_WORK_DIR ?? join(tmpdir(), 'colyseus-hangman-peer');
  const env = {
    ...process.env,
    PEER_WORK_DIR: work,
    R_LIST: String(ROOMS),
    MODES: 'immediate',
    DURATION: String(WINDOW_S),
    WARMUP: String(WARMUP_S),
  };
  console.log(`\n== peer: ${PEER_DIR}/run.sh, immediate patches, R = ${ROOMS}, ${WARMUP_S} s warm-up, ${WINDOW_S} s window`);
  const code = await run('  [peer] ', 'bash', [join(PEER_DIR, 'run.sh')], { cwd: ROOT, env });
  const file = join(work, 'results', `immediate-R${ROOMS}.json`);
  if (code !== 0 || !existsSync(file)) return `peer run failed (exit ${code}, ${existsSync(file) ? 'results' : 'no results'})`;
  const r = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  return {
    name: 'Colyseus 0.18, immediate patches',
    movesPerS: r.movesPerS!,
    p50: r.p50!,
    p95: r.p95!,
    p99: r.p99!,
    max: r.max!,
    samples: r.samples!,
    cpuPct: r.serverCpuPct ?? null,
    rssMb: r.serverRssMb ?? null,
    maxRssMb: r.serverMaxRssMb ?? null,
    note: `in memory; ${r.rejected} rejected, ${r.unobserved} unobserved; load process ${r.loadCpuPct?.toFixed(0)} % of a core`,
  };
}

async function qal(): Promise<Row | string> {
  const dir = mkdtempSync(join(tmpdir(), 'qal-bench-versus-'));
  const out = join(dir, 'rooms.json');
  console.log(`\n== Qal: bench:rooms (embedded), R = ${ROOMS}, think ${THINK}, ${WARMUP_S} s warm-up, ${WINDOW_S} s window`);
  try {
    const env = {
      ...process.env,
      BENCH_ROOMS_THINK: THINK,
      BENCH_ROOMS_WINDOW: String(WINDOW_S),
      BENCH_ROOMS_WINDOW_WARMUP: String(WARMUP_S),
      BENCH_ROOMS_OUT: out,
    };
    const code = await run('  [qal] ', process.execPath, [...process.execArgv, join(ROOT, 'bench/src/rooms.ts'), String(ROOMS)], {
      cwd: ROOT,
      env,
    });
    if (code !== 0 || !existsSync(out)) return `bench:rooms failed (exit ${code})`;
    const file = JSON.parse(readFileSync(out, 'utf8')) as {
      results: {
        movesPerSecond: number;
        latency: { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
        server: { cpuPercent: number; rssMb: number; maxRssMb: number } | null;
        refusedMoves: number;
        window: { unobserved: number; duelsStartedInWindow: number; restartFailures: string[] } | null;
        profile: { clientCpuPercent: number };
      }[];
    };
    const r = file.results[0]!;
    return {
      name: 'Qal embedded (each move appended first)',
      movesPerS: r.movesPerSecond,
      p50: r.latency.p50Ms,
      p95: r.latency.p95Ms,
      p99: r.latency.p99Ms,
      max: r.latency.maxMs,
      samples: r.latency.count,
      cpuPct: r.server?.cpuPercent ?? null,
      rssMb: r.server?.rssMb ?? null,
      maxRssMb: r.server?.maxRssMb ?? null,
      note: `event store on PGlite; ${r.refusedMoves} refused, ${r.window?.unobserved ?? '?'} unobserved; ${r.window?.duelsStartedInWindow ?? '?'} new duels opened in the window${r.window?.restartFailures.length ? ` (${r.window.restartFailures.length} failed)` : ''}; players process ${r.profile.clientCpuPercent.toFixed(0)} % of a core`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (n: number | null, digits = 1) => (n === null || Number.isNaN(n) ? 'n/a' : n.toFixed(digits));
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? 'n/a' : `${(a / b).toFixed(2)}×`);

async function main() {
  console.log(`bench:versus — R = ${ROOMS} rooms × 4 players, think uniform 50–150 ms, ${WARMUP_S} s warm-up + ${WINDOW_S} s window`);
  const theirs = await peer();
  if (typeof theirs === 'string') console.log(`\n== peer skipped: ${theirs}`);
  const ours = await qal();

  const rows = [theirs, ours].filter((r): r is Row => typeof r !== 'string');
  console.log(`\n== side by side (R = ${ROOMS}, 4 players a room, think uniform 50–150 ms, ${WINDOW_S} s window after ${WARMUP_S} s)`);
  console.log('  latency: move sent → each other player of the room has it; server: its process over the window (/proc)');
  console.log(
    `  ${'server'.padEnd(42)} ${'moves/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'CPU %'.padStart(6)} ${'µs/move'.padStart(8)} ${'RSS MB (max)'.padStart(14)}`,
  );
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(42)} ${f(r.movesPerS).padStart(8)} ${f(r.p50, 2).padStart(8)} ${f(r.p95, 2).padStart(8)} ${f(r.p99, 2).padStart(8)} ${f(r.max, 1).padStart(8)} ${f(r.cpuPct).padStart(6)} ${f(cpuUsPerMove(r), 0).padStart(8)} ${`${f(r.rssMb, 0)} (${f(r.maxRssMb, 0)})`.padStart(14)}`,
    );
  for (const r of rows) console.log(`    ${r.name}: ${r.samples} samples; ${r.note}`);
  if (typeof ours === 'string') console.log(`  Qal: ${ours}`);
  if (typeof theirs !== 'string' && typeof ours !== 'string')
    console.log(
      `  Qal ÷ peer: moves/s ${ratio(ours.movesPerS, theirs.movesPerS)}, p50 ${ratio(ours.p50, theirs.p50)}, p99 ${ratio(ours.p99, theirs.p99)}, CPU per move ${ratio(cpuUsPerMove(ours), cpuUsPerMove(theirs))}`,
    );
  if (typeof ours === 'string') process.exitCode = 1;
}

await main();
