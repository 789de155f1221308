/**
 * The simulations the swarm runs, each a plain function of a seed and a size. The sizes are small, so that one seed
 * takes a fraction of a second and many seeds (many different worlds) fit in a run: CI's 200 seeds of each finish
 * in a few minutes on 2 cores. A seed's storage is empty when it starts.
 */
import { simulateCrazy, simulateDuel } from '@qal/game-engine/simulation';
import { simulateHangman } from './hangman.ts';
import { simulateLedger } from './ledger.ts';
import { simulateRoomsWithLedger } from './rooms.ts';
import type { SeedStorage } from './storage.ts';

export interface Simulation {
  /** What one seed runs: rooms, games, matches or ledger operations. */
  readonly size: number;
  /** Whether it needs a database (the pure game simulations do not). */
  readonly storage: boolean;
  run(seed: number, size: number, storage: SeedStorage | null): Promise<unknown>;
}

const withStorage = (storage: SeedStorage | null): SeedStorage => {
  if (!storage) throw new Error('this simulation needs storage');
  return storage;
};

export const SIMULATIONS = {
  /** Rooms with bets, duels and Crazy matches through the engine and the ledger: one room a seed. */
  rooms: { size: 1, storage: true, run: (seed, size, storage) => simulateRoomsWithLedger(seed, size, withStorage(storage)) },
  /** Whole Crazy games through the decider. */
  crazy: { size: 4, storage: false, run: async (seed, size) => simulateCrazy(seed, size) },
  /** Whole word duels through the decider, in each language. */
  duel: { size: 1, storage: false, run: async (seed, size) => simulateDuel(seed, size) },
  /** Single-player Hangman games through the engine and the ledger. */
  hangman: { size: 4, storage: true, run: (seed, size, storage) => simulateHangman(seed, size, withStorage(storage)) },
  /** Ledger operations with faults, duplicates, races and restarts. */
  ledger: { size: 30, storage: true, run: (seed, size, storage) => simulateLedger(seed, size, withStorage(storage)) },
} as const satisfies Record<string, Simulation>;

export type SimulationName = keyof typeof SIMULATIONS;
export const SIMULATION_NAMES = Object.keys(SIMULATIONS) as SimulationName[];
export const isSimulationName = (name: string): name is SimulationName => Object.hasOwn(SIMULATIONS, name);
