/**
 * npm run bench:distributed
 *
 * Command-to-push latency: a player sends a command that moves tokens (the daily bonus, confirming a token
 * purchase) and the clock stops when the wallet push for it arrives on the player's websocket. Measured on the
 * distributed topology (two gateways, game-engine, ledger, leaderboard on Kafka and PostgreSQL; the command goes
 * in through gateway 1 and the push comes out of gateway 2) and, in the same run with the same client, on the
 * embedded mode (one process, PGlite). Target: distributed p99 ≤ 60 ms (reference/event-store-ledger-kafka.md §5).
 *
 * Needs PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432) and a broker (KAFKA_BROKERS, else the test broker
 * of scripts/kafka.sh). Sizes: BENCH_USERS (default 60), BENCH_PURCHASES per user (default 4), BENCH_CONCURRENCY
 * (default 4). Results: printed and written to bench/results/distributed.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { findOrStartKafka, stopKafkaIfStarted } from '@qal/events/testing/kafka.ts';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing/postgres.ts';
import { epochMs, LATENCY_TRACE_PREFIX } from '@qal/events/process/latency-trace.ts';
import { uuidFrom } from '@qal/events';
import { createTopology, REPO_ROOT, SERVICE_ENTRIES } from '../../scripts/distributed/topology.ts';

const USERS = Number(process.env.BENCH_USERS ?? 60);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Users whose commands warm both topologies up (JIT, pools, consumer fetch sessions) and are not counted. */
const WARM_UP_USERS = 8;
const TARGET_P99_MS = 60;
const PEPPER = 'bench-pepper-bench-pepper-bench-pepper-0123456789';
const SMS_LINE = /^\[sms\] (\+\d+) (\d{6}) /;
/** BENCH_TRACE=1: the services print when each command passes each stage, and the bench lines them up. */
const TRACE = process.env.BENCH_TRACE === '1';
const COMMON_ENV = { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000', OTP_PEPPER: PEPPER, ...(TRACE ? { QAL_LATENCY_TRACE: '1' } : {}) };

/** Stage → epoch ms, per command id: the first time a command passes a stage (the last for `*.committed`). */
const traces = new Map<string, Map<string, number>>();
/** Idempotency key → command id, for stages traced before the command has its id (`key:<idempotency key>`). */
const keyToCommand = new Map<string, string>();
function recordStage(stage: string, traced: string, at: number) {
  const commandId = traced.startsWith('key:') ? keyToCommand.get(traced.slice(4)) : traced;
  if (!commandId) return;
  const stages = traces.get(commandId) ?? new Map<string, number>();
  traces.set(commandId, stages);
  if (!stages.has(stage) || stage.endsWith('.committed')) stages.set(stage, at);
}
/** Takes a `[latency] <stage> <commandId> <ms>` line of a child process; false for any other line. */
function takeTraceLine(line: string): boolean {
  if (!line.startsWith(LATENCY_TRACE_PREFIX)) return false;
  const [, stage, commandId, at] = line.split(' ');
  if (stage && commandId && at) recordStage(stage, commandId, Number(at));
  return true;
}
/** Per stage: how long after the command was sent each measured command reached it (p50/p99 ms). */
function stageSummary(commandIds: readonly string[]) {
  const offsets = new Map<string, number[]>();
  for (const id of commandIds) {
    const stages = traces.get(id);
    const sent = stages?.get('bench.sent');
    if (!stages || sent === undefined) continue;
    for (const [stage, at] of stages) {
      const list = offsets.get(stage) ?? [];
      list.push(at - sent);
      offsets.set(stage, list);
    }
  }
  return [...offsets]
    .map(([stage, list]) => ({ stage, ...summary(list) }))
    .sort((a, b) => a.p50Ms - b.p50Ms);
}

/** This process's environment without the variables that would point a child at another setup. */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, KAFKA_BROKERS: _kafka, QAL_MODE: _mode, PORT: _port, ...rest } = process.env;
  return rest;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Number(n.toFixed(1));
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? 0) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** SMS codes the console sender printed, by phone. */
function smsOutbox() {
  const codes = new Map<string, string>();
  return {
    take(line: string) {
      const match = SMS_LINE.exec(line);
      if (match) codes.set(match[1]!, match[2]!);
    },
    async codeFor(phone: string) {
      for (let i = 0; i < 200 && !codes.has(phone); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      const code = codes.get(phone);
      if (!code) throw new Error(`no code for ${phone}`);
      return code;
    },
  };
}

interface Target {
  readonly name: string;
  /** Where commands go in. */
  readonly commandUrl: string;
  /** Where the player's websocket follows its wallet. */
  readonly pushUrl: string;
  readonly codeFor: (phone: string) => Promise<string>;
}

let userCounter = 0;

class BenchUser {
  readonly phone = `+2519${String(70_000_000 + ((process.pid * 131 + userCounter * 7919) % 20_000_000)).padStart(8, '0')}`;
  readonly ip = `10.200.${Math.floor(userCounter / 250)}.${(userCounter++ % 250) + 1}`;
  token = '';
  userId = '';
  private socket: WebSocket | null = null;
  private waiting: { balance: number; resolve: (at: number) => void } | null = null;
  balance = 0;

  constructor(private readonly target: Target) {}

  async post(path: string, body?: unknown, key = randomUUID()) {
    const response = await fetch(`${this.target.commandUrl}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': this.ip,
        'idempotency-key': key,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { success: boolean; data: Record<string, unknown> };
    if (!json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async signIn() {
    await this.post('/auth/send-otp', { phone: this.phone });
    const data = await this.post('/auth/verify-otp', { phone: this.phone, otp: await this.target.codeFor(this.phone), name: 'Bench' });
    this.token = String(data.token);
    this.userId = String((data.user as { id: string }).id);
    await new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${this.target.pushUrl.replace('http', 'ws')}/ws?token=${this.token}`);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${this.userId}` })));
      socket.once('error', reject);
      socket.on('message', (raw) => {
        const at = performance.now();
        const message = JSON.parse(raw.toString()) as { type: string; snapshot?: { balance: number }; data?: { balance: number } };
        const wallet = message.type === 'subscribed' ? message.snapshot : message.type === 'push' ? message.data : null;
        if (!wallet) return;
        this.balance = Math.max(this.balance, wallet.balance);
        if (message.type === 'subscribed') resolve();
        if (this.waiting && this.balance >= this.waiting.balance) {
          const { resolve: done } = this.waiting;
          this.waiting = null;
          done(at);
        }
      });
      this.socket = socket;
    });
    // the welcome grant may still be on its way
    if (this.balance < 100) await this.pushOf(100);
  }

  /** Resolves with the time the wallet push showing `balance` arrived. */
  pushOf(balance: number, timeoutMs = 10_000): Promise<number> {
    if (this.balance >= balance) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no push with balance ${balance} for ${this.userId}`)), timeoutMs);
      this.waiting = {
        balance,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
    });
  }

  /** Sends a token-moving command; returns [command → push, command → answer] in ms, and the command's id. */
  async measure(path: string, tokens: number, commandType: string): Promise<[number, number, string]> {
    const expected = this.balance + tokens;
    const key = randomUUID();
    const commandId = uuidFrom('idempotency-key', this.userId, commandType, key);
    keyToCommand.set(key, commandId);
    const sent = performance.now();
    recordStage('bench.sent', commandId, epochMs());
    const pushed = this.pushOf(expected);
    await this.post(path, undefined, key);
    const answered = performance.now();
    recordStage('bench.answered', commandId, epochMs());
    const pushedAt = await pushed;
    recordStage('bench.push', commandId, pushedAt + performance.timeOrigin);
    return [pushedAt - sent, answered - sent, commandId];
  }

  close() {
    this.socket?.close();
  }
}

/** Each user: sign in, the daily bonus, then PURCHASES token purchases (start, then the sandbox confirm). */
async function drive(target: Target) {
  const toPush: number[] = [];
  const toAnswer: number[] = [];
  const commandIds: string[] = [];
  const run = async (users: BenchUser[], record: boolean) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let user = users[next++]; user; user = users[next++]) {
          await user.signIn();
          const samples = [await user.measure('/user/claim-daily-bonus', 10, 'ClaimDailyBonus')];
          for (let i = 0; i < PURCHASES; i++) {
            const { purchaseId } = await user.post('/wallet/purchases', { package: 'tokens_100' });
            samples.push(await user.measure(`/payments/sandbox/${String(purchaseId)}/confirm`, 100, 'ConfirmPurchase'));
          }
          user.close();
          if (!record) continue;
          for (const [push, answer, commandId] of samples) {
            toPush.push(push);
            toAnswer.push(answer);
            commandIds.push(commandId);
          }
        }
      }),
    );
  };
  await run(Array.from({ length: WARM_UP_USERS }, () => new BenchUser(target)), false);
  const started = performance.now();
  await run(Array.from({ length: USERS }, () => new BenchUser(target)), true);
  const elapsedMs = performance.now() - started;
  return {
    commandToPush: summary(toPush),
    commandToAnswer: summary(toAnswer),
    commandsPerSecond: round((toPush.length / elapsedMs) * 1000),
    ...(TRACE ? { stages: stageSummary(commandIds) } : {}),
  };
}

async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited before it was ready`);
    const ok = await fetch(`${url}/ready`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready`);
}

async function benchEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'qal-bench-embedded-'));
  const port = await freePort();
  const outbox = smsOutbox();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVICE_ENTRIES.gateway], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...COMMON_ENV, QAL_DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', TRACE ? 'pipe' : 'inherit'],
  });
  createInterface({ input: child.stdout! }).on('line', (line) => outbox.take(line));
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => takeTraceLine(line) || process.stderr.write(`${line}\n`));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, child);
    return await drive({ name: 'embedded', commandUrl: url, pushUrl: url, codeFor: outbox.codeFor });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchDistributed(serverUrl: string, brokers: string) {
  const scratch = await createScratchDatabase(serverUrl);
  const outbox = smsOutbox();
  const [g1, g2, ledgerPort, enginePort, leaderboardPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const topology = createTopology({
    databaseUrl: scratch.url,
    kafkaBrokers: brokers,
    otpPepper: PEPPER,
    gatewayPorts: [g1, g2],
    ledgerPort,
    enginePort,
    leaderboardPort,
    env: COMMON_ENV,
    onLine: (name, line, stream) => {
      outbox.take(line);
      if (stream === 'stderr' && !takeTraceLine(line)) process.stderr.write(`[${name}] ${line}\n`);
    },
  });
  try {
    await topology.start();
    return await drive({ name: 'distributed', commandUrl: `http://127.0.0.1:${g1}`, pushUrl: `http://127.0.0.1:${g2}`, codeFor: outbox.codeFor });
  } finally {
    await topology.stop();
    await scratch.drop();
  }
}

async function main() {
  // A broker this bench starts gets the full JIT (scripts/kafka.sh defaults to C1 only, for fast test starts).
  process.env.KAFKA_JVM_OPTS ??= '-Xms512m -Xmx512m -XX:+UseG1GC';
  const serverUrl = await findTestPostgres();
  const brokers = serverUrl ? await findOrStartKafka() : null;
  if (!serverUrl || !brokers) throw new Error('bench:distributed needs PostgreSQL and a Kafka broker (see the messages above)');
  const loadAtStart = loadavg().map(round);
  try {
    console.log(`${USERS} users (+${WARM_UP_USERS} warm-up), each: daily bonus + ${PURCHASES} purchases confirmed; ${CONCURRENCY} at a time`);
    // BENCH_SKIP_EMBEDDED=1 while iterating on the distributed mode only; a reported run has both
    const embedded = process.env.BENCH_SKIP_EMBEDDED === '1' ? null : await benchEmbedded();
    const distributed = await benchDistributed(serverUrl, brokers);
    const row = (name: string, r: Awaited<ReturnType<typeof benchEmbedded>>) =>
      `${name.padEnd(12)} ${String(r.commandToPush.p50Ms).padStart(7)} ${String(r.commandToPush.p99Ms).padStart(7)} ${String(r.commandToPush.maxMs).padStart(7)}   ${String(r.commandToAnswer.p50Ms).padStart(7)} ${String(r.commandToAnswer.p99Ms).padStart(7)}   ${String(r.commandsPerSecond).padStart(6)}`;
    console.log('');
    console.log(`${''.padEnd(12)} command → push (ms)        command → answer (ms)   commands/s`);
    console.log(`${''.padEnd(12)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}   ${'p50'.padStart(7)} ${'p99'.padStart(7)}`);
    if (embedded) console.log(row('embedded', embedded));
    console.log(row('distributed', distributed));
    const met = distributed.commandToPush.p99Ms <= TARGET_P99_MS;
    if (TRACE) {
      for (const [name, r] of [['embedded', embedded], ['distributed', distributed]] as const) {
        if (!r) continue;
        console.log(`\n${name}: ms after the command was sent, per stage (p50 / p99)`);
        for (const stage of r.stages ?? []) console.log(`  ${stage.stage.padEnd(20)} ${String(stage.p50Ms).padStart(7)} ${String(stage.p99Ms).padStart(7)}   (${stage.count})`);
      }
    }
    console.log(`\ndistributed p99 ${distributed.commandToPush.p99Ms} ms: ${met ? 'meets' : 'MISSES'} the target of ≤ ${TARGET_P99_MS} ms (${distributed.commandToPush.count} samples)`);
    const results = {
      at: new Date().toISOString(),
      // other work on the machine shows in every figure: compare runs only at similar load
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg().map(round), node: process.version },
      workload: { users: USERS, warmUpUsers: WARM_UP_USERS, purchasesPerUser: PURCHASES, concurrency: CONCURRENCY, commands: 'ClaimDailyBonus, ConfirmPurchase (sandbox)' },
      path: { embedded: 'HTTP → gateway (ledger in process, PGlite) → store tail → websocket', distributed: 'HTTP gateway 1 → commands.ledger → ledger (PostgreSQL) → relay → events.ledger → gateway 2 → websocket' },
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
