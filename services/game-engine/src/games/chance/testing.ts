/** Test helpers shared by Mines and Sum Chaser: fixed fairness seeds and instants. */
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';

/** The fixed seeds of the games' fixed-seed tests; the client's verify tests use the same ones. */
export const FIXED_SEEDS: FairnessSeeds = {
  serverSeed: '6f1d3c2b9a8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170605f4',
  clientSeed: 'qal-test',
  nonce: 7,
};

export const fixedRandom = () => fairRandom(FIXED_SEEDS);

/** Seeds for the n-th game of a seeded loop. */
export const loopSeeds = (n: number): FairnessSeeds => ({ ...FIXED_SEEDS, nonce: 1000 + n });

export const STARTED_AT = '2026-03-01T09:00:00.000Z';

/** The instant `seconds` after the start. */
export const after = (seconds: number): string => new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();
