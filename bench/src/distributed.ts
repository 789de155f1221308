/**
 * npm run bench:distributed
 *
 * The same flows on the embedded mode (one process, PGlite, as `npm start`) and on the distributed topology (two
 * gateways, game-engine, ledger, leaderboard on Kafka and PostgreSQL, as `npm run start:distributed`), in one run
 * with the same clients, printed side by side. Target: distributed p99 ≤ 60 ms.
 *
 * 1. Rooms (the headline): R rooms × 4 websocket players play word duels (bench/src/rooms-clients.ts in a child
 *    process, as `npm run bench:rooms`); a player moves when its view says it is its turn, after a think time.
 *    Measured: a `match.move` sent → the view showing it received by each OTHER player of the room. Distributed,
 *    a room's players sit on both gateways in turn, so every move crosses from one gateway to the other.
 * 2. Tokens: a command that moves tokens (daily bonus, sandbox purchase confirmed) over HTTP → the wallet push on
 *    the player's websocket (distributed: in through gateway 1, out of gateway 2).
 *
 * `npm run bench:distributed` compiles the platform first: every server process runs its dist/, as `npm start` and
 * `npm run start:distributed` run them.
 * Needs PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432) and a broker (KAFKA_BROKERS, else the test broker
 * of scripts/kafka.sh, started with the full JIT). Knobs: BENCH_ROOMS (R, default 50), BENCH_ROOMS_THINK_MS (mean
 * think time, default 2000; 0 = move at once), BENCH_ROOMS_WARMUP (rooms played first at once and not counted,
 * default 3), BENCH_ROOMS_SETUP_CONCURRENCY (rooms set up at once, not measured; default 25), BENCH_USERS (token flow users, default 30; 0 skips it), BENCH_PURCHASES (per user, default 4),
 * BENCH_CONCURRENCY (token users at a time, default 4), BENCH_TRACE=1 (per-stage times from the processes' latency
 * trace), BENCH_SKIP_EMBEDDED=1 (while iterating on the distributed mode; a reported run has both).
 * Results: printed and written to bench/results/distributed.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, findOrStartKafka, findTestPostgres, freePort, stopKafkaIfStarted } from '@qal/events/testing';
import { createTopology, REPO_ROOT, serviceLaunch } from '../../scripts/distributed/topology.ts';
import { latencyTraces, round, smsOutbox, type LatencyTraces, type StageFigure } from './bench-support.ts';
import { benchRooms, startPlayers, type RoomsFigures, type RoomsSettings } from './distributed-rooms.ts';
import { benchTokens, type TokenFigures, type TokenSettings } from './distributed-tokens.ts';

const TARGET_P99_MS = 60;
const ROOMS: RoomsSettings = {
  rooms: Number(process.env.BENCH_ROOMS ?? 50),
  warmUpRooms: Number(process.env.BENCH_ROOMS_WARMUP ?? 3),
  thinkMs: Number(process.env.BENCH_ROOMS_THINK_MS ?? 2_000),
  setupConcurrency: Number(process.env.BENCH_ROOMS_SETUP_CONCURRENCY ?? 25),
  signInConcurrency: 16,
};
const TOKENS: TokenSettings = {
  users: Number(process.env.BENCH_USERS ?? 30),
  warmUpUsers: 4,
  purchasesPerUser: Number(process.env.BENCH_PURCHASES ?? 4),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 4),
};
const PEPPER = 'bench-pepper-bench-pepper-bench-pepper-0123456789';
const TRACE = process.env.BENCH_TRACE === '1';
/** Every server process runs compiled (the npm script builds first). */
const LAUNCH = serviceLaunch(true);
const COMMON_ENV = {
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '1',
  RATE_LIMIT_PER_MINUTE: '100000000',
  OTP_PEPPER: PEPPER,
  ...(TRACE ? { QAL_LATENCY_TRACE: '1' } : {}),
};

interface ModeFigures {
  readonly rooms: RoomsFigures;
  readonly tokens: TokenFigures | null;
}

/** This process's environment without the variables that would point a child at another setup. */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, KAFKA_BROKERS: _kafka, QAL_MODE: _mode, PORT: _port, ...rest } = process.env;
  return rest;
}

async function waitReady(url: string, exited: () => boolean) {
  for (let i = 0; i < 600; i++) {
    if (exited()) throw new Error(`${url} exited before it was ready`);
    if (
      await fetch(`${url}/ready`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready`);
}

async function runFlows(
  name: string,
  bases: readonly string[],
  codeFor: (phone: string) => Promise<string>,
  traces: LatencyTraces | null,
  players: ReturnType<typeof startPlayers>,
): Promise<ModeFigures> {
  console.log(`  ${name}: rooms…`);
  const rooms = await benchRooms({ name, bases, codeFor, traces }, ROOMS, players);
  console.log(`  ${name}: rooms done (${rooms.moves} moves in ${rooms.playSeconds} s); tokens…`);
  const tokens = TOKENS.users > 0 ? await benchTokens({ commandUrl: bases[0]!, pushUrl: bases.at(-1)!, codeFor, traces }, TOKENS) : null;
  return { rooms, tokens };
}

async function benchEmbedded(players: ReturnType<typeof startPlayers>): Promise<ModeFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qal-bench-embedded-'));
  const port = await freePort();
  const outbox = smsOutbox();
  const traces = TRACE ? latencyTraces() : null;
  const child = spawn(process.execPath, [...LAUNCH.nodeArguments, LAUNCH.entries.gateway], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...COMMON_ENV, QAL_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => outbox.take(line));
  createInterface({ input: child.stderr }).on('line', (line) => traces?.take(line) || process.stderr.write(`[embedded] ${line}\n`));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, () => child.exitCode !== null);
    return await runFlows('embedded', [url], outbox.codeFor, traces, players);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchDistributed(serverUrl: string, brokers: string, players: ReturnType<typeof startPlayers>): Promise<ModeFigures> {
  const scratch = await createScratchDatabase(serverUrl);
  const outbox = smsOutbox();
  const traces = TRACE ? latencyTraces() : null;
  const [g1, g2, ledgerPort, enginePort, leaderboardPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const topology = createTopology({
    databaseUrl: scratch.url,
    kafkaBrokers: brokers,
    otpPepper: PEPPER,
    gatewayPorts: [g1, g2],
    ledgerPort,
    enginePort,
    leaderboardPort,
    metricsPorts: { ledger: await freePort(), 'game-engine': await freePort(), leaderboard: await freePort() },
    compiled: true,
    env: COMMON_ENV,
    onLine: (name, line, stream) => {
      outbox.take(line);
      if (stream === 'stderr' && !traces?.take(line)) process.stderr.write(`[${name}] ${line}\n`);
    },
  });
  try {
    await topology.start();
    return await runFlows('distributed', [`http://127.0.0.1:${g1}`, `http://127.0.0.1:${g2}`], outbox.codeFor, traces, players);
  } finally {
    await topology.stop();
    await scratch.drop();
  }
}

const cell = (value: number | string, width = 8) => String(value).padStart(width);

function printRooms(modes: readonly (readonly [string, RoomsFigures])[]) {
  console.log(
    `\nrooms: ${ROOMS.rooms} rooms × 4 players, word duels, think time ${ROOMS.thinkMs} ms mean (BENCH_ROOMS, BENCH_ROOMS_THINK_MS)`,
  );
  console.log(`${''.padEnd(12)}  move → others' view (ms)     move → own result   moves/s  finished  refused  missing`);
  console.log(`${''.padEnd(12)} ${cell('p50')} ${cell('p99')} ${cell('max')}   ${cell('p50')} ${cell('p99')}`);
  for (const [name, r] of modes) {
    console.log(
      `${name.padEnd(12)} ${cell(r.moveToOthersView.p50Ms)} ${cell(r.moveToOthersView.p99Ms)} ${cell(r.moveToOthersView.maxMs)}   ${cell(r.moveToResult.p50Ms)} ${cell(r.moveToResult.p99Ms)}  ${cell(r.movesPerSecond)}  ${cell(`${r.matchesFinished}/${r.rooms}`, 8)} ${cell(r.refusedMoves)} ${cell(r.missingViews)}`,
    );
    if (r.machineCpu.length > 0)
      console.log(`${''.padEnd(12)} CPU over the play, % of a core: ${r.machineCpu.map((c) => `${c.role} ${c.percent}`).join(', ')}`);
    if (r.stalled)
      console.log(`${''.padEnd(12)} STALLED: ${r.stalled}\n${r.stuckRooms.map((room) => `${''.padEnd(14)}${room}`).join('\n')}`);
  }
}

function printTokens(modes: readonly (readonly [string, TokenFigures])[]) {
  console.log(
    `\ntokens: ${TOKENS.users} users, each the daily bonus + ${TOKENS.purchasesPerUser} purchases confirmed, ${TOKENS.concurrency} at a time (BENCH_USERS)`,
  );
  console.log(`${''.padEnd(12)}  command → push (ms)          command → answer   commands/s`);
  console.log(`${''.padEnd(12)} ${cell('p50')} ${cell('p99')} ${cell('max')}   ${cell('p50')} ${cell('p99')}`);
  for (const [name, t] of modes) {
    console.log(
      `${name.padEnd(12)} ${cell(t.commandToPush.p50Ms)} ${cell(t.commandToPush.p99Ms)} ${cell(t.commandToPush.maxMs)}   ${cell(t.commandToAnswer.p50Ms)} ${cell(t.commandToAnswer.p99Ms)}  ${cell(t.commandsPerSecond)}`,
    );
  }
}

function printStages(title: string, stages: readonly StageFigure[] | undefined) {
  if (!stages) return;
  console.log(`\n${title}: ms (p50 / p99, samples)`);
  for (const s of stages) console.log(`  ${s.stage.padEnd(36)} ${cell(s.p50Ms)} ${cell(s.p99Ms)}   (${s.count})`);
}

async function main() {
  // A broker this bench starts gets the full JIT (scripts/kafka.sh defaults to C1 only, for fast test starts).
  process.env.KAFKA_JVM_OPTS ??= '-Xms512m -Xmx512m -XX:+UseG1GC';
  const serverUrl = await findTestPostgres();
  const brokers = serverUrl ? await findOrStartKafka() : null;
  if (!serverUrl || !brokers) throw new Error('bench:distributed needs PostgreSQL and a Kafka broker (see the messages above)');
  const loadAtStart = loadavg().map((l) => round(l, 2));
  const players = startPlayers();
  try {
    console.log(`bench:distributed on ${cpus().length} cores, load ${loadAtStart.join(' ')}`);
    console.log(
      `rooms: R = ${ROOMS.rooms} (+${ROOMS.warmUpRooms} warm-up rooms played at once first), think time ${ROOMS.thinkMs} ms mean; tokens: ${TOKENS.users} users`,
    );
    const embedded = process.env.BENCH_SKIP_EMBEDDED === '1' ? null : await benchEmbedded(players);
    const distributed = await benchDistributed(serverUrl, brokers, players);
    const modes = [...(embedded ? [['embedded', embedded] as const] : []), ['distributed', distributed] as const];

    printRooms(modes.map(([name, m]) => [name, m.rooms] as const));
    const tokenModes = modes.flatMap(([name, m]) => (m.tokens ? [[name, m.tokens] as const] : []));
    if (tokenModes.length > 0) printTokens(tokenModes);
    if (TRACE) {
      for (const [name, m] of modes) {
        printStages(`${name}, rooms: a move`, m.rooms.stages);
        printStages(`${name}, rooms: a move, hop by hop`, m.rooms.hops);
        printStages(`${name}, tokens: a command`, m.tokens?.stages);
      }
    }
    const p99 = distributed.rooms.moveToOthersView.p99Ms;
    const met = p99 <= TARGET_P99_MS && !distributed.rooms.stalled;
    console.log(
      `\ndistributed rooms p99 ${p99} ms: ${met ? 'meets' : 'MISSES'} the target of ≤ ${TARGET_P99_MS} ms (${distributed.rooms.moveToOthersView.count} samples)`,
    );
    const results = {
      at: new Date().toISOString(),
      // other work on the machine shows in every figure: compare runs only at similar load
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model ?? 'unknown',
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
        node: process.version,
      },
      workload: { rooms: ROOMS, tokens: TOKENS },
      path: {
        embedded: 'websocket → gateway (engine in process, PGlite) → store tail → websocket',
        distributed: 'websocket → gateway → commands.engine → game-engine (PostgreSQL) → relay → events.engine → both gateways → websocket',
      },
      embedded,
      distributed,
      targetP99Ms: TARGET_P99_MS,
      meetsTarget: met,
    };
    const file = join(dirname(fileURLToPath(import.meta.url)), '../results/distributed.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    players.stop();
    await stopKafkaIfStarted();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
