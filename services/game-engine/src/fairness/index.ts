/** Provably fair chance: the pure byte stream and its sampling (fairness.ts) and the seed draws (server-seed.ts). */
export * from './fairness.ts';
export * from './server-seed.ts';
