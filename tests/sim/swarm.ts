/**
 * The swarm: every selected simulation over a range of seeds, spread over worker processes (worker.ts), one
 * simulation after the other so each one's rate is its own. A seed that breaks an invariant, throws, kills its
 * worker or hangs is a failure with the command that replays it; the swarm goes on with the next seed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SeedResult, WorkerRequest, WorkerResponse } from './protocol.ts';
import type { SimulationName } from './simulations.ts';
import type { StoreKind } from './storage.ts';

/** CI's run (swarm.test.ts), and the command's default: seeds 1 to 200 of every simulation. */
export const CI_SEEDS = 200;
export const FIRST_SEED = 1;

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A seed takes well under a second: one still running after this hangs (a deadlock, a lost wait). */
const SEED_TIMEOUT_MS = 120_000;
/** A worker that has not opened its database after this is stuck. */
const START_TIMEOUT_MS = 120_000;
/**
 * A worker that has grown past this is started afresh before its next seed: a long run (thousands of seeds in one
 * process) stays bounded whatever the simulated services keep between seeds.
 */
const MAX_WORKER_RSS = 2 * 1024 ** 3;
/** How much of a dead worker's stderr a failure quotes. */
const STDERR_TAIL = 2_000;

export interface SwarmOptions {
  readonly names: readonly SimulationName[];
  /** How many seeds of each simulation, from `from` on. */
  readonly seeds: number;
  readonly from: number;
  readonly workers: number;
  /** The event store the seeds with storage run on (default memory). */
  readonly store?: StoreKind;
  /** Hears of each failure as it happens, and of each simulation as it finishes. */
  readonly onFailure?: (failure: SwarmFailure) => void;
  readonly onSimulation?: (summary: SimulationSummary) => void;
}

export interface SwarmFailure {
  readonly name: SimulationName;
  readonly seed: number;
  readonly message: string;
  readonly replay: string;
}

export interface SimulationSummary {
  readonly name: SimulationName;
  readonly seeds: number;
  readonly failing: number;
  readonly seconds: number;
  readonly seedsPerSecond: number;
}

export interface SwarmReport {
  readonly workers: number;
  /** Starting the workers (loading the code, opening their databases). */
  readonly startSeconds: number;
  readonly simulations: readonly SimulationSummary[];
  readonly failures: readonly SwarmFailure[];
  /** The simulations' time, without the start. */
  readonly seconds: number;
}

export const replayCommand = (name: SimulationName, seed: number, store: StoreKind = 'memory') =>
  `npm run sim -- --only ${name} --from ${seed} --seeds 1${store === 'memory' ? '' : ` --store ${store}`}`;

/** One worker process, started again after it dies. */
class WorkerSlot {
  private child: ChildProcess | null = null;
  private stderr = '';

  constructor(
    private readonly names: readonly SimulationName[],
    private readonly store: StoreKind,
  ) {}

  async start(): Promise<void> {
    const child = fork(WORKER, [], { cwd: REPO_ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    this.stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
      const onExit = (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        reject(new Error(`a simulation worker exited (${signal ?? code}) while starting:\n${this.stderr}`));
      };
      child.once('exit', onExit);
      child.once('message', (message: WorkerResponse) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        if (message.type === 'ready') resolve();
        else reject(new Error(`a simulation worker answered ${message.type} while starting`));
      });
      this.send(child, { type: 'init', names: this.names, store: this.store });
    });
    this.child = child;
  }

  /** Runs one seed; a worker that dies or hangs makes it a failure (and is started again for the next seed). */
  async run(name: SimulationName, seed: number): Promise<SeedResult> {
    if (!this.child) await this.start();
    const result = await this.runOn(this.child!, name, seed);
    if (result.rss > MAX_WORKER_RSS) await this.stop();
    return result;
  }

  private runOn(child: ChildProcess, name: SimulationName, seed: number): Promise<SeedResult> {
    const started = performance.now();
    return new Promise<SeedResult>((resolve) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, SEED_TIMEOUT_MS);
      const onMessage = (message: WorkerResponse) => {
        if (message.type !== 'result') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message.result);
      };
      const onExit = (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        this.child = null;
        const why = timedOut ? `still running after ${SEED_TIMEOUT_MS / 1000} s` : `its worker process exited (${signal ?? code})`;
        resolve({ name, seed, ms: performance.now() - started, failure: `${why}${this.stderr ? `:\n${this.stderr}` : ''}`, rss: 0 });
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      this.send(child, { type: 'seed', name, seed });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      this.send(child, { type: 'stop' });
    });
  }

  private send(child: ChildProcess, request: WorkerRequest) {
    child.send(request);
  }
}

export async function runSwarm(options: SwarmOptions): Promise<SwarmReport> {
  const workers = Math.max(1, Math.min(options.workers, options.seeds));
  const slots = Array.from({ length: workers }, () => new WorkerSlot(options.names, options.store ?? 'memory'));
  const startedAt = performance.now();
  try {
    await Promise.all(slots.map((slot) => slot.start()));
    const startSeconds = (performance.now() - startedAt) / 1000;
    const simulations: SimulationSummary[] = [];
    const failures: SwarmFailure[] = [];
    for (const name of options.names) {
      const queue = Array.from({ length: options.seeds }, (_, i) => options.from + i);
      const began = performance.now();
      let failing = 0;
      await Promise.all(
        slots.map(async (slot) => {
          for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
            const result = await slot.run(name, seed);
            if (result.failure === null) continue;
            failing += 1;
            const failure = { name, seed, message: result.failure, replay: replayCommand(name, seed, options.store) };
            failures.push(failure);
            options.onFailure?.(failure);
          }
        }),
      );
      const seconds = (performance.now() - began) / 1000;
      const summary = { name, seeds: options.seeds, failing, seconds, seedsPerSecond: options.seeds / seconds };
      simulations.push(summary);
      options.onSimulation?.(summary);
    }
    failures.sort((a, b) => options.names.indexOf(a.name) - options.names.indexOf(b.name) || a.seed - b.seed);
    const seconds = simulations.reduce((a, s) => a + s.seconds, 0);
    return { workers, startSeconds, simulations, failures, seconds };
  } finally {
    await Promise.all(slots.map((slot) => slot.stop()));
  }
}
