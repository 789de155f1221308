/**
 * CI's swarm: seeds 1 to 200 of every simulation (simulations.ts) in worker processes, as `npm run sim` runs them.
 * Not one may break an invariant; a failure prints the command that replays its seed.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SIMULATION_NAMES } from './simulations.ts';
import { CI_SEEDS, FIRST_SEED, runSwarm } from './swarm.ts';

/** Generous, as the machine is shared (a timeout, not a timing assertion). */
const SWARM_TIMEOUT_MS = 900_000;

describe('the simulation swarm', () => {
  it(
    `runs seeds ${FIRST_SEED}–${FIRST_SEED + CI_SEEDS - 1} of ${SIMULATION_NAMES.join(', ')} without breaking an invariant`,
    async () => {
      const report = await runSwarm({ names: SIMULATION_NAMES, seeds: CI_SEEDS, from: FIRST_SEED, workers: availableParallelism() });
      for (const s of report.simulations)
        console.log(
          `${s.name}: ${s.seeds} seeds, ${s.failing} failing, ${s.seedsPerSecond.toFixed(1)} seeds/s (${s.seconds.toFixed(1)} s)`,
        );
      for (const failure of report.failures)
        console.error(`${failure.name} seed ${failure.seed}: ${failure.message}\n  replay: ${failure.replay}`);
      expect(report.failures.map((f) => f.replay)).toEqual([]);
      expect(report.simulations.map((s) => [s.name, s.seeds])).toEqual(SIMULATION_NAMES.map((name) => [name, CI_SEEDS]));
    },
    SWARM_TIMEOUT_MS,
  );
});
