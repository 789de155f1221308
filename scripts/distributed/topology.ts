/**
 * The distributed topology as child processes: the service processes (ledger, game-engine, leaderboard) and any
 * number of gateways, each `node <entry>` (compiled or through tsx) with its environment. Shared by `npm run
 * start:distributed`, the fault tests (tests/distributed) and `npm run bench:distributed`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface TopologyOptions {
  readonly databaseUrl: string;
  readonly kafkaBrokers: string;
  /** Shared by the gateways for per-IP limits; without it each gateway counts on its own. */
  readonly redisUrl?: string | null;
  /** Every gateway must share it (OTP codes are stored peppered). */
  readonly otpPepper: string;
  /** One gateway per port. */
  readonly gatewayPorts: readonly number[];
  readonly ledgerPort: number;
  readonly enginePort: number;
  readonly leaderboardPort: number;
  /** Each service's METRICS_PORT; a service left out answers /metrics on its default (9101, 9102, 9103). */
  readonly metricsPorts?: Readonly<Partial<Record<'ledger' | 'game-engine' | 'leaderboard', number>>>;
  /** More environment for every process (LOG_LEVEL, TRUST_PROXY, ...). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Run the services compiled (their dist/, which `npm run build:server` writes) or from source through tsx; by
   * default, as the launcher itself runs.
   */
  readonly compiled?: boolean;
  /** Each line a process writes, as it comes. */
  readonly onLine?: (name: string, line: string, stream: 'stdout' | 'stderr') => void;
  /** A process ended that nobody asked to stop. */
  readonly onUnexpectedExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface ManagedProcess {
  readonly name: string;
  readonly port: number;
  /** Where it answers /metrics: its METRICS_PORT, else a gateway's own port (development); null for a service's default. */
  readonly metricsPort: number | null;
  readonly pid: number | null;
  readonly running: boolean;
  /** Starts it (again); the previous run must have ended. */
  start(): void;
  /** Until GET /ready answers 200; fails when the process ends first or the time is up. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Sends a signal to this process only (by its PID) and waits until it has ended. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface Topology {
  readonly processes: readonly ManagedProcess[];
  readonly gateways: readonly ManagedProcess[];
  get(name: string): ManagedProcess;
  /** The services first (they migrate their schemas), then the gateways; resolves when all are ready. */
  start(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** How the launcher itself runs: compiled (`npm run build`, scripts/build.ts), or from source through tsx. */
const LAUNCHER_COMPILED = import.meta.url.endsWith('.js');

type ServiceName = 'ledger' | 'game-engine' | 'leaderboard' | 'gateway';

/** How node starts each service: compiled, its dist/ entry; from source, its src/ entry through tsx. */
export interface ServiceLaunch {
  readonly entries: Readonly<Record<ServiceName, string>>;
  /** Compiled, workspace packages resolve to their dist/ (their `exports`' qal-compiled). */
  readonly nodeArguments: readonly string[];
}

export function serviceLaunch(compiled: boolean = LAUNCHER_COMPILED): ServiceLaunch {
  const folder = compiled ? 'dist' : 'src';
  const extension = compiled ? 'js' : 'ts';
  const entry = (service: string) => `services/${service}/${folder}/main.${extension}`;
  return {
    entries: { ledger: entry('ledger'), 'game-engine': entry('game-engine'), leaderboard: entry('leaderboard'), gateway: entry('gateway') },
    nodeArguments: compiled ? ['--conditions=qal-compiled'] : ['--import', 'tsx'],
  };
}

const READY_TIMEOUT_MS = 120_000;

// Children run in process groups of their own, so they would outlive a launcher that dies: take them along.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
const STOP_GRACE_MS = 20_000;

export function createTopology(options: TopologyOptions): Topology {
  const launch = serviceLaunch(options.compiled);
  const command = (service: ServiceName) => [...launch.nodeArguments, launch.entries[service]];
  const common: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    KAFKA_BROKERS: options.kafkaBrokers,
    ...options.env,
  };
  const metricsEnv = (name: keyof NonNullable<TopologyOptions['metricsPorts']>): Record<string, string> => {
    const port = options.metricsPorts?.[name];
    return port === undefined ? {} : { METRICS_PORT: String(port) };
  };
  const services = [
    managed(
      'ledger',
      command('ledger'),
      options.ledgerPort,
      { ...common, LEDGER_PORT: String(options.ledgerPort), ...metricsEnv('ledger') },
      options,
    ),
    managed(
      'game-engine',
      command('game-engine'),
      options.enginePort,
      { ...common, ENGINE_PORT: String(options.enginePort), ...metricsEnv('game-engine') },
      options,
    ),
    managed(
      'leaderboard',
      command('leaderboard'),
      options.leaderboardPort,
      { ...common, LEADERBOARD_PORT: String(options.leaderboardPort), ...metricsEnv('leaderboard') },
      options,
    ),
  ];
  const gateways = options.gatewayPorts.map((port, index) =>
    managed(
      `gateway-${index + 1}`,
      command('gateway'),
      port,
      {
        ...common,
        QAL_MODE: 'distributed',
        PORT: String(port),
        GATEWAY_INSTANCE_ID: `gateway-${index + 1}`,
        OTP_PEPPER: options.otpPepper,
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      },
      options,
    ),
  );
  const processes = [...services, ...gateways];
  return {
    processes,
    gateways,
    get(name) {
      const found = processes.find((p) => p.name === name);
      if (!found) throw new Error(`no process ${name} in this topology`);
      return found;
    },
    async start(timeoutMs = READY_TIMEOUT_MS) {
      for (const service of services) service.start();
      await Promise.all(services.map((s) => s.waitReady(timeoutMs)));
      for (const gateway of gateways) gateway.start();
      await Promise.all(gateways.map((g) => g.waitReady(timeoutMs)));
    },
    async stop() {
      // gateways first: no new commands while the services finish theirs
      await Promise.all(gateways.map((g) => g.stop()));
      await Promise.all(services.map((s) => s.stop()));
    },
  };
}

/** `nodeArgs`: node's arguments, the entry last. */
function managed(
  name: string,
  nodeArgs: readonly string[],
  port: number,
  env: Record<string, string>,
  options: TopologyOptions,
): ManagedProcess {
  let child: ChildProcess | null = null;
  let ended: Promise<void> = Promise.resolve();
  let expectingExit = false;

  const process_: ManagedProcess = {
    name,
    port,
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : env.QAL_MODE === 'distributed' ? port : null,
    get pid() {
      return child?.pid ?? null;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    start() {
      if (process_.running) throw new Error(`${name} is already running`);
      expectingExit = false;
      const started = spawn(process.execPath, nodeArgs, {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // its own process group: a terminal's Ctrl-C reaches only the launcher, which stops each one gracefully
        detached: true,
      });
      running.add(started);
      child = started;
      for (const stream of ['stdout', 'stderr'] as const) {
        createInterface({ input: started[stream] }).on('line', (line) => options.onLine?.(name, line, stream));
      }
      ended = new Promise<void>((resolve) => {
        started.once('exit', (code, signal) => {
          running.delete(started);
          if (!expectingExit) options.onUnexpectedExit?.(name, code, signal);
          resolve();
        });
      });
    },
    async waitReady(timeoutMs = READY_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!process_.running) throw new Error(`${name} ended before it was ready`);
        try {
          const response = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2_000) });
          if (response.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${name} was not ready on :${port} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async kill(signal) {
      if (!process_.running || !child) return;
      expectingExit = true;
      child.kill(signal);
      await ended;
    },
    async stop(graceMs = STOP_GRACE_MS) {
      if (!process_.running || !child) return;
      expectingExit = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), graceMs);
      await ended;
      clearTimeout(timer);
    },
  };
  return process_;
}
