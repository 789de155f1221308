/** Test helpers for games on the fairness module. */
import { createHash } from 'node:crypto';
import { fairRandom, UINT32_RANGE } from './fairness.ts';

/**
 * A fixed server seed for a test, named by `label`: SHA-256 of the label as 64 lowercase hex, the shape of a real
 * seed (fairness/server-seed.ts draws those at random). The same label always gives the same seed, so a test's deal,
 * word or hint is known and repeatable.
 */
export const testServerSeed = (label: string): string => createHash('sha256').update(label, 'utf8').digest('hex');

/**
 * Floats in [0, 1) for a test's simulated players, from the fair stream of the test seed named `label`: repeatable,
 * so a failing label is a bug report. (Each float is one uint32 of the stream; int(2^32) never rejects.)
 */
export function testRandom(label: string): () => number {
  const random = fairRandom({ serverSeed: testServerSeed(label), clientSeed: 'test', nonce: 0 });
  return () => random.int(UINT32_RANGE) / UINT32_RANGE;
}
