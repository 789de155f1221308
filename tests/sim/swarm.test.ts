/**
 * CI's swarm: seeds 1 to 200 of every simulation (simulations.ts) in worker processes, as `npm run sim` runs them,
 * then the simulations that keep events over PGlite's store as the embedded mode runs it, for a few seeds. Not one
 * may break an invariant; a failure prints the command that replays its seed.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SIMULATION_NAMES, SIMULATIONS } from './simulations.ts';
import { CI_SEEDS, FIRST_SEED, runSwarm } from './swarm.ts';

/** Generous, as the machine is shared (a timeout, not a timing assertion). */
const SWARM_TIMEOUT_MS = 900_000;
/** Seeds run over the SQL store (about three times slower than the memory store). */
const SQL_STORE_SEEDS = 50;

function report(result: Awaited<ReturnType<typeof runSwarm>>) {
  for (const s of result.simulations)
    console.log(`${s.name}: ${s.seeds} seeds, ${s.failing} failing, ${s.seedsPerSecond.toFixed(1)} seeds/s (${s.seconds.toFixed(1)} s)`);
  for (const failure of result.failures)
    console.error(`${failure.name} seed ${failure.seed}: ${failure.message}\n  replay: ${failure.replay}`);
}

describe('the simulation swarm', () => {
  it(
    `runs seeds ${FIRST_SEED}–${FIRST_SEED + CI_SEEDS - 1} of ${SIMULATION_NAMES.join(', ')} without breaking an invariant`,
    async () => {
      const result = await runSwarm({ names: SIMULATION_NAMES, seeds: CI_SEEDS, from: FIRST_SEED, workers: availableParallelism() });
      report(result);
      expect(result.failures.map((f) => f.replay)).toEqual([]);
      expect(result.simulations.map((s) => [s.name, s.seeds])).toEqual(SIMULATION_NAMES.map((name) => [name, CI_SEEDS]));
    },
    SWARM_TIMEOUT_MS,
  );

  const stored = SIMULATION_NAMES.filter((name) => SIMULATIONS[name].storage);
  it(
    `runs seeds ${FIRST_SEED}–${FIRST_SEED + SQL_STORE_SEEDS - 1} of ${stored.join(', ')} over the embedded mode's SQL store`,
    async () => {
      const workers = availableParallelism();
      const result = await runSwarm({ names: stored, seeds: SQL_STORE_SEEDS, from: FIRST_SEED, workers, store: 'sql' });
      report(result);
      expect(result.failures.map((f) => f.replay)).toEqual([]);
      expect(result.simulations.map((s) => [s.name, s.seeds])).toEqual(stored.map((name) => [name, SQL_STORE_SEEDS]));
    },
    SWARM_TIMEOUT_MS,
  );
});
