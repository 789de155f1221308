/**
 * The whole distributed topology for the fault tests: a scratch PostgreSQL database, a Kafka broker of this
 * suite's own (on its own port, so stopping it hurts no other suite), and the real processes (ledger,
 * game-engine, leaderboard, two gateways) spawned as in `npm run start:distributed`.
 */
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { openPostgresDatabase, type SqlDatabase } from '@qal/events';
import {
  createScratchDatabase,
  findOrStartKafka,
  findTestPostgres,
  findTestRedis,
  freePort,
  kafkaAnswers,
  setKafkaContainerRunning,
  stopKafkaIfStarted,
} from '@qal/events/testing';
import { createTopology, REPO_ROOT, type ManagedProcess, type Topology } from '../../../scripts/distributed/topology.ts';

/** The fault suite's broker: its own port (controller on the next), never the shared test broker or KAFKA_BROKERS. */
export const FAULT_KAFKA_PORT = Number(process.env.KAFKA_FAULT_TEST_PORT ?? 29192);
const KEPT_LINES = 400;
const SMS_LINE = /^\[sms\] (\+\d+) (\d{6}) /;

export interface Cluster {
  readonly topology: Topology;
  readonly databaseUrl: string;
  /** The scratch database (default search_path: schema-qualify the services' tables). */
  readonly db: SqlDatabase;
  readonly brokers: string;
  gatewayUrl(index: number): string;
  readonly gateways: readonly ManagedProcess[];
  process(name: 'ledger' | 'game-engine' | 'leaderboard' | 'gateway-1' | 'gateway-2'): ManagedProcess;
  /** The newest code the console SMS sender printed for a phone (whichever gateway sent it). */
  codeFor(phone: string, timeoutMs?: number): Promise<string>;
  /** scripts/kafka.sh stop on this suite's broker (controlled shutdown, by its PID). */
  stopBroker(): Promise<void>;
  /** scripts/kafka.sh start again on the same storage (topics, offsets and groups kept, as a real restart). */
  startBroker(): Promise<void>;
  /** `npm run ledger:audit` against the scratch database: its exit code and output. */
  audit(): Promise<{ code: number; output: string }>;
  /** The last lines every process wrote, for a failure report. */
  recentLogs(): string;
  close(): Promise<void>;
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function run(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * PostgreSQL and this suite's own broker, or null (the suite skips, reason printed) when either is missing
 * outside CI; in CI that throws.
 */
export async function findDependencies(): Promise<{ serverUrl: string; brokers: string } | null> {
  const serverUrl = await findTestPostgres();
  if (!serverUrl) return null;
  const brokers = await findOrStartKafka({ port: FAULT_KAFKA_PORT });
  return brokers ? { serverUrl, brokers } : null;
}

export { stopKafkaIfStarted };

/** A scratch database and the five processes on them, all ready. */
export async function startCluster({ serverUrl, brokers }: { serverUrl: string; brokers: string }): Promise<Cluster> {
  const scratch = await createScratchDatabase(serverUrl);
  const found = await findTestRedis();
  const redisUrl = found ?? 'redis://127.0.0.1:6379';
  const useRedis = found !== null && (await redisAnswers(redisUrl));
  if (!useRedis) console.warn(`no Redis at ${redisUrl}: the gateways count per-IP limits each on its own`);

  const lines: string[] = [];
  const codes = new Map<string, string>();
  const codeWaiters = new Set<() => void>();
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
    redisUrl: useRedis ? redisUrl : null,
    otpPepper: 'fault-test-pepper-fault-test-pepper-0123456789',
    gatewayPorts: [g1!, g2!],
    ledgerPort: ledgerPort!,
    enginePort: enginePort!,
    leaderboardPort: leaderboardPort!,
    // free ports, so a start:distributed on this machine (its services on 9101-9103) does not collide
    metricsPorts: { ledger: await freePort(), 'game-engine': await freePort(), leaderboard: await freePort() },
    env: {
      LOG_LEVEL: process.env.FAULT_TEST_LOG_LEVEL ?? 'warn',
      // every simulated player has an address of its own (X-Forwarded-For), as behind a proxy
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      QAL_DATA_DIR: path.join(REPO_ROOT, '.data', 'fault-tests'),
      CLIENT_DIST_DIR: path.join(REPO_ROOT, '.data', 'fault-tests', 'no-client'),
    },
    onLine(name, line) {
      const sms = SMS_LINE.exec(line);
      if (sms) {
        codes.set(sms[1]!, sms[2]!);
        for (const wake of [...codeWaiters]) wake();
        return;
      }
      lines.push(`[${name}] ${line}`);
      if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    },
  });
  const kafkaEnv = { KAFKA_PORT: String(FAULT_KAFKA_PORT) };
  const kafkaScript = path.join(REPO_ROOT, 'scripts/kafka.sh');
  const db = openPostgresDatabase({ connectionString: scratch.url, maxConnections: 4 });

  const cluster: Cluster = {
    topology,
    databaseUrl: scratch.url,
    db,
    brokers,
    gateways: topology.gateways,
    gatewayUrl: (index) => `http://127.0.0.1:${topology.gateways[index]!.port}`,
    process: (name) => topology.get(name),
    async codeFor(phone, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!codes.has(phone)) {
        if (Date.now() > deadline) throw new Error(`no SMS code for ${phone}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            codeWaiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          codeWaiters.add(wake);
        });
      }
      return codes.get(phone)!;
    },
    async stopBroker() {
      if (await setKafkaContainerRunning(FAULT_KAFKA_PORT, false)) return;
      const result = await run('bash', [kafkaScript, 'stop'], kafkaEnv, 60_000);
      if (result.code !== 0) throw new Error(`kafka.sh stop failed: ${result.output}`);
    },
    async startBroker() {
      if (await setKafkaContainerRunning(FAULT_KAFKA_PORT, true)) {
        if (!(await kafkaAnswers(brokers, 60_000))) throw new Error('the broker container did not answer after its restart');
        return;
      }
      const result = await run('bash', [kafkaScript, 'start'], { ...kafkaEnv, KAFKA_KEEP_DATA: '1' }, 120_000);
      if (result.code !== 0 || !(await kafkaAnswers(brokers, 30_000))) throw new Error(`kafka.sh start failed: ${result.output}`);
    },
    audit: () =>
      run(
        process.execPath,
        ['--import', 'tsx', 'services/ledger/src/audit/cli.ts', '--summary'],
        { DATABASE_URL: scratch.url, LEDGER_SCHEMA: 'ledger' },
        120_000,
      ),
    recentLogs: () => lines.join('\n'),
    async close() {
      await topology.stop().catch(() => undefined);
      await db.close().catch(() => undefined);
      await scratch.drop().catch((error: unknown) => console.warn(`could not drop ${scratch.url}: ${String(error)}`));
    },
  };
  try {
    await topology.start();
  } catch (error) {
    console.error(cluster.recentLogs());
    await cluster.close();
    throw error;
  }
  return cluster;
}
