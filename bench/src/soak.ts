/**
 * npm run soak
 *
 * The rooms benchmark's load for a long while, watching the platform's memory: R rooms of 4 websocket players
 * (rooms-clients.ts, in a child process) play word duels on the embedded platform (one process: gateway, engine,
 * ledger, leaderboard, event store on PGlite files on a worker thread), each player thinking before each move, and
 * a room whose duel is over opens a new room with the same players and plays on, so new streams, rooms and matches
 * keep coming. Every minute it prints the platform process's RSS (all its threads), its live heap (heap used
 * right after a full collection: run with --expose-gc, as the npm script does) and the embedded database's
 * WebAssembly memory (its size, and how much of it is resident: wasm-resident.ts). At the end it prints the load it
 * carried and whether memory kept growing (soak-verdict.ts: the least-squares slope after a warm-up, for RSS outside
 * the database's memory, the live heap and the size of the database's memory, against named limits), and exits 1 if
 * it did, or if the run was too short to judge.
 *
 * Knobs: SOAK_MINUTES (default 20), SOAK_ROOMS (default 100), SOAK_THINK_MS (a player's mean think time, default
 * 2000), SOAK_WARMUP_MINUTES (default half the run, 1 to 10), SOAK_HEAP_SNAPSHOTS (a directory: a heap
 * snapshot of the platform process is written there at the end of the warm-up and at the end, to compare what the
 * heap kept; writing one raises RSS for good, so judge RSS on a run without them). Writes
 * bench/results/soak-<timestamp>.json.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { openThreadedPgliteDatabase, type ThreadedPgliteDatabase } from '@qal/events';
import { createTestPlatform, type TestPlatform } from '@qal/gateway/testing';
import { round, summary, wholeFromEnv as whole } from './bench-support.ts';
import type { BenchUser, ClientsMessage, ParentMessage, RunReport } from './rooms-protocol.ts';
import { setterWords } from './rooms-words.ts';
import {
  defaultWarmupMinutes,
  judgeMemory,
  rssOutsideDatabaseMb,
  SOAK_GROWTH_LIMITS,
  type MemorySample,
  type Verdict,
} from './soak-verdict.ts';
import { residentKbOfMapping } from './wasm-resident.ts';

const MINUTE_MS = 60_000;
const MB = 1024 * 1024;
const SIGNIN_CONCURRENCY = 32;
const SETUP_CONCURRENCY = 25;
/**
 * Tokens a player may spend on entry fees per minute of soak, with room to spare: a duel's fee is about 8, and a room
 * plays at most a few duels a minute even with no think time. The welcome grant alone runs out after about a dozen.
 */
const TOKENS_PER_PLAYER_MINUTE = 50;
/** The sandbox package bought (as often as needed) before play. */
const TOP_UP_PACKAGE = { id: 'tokens_1000', tokens: 1_000 } as const;

const MINUTES = whole('SOAK_MINUTES', 20, 1);
const ROOMS = whole('SOAK_ROOMS', 100, 1);
const THINK_MS = whole('SOAK_THINK_MS', 2_000, 0);
const WARMUP_MINUTES = whole('SOAK_WARMUP_MINUTES', defaultWarmupMinutes(MINUTES), 0);
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS || null;

const load = () => loadavg().map((l) => round(l, 2));

/**
 * The platform process now: RSS, heap used after a full collection (when gc is exposed), and the database's
 * WebAssembly memory (its size, and how much of it is resident).
 */
async function sampleMemory(db: ThreadedPgliteDatabase, minute: number, moves: number): Promise<MemorySample> {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const wasmBytes = await db.wasmMemoryBytes();
  const residentKb = residentKbOfMapping(wasmBytes);
  const usage = process.memoryUsage();
  const database = residentKb === null ? undefined : { sizeMb: round(wasmBytes / MB), residentMb: round(residentKb / 1024) };
  return { minute, rssMb: round(usage.rss / MB), heapUsedMb: round(usage.heapUsed / MB), moves, ...(database ? { database } : {}) };
}

/** A heap snapshot of this process (the platform's) in `dir`, named by the minute; blocks for a few seconds. */
function writeSnapshot(dir: string, minute: number) {
  mkdirSync(dir, { recursive: true });
  const file = writeHeapSnapshot(join(dir, `soak-minute-${String(minute).padStart(3, '0')}.heapsnapshot`));
  console.log(`  heap snapshot written to ${file}`);
}

/** Counts the moves the platform is asked to make (the load is still on: a stalled run would look steady). */
function countMoves(platform: TestPlatform['platform']) {
  let moves = 0;
  const send = platform.commands.send.bind(platform.commands);
  (platform.commands as { send: typeof send }).send = (command, options) => {
    if (command.type === 'MakeMove') moves += 1;
    return send(command, options);
  };
  return () => moves;
}

async function signInPlayers(t: TestPlatform, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGNIN_CONCURRENCY }, async () => {
      for (let i = next++; i < count; i = next++) {
        const { token, user } = await t.signIn(undefined, { name: `Soak ${i + 1}` });
        users[i] = { userId: user.id, token };
      }
    }),
  );
  return users;
}

/** Buys each player enough tokens for the whole soak (the sandbox payment provider, as a player would). */
async function topUp(t: TestPlatform, users: readonly BenchUser[]) {
  const purchases = Math.ceil((MINUTES * TOKENS_PER_PLAYER_MINUTE) / TOP_UP_PACKAGE.tokens);
  const call = async (url: string, token: string, payload?: object) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    if (response.statusCode !== 200) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ data: { purchaseId: string } }>().data;
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGNIN_CONCURRENCY }, async () => {
      for (let i = next++; i < users.length; i = next++) {
        for (let n = 0; n < purchases; n++) {
          const { purchaseId } = await call('/wallet/purchases', users[i]!.token, { package: TOP_UP_PACKAGE.id });
          await call(`/payments/sandbox/${purchaseId}/confirm`, users[i]!.token);
        }
      }
    }),
  );
  return purchases * TOP_UP_PACKAGE.tokens;
}

/** Plays for MINUTES, sampling memory every minute from `go`; resolves with the samples and the clients' report. */
function soak(db: ThreadedPgliteDatabase, clients: ReturnType<typeof fork>, request: ParentMessage, movesSoFar: () => number) {
  return new Promise<{ samples: MemorySample[]; report: RunReport }>((resolve, reject) => {
    const samples: MemorySample[] = [];
    let sampling: NodeJS.Timeout | null = null;
    let lastMoves = 0;
    /** Samples are taken one after another (each waits for the database's answer). */
    let taking: Promise<void> = Promise.resolve();
    const take = (minute: number) => {
      taking = taking.then(() => takeSample(minute));
      return taking;
    };
    const takeSample = async (minute: number) => {
      const moves = movesSoFar();
      const sample = await sampleMemory(db, minute, moves - lastMoves);
      samples.push(sample);
      const database = sample.database
        ? `, database ${sample.database.residentMb.toFixed(1).padStart(6)} of ${sample.database.sizeMb.toFixed(1)} MB resident, RSS outside it ${rssOutsideDatabaseMb(sample).toFixed(1).padStart(7)} MB`
        : '';
      console.log(
        `  minute ${String(minute).padStart(3)}/${MINUTES}: RSS ${sample.rssMb.toFixed(1).padStart(7)} MB${database}, live heap ${sample.heapUsedMb.toFixed(1).padStart(7)} MB; ${sample.moves} moves; load ${load().join(' ')}`,
      );
      lastMoves = moves;
      if (HEAP_SNAPSHOTS && (minute === WARMUP_MINUTES || minute === MINUTES)) writeSnapshot(HEAP_SNAPSHOTS, minute);
    };
    const onMessage = (message: ClientsMessage) => {
      if (message.type === 'ready') {
        void take(0);
        let minute = 0;
        sampling = setInterval(() => {
          minute += 1;
          void take(minute);
          if (minute >= MINUTES && sampling) clearInterval(sampling);
        }, MINUTE_MS);
        clients.send({ type: 'go' } satisfies ParentMessage);
        return;
      }
      clients.off('message', onMessage);
      if (sampling) clearInterval(sampling);
      void taking.then(async () => {
        if (samples.length <= MINUTES) await take(MINUTES); // the report came before the last minute's tick
        if (message.type === 'failed') reject(new Error(message.error));
        else resolve({ samples, report: message });
      }, reject);
    };
    clients.on('message', onMessage);
    clients.send(request);
  });
}

function printVerdict(verdict: Verdict) {
  const limits = `limits ${SOAK_GROWTH_LIMITS.rssMbPerMinute} MB/min RSS outside the database, ${SOAK_GROWTH_LIMITS.heapMbPerMinute} MB/min live heap, ${SOAK_GROWTH_LIMITS.databaseMbPerMinute} MB/min database memory`;
  if (verdict.kind === 'load_stopped') {
    console.log(`  LOAD STOPPED: no move in minute ${verdict.minutes.join(', ')}; memory under no load proves nothing`);
    return;
  }
  if (verdict.kind === 'too_short') {
    console.log(`  TOO SHORT: ${verdict.judged} samples after a ${WARMUP_MINUTES} min warm-up; give SOAK_MINUTES at least the warm-up + 2`);
    return;
  }
  const figures = `RSS outside the database ${verdict.rssMbPerMinute.toFixed(2)} MB/min, live heap ${verdict.heapMbPerMinute.toFixed(2)} MB/min, database memory ${verdict.databaseMbPerMinute.toFixed(2)} MB/min over ${verdict.judged} samples after a ${WARMUP_MINUTES} min warm-up (${limits})`;
  console.log(verdict.kind === 'steady' ? `  steady: ${figures}` : `  GROWING (${verdict.over.join(', ')}): ${figures}`);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-soak-'));
  const db = await openThreadedPgliteDatabase(join(dataDir, 'pglite'));
  const t = await createTestPlatform({ db, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const clients = fork(fileURLToPath(new URL('./rooms-clients.ts', import.meta.url)), [], { execArgv: process.execArgv, stdio: 'inherit' });
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const movesSoFar = countMoves(t.platform);
    if (!(globalThis as { gc?: unknown }).gc) console.log('  (no --expose-gc: the heap figures include garbage; run it as npm run soak)');
    console.log(
      `soak: ${ROOMS} rooms × 4 players thinking ${THINK_MS} ms on average, for ${MINUTES} min (warm-up ${WARMUP_MINUTES} min); embedded platform, PGlite on disk on a worker thread; ${cpus().length} cores, load ${load().join(' ')}`,
    );
    const users = await signInPlayers(t, ROOMS * 4);
    const tokens = await topUp(t, users);
    console.log(`  ${users.length} players signed in, each bought ${tokens} tokens; setting up the rooms`);
    const { samples, report } = await soak(
      db,
      clients,
      {
        type: 'run',
        label: 'soak',
        base,
        rooms: ROOMS,
        users,
        words: setterWords(),
        setupConcurrency: SETUP_CONCURRENCY,
        thinkMs: THINK_MS,
        window: { warmupS: 0, durationS: MINUTES * 60 },
      },
      movesSoFar,
    );
    const latency = summary(report.samples.map((s) => s.receivedAt - s.sentAt));
    const window = report.window;
    console.log(
      `  load carried: ${window?.sent ?? 0} moves sent (${round((window?.seen ?? 0) / (MINUTES * 60))} seen per second), ${window?.duelsStarted ?? 0} new duels opened; ${window?.unobserved ?? 0} views never came, ${report.refusedMoves} moves refused, ${window?.restartFailures.length ?? 0} rooms stopped; move → others' view p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms`,
    );
    const verdict = judgeMemory(samples, { warmupMinutes: WARMUP_MINUTES, ...SOAK_GROWTH_LIMITS });
    printVerdict(verdict);
    const at = new Date().toISOString();
    const out = join(dirname(fileURLToPath(import.meta.url)), `../results/soak-${at.replace(/[:.]/g, '-')}.json`);
    mkdirSync(dirname(out), { recursive: true });
    const results = { at, minutes: MINUTES, rooms: ROOMS, thinkMs: THINK_MS, warmupMinutes: WARMUP_MINUTES, samples, latency, verdict };
    writeFileSync(out, `${JSON.stringify({ ...results, window: window ?? null, limits: SOAK_GROWTH_LIMITS }, null, 2)}\n`);
    console.log(`  written to ${out}`);
    process.exitCode = verdict.kind === 'steady' ? 0 : 1;
  } finally {
    clients.disconnect();
    await t.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
