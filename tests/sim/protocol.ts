/** What the swarm (swarm.ts) and its worker processes (worker.ts) say to each other over IPC. */
import type { SimulationName } from './simulations.ts';
import type { StoreKind } from './storage.ts';

export type WorkerRequest =
  | { readonly type: 'init'; readonly names: readonly SimulationName[]; readonly store: StoreKind }
  | { readonly type: 'seed'; readonly name: SimulationName; readonly seed: number }
  | { readonly type: 'stop' };

export interface SeedResult {
  readonly name: SimulationName;
  readonly seed: number;
  readonly ms: number;
  /** What broke (an invariant's message, or an error's stack), or null. */
  readonly failure: string | null;
  /** The worker's resident memory after the seed, in bytes. */
  readonly rss: number;
}

export type WorkerResponse = { readonly type: 'ready' } | { readonly type: 'result'; readonly result: SeedResult };
