/**
 * Deterministic randomness from a seed string: the only source of chance in the engine, so a game replays
 * exactly from its events. Not cryptographic; the seed itself must be unguessable (the service draws it).
 */

/** cyrb53-style 32-bit hash of a string, so any seed text becomes a well-mixed starting state. */
function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const code = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** A generator of floats in [0, 1) (mulberry32), fully determined by `seed`. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One item of a non-empty list, chosen by `seed`. */
export function pickBySeed<T>(items: readonly T[], seed: string): T {
  if (items.length === 0) throw new Error('pickBySeed needs at least one item');
  const index = Math.floor(seededRandom(seed)() * items.length);
  return items[index]!;
}
