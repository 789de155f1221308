/**
 * `npm run sim -- [--seeds N] [--from S] [--workers W] [--only rooms,crazy,...] [--store memory|sql]`: the seeded
 * simulations (rooms, Crazy, duels, single-player Hangman, the ledger) over seeds S to S+N-1 each, in W worker
 * processes, their events in the memory store (default) or in PGlite as the embedded mode keeps them. Prints each
 * simulation's seeds, failures and seeds per second, then every failing seed with the command that replays it, and
 * exits 1 if any seed broke an invariant.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isSimulationName, SIMULATION_NAMES } from './simulations.ts';
import { CI_SEEDS, FIRST_SEED, runSwarm, type SimulationSummary } from './swarm.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    from: { type: 'string' },
    workers: { type: 'string' },
    only: { type: 'string' },
    store: { type: 'string' },
  },
  strict: true,
});

function count(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}, not ${value}`);
    process.exit(2);
  }
  return n;
}

const seeds = count(values.seeds, CI_SEEDS, 'seeds', 1);
const from = count(values.from, FIRST_SEED, 'from', 0);
const workers = count(values.workers, availableParallelism(), 'workers', 1);
const only = values.only?.split(',').map((name) => name.trim()) ?? SIMULATION_NAMES;
const unknown = only.filter((name) => !isSimulationName(name));
if (unknown.length > 0) {
  console.error(`unknown simulation ${unknown.join(', ')}: choose from ${SIMULATION_NAMES.join(', ')}`);
  process.exit(2);
}
const names = SIMULATION_NAMES.filter((name) => only.includes(name));
const store = values.store ?? 'memory';
if (store !== 'memory' && store !== 'sql') {
  console.error(`--store must be memory or sql, not ${store}`);
  process.exit(2);
}

const line = (label: string, seeds: number, failing: number, rate: number, extra = '') =>
  `${label.padEnd(8)} ${String(seeds).padStart(6)} seeds ${String(failing).padStart(5)} failing ${rate.toFixed(1).padStart(8)} seeds/s${extra}`;

console.log(`sim: seeds ${from}–${from + seeds - 1} of ${names.join(', ')}, ${Math.min(workers, seeds)} workers, ${store} event store`);
const report = await runSwarm({
  names,
  seeds,
  from,
  workers,
  store,
  onFailure: (failure) => console.error(`FAIL ${failure.name} seed ${failure.seed}`),
  onSimulation: (s: SimulationSummary) => console.log(line(s.name, s.seeds, s.failing, s.seedsPerSecond, `  (${s.seconds.toFixed(1)} s)`)),
});
const runs = seeds * names.length;
console.log(
  line(
    'total',
    runs,
    report.failures.length,
    runs / report.seconds,
    `  (${report.seconds.toFixed(1)} s, workers started in ${report.startSeconds.toFixed(1)} s)`,
  ),
);
if (names.length > 1) console.log(`         ${(seeds / report.seconds).toFixed(2)} seeds/s with every simulation`);

for (const failure of report.failures) {
  console.error(`\nFAIL ${failure.name} seed ${failure.seed}, replay: ${failure.replay}`);
  console.error(failure.message.replace(/^/gm, '  '));
}
process.exitCode = report.failures.length > 0 ? 1 : 0;
