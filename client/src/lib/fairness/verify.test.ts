import { FAIRNESS_VECTORS } from '@qal/events/contracts';
import { describe, expect, it } from 'vitest';
import { UINT32_RANGE, commitmentOf, createFairRandom, fairBlockHex, matchesCommitment } from './verify.ts';

/** Case 0: its n = 3,000,000,000 list has rejected draws and crosses into the second block. */
const SEEDS = FAIRNESS_VECTORS[0]!;
const TEN = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('the browser verifier on the shared vectors', () => {
  it('runs on Web Crypto', () => {
    expect(typeof globalThis.crypto?.subtle?.sign).toBe('function');
  });

  it.each(FAIRNESS_VECTORS.map((vector, index) => [index, vector] as const))('reproduces case %i exactly', async (_, vector) => {
    expect(await commitmentOf(vector.serverSeed)).toBe(vector.commitment);
    expect(await matchesCommitment(vector.serverSeed, vector.commitment)).toBe(true);
    expect(await fairBlockHex(vector, 0)).toBe(vector.firstBlockHex);
    for (const { n, values } of vector.ints) {
      const random = await createFairRandom(vector);
      const drawn: number[] = [];
      for (const _value of values) drawn.push(await random.int(n));
      expect(drawn).toEqual(values);
    }
    expect(await (await createFairRandom(vector)).shuffle(TEN)).toEqual(vector.shuffle10);
  });
});

describe('the browser verifier', () => {
  it('refuses a seed that does not match the commitment', async () => {
    expect(await matchesCommitment(FAIRNESS_VECTORS[1]!.serverSeed, SEEDS.commitment)).toBe(false);
    expect(await matchesCommitment('not a seed', SEEDS.commitment)).toBe(false);
  });

  it('keeps draws in call order even when they are not awaited one by one', async () => {
    const { values } = SEEDS.ints.find((list) => list.n === 3_000_000_000)!;
    const random = await createFairRandom(SEEDS);
    expect(await Promise.all(values.map(() => random.int(3_000_000_000)))).toEqual(values);
  });

  it('reads four bytes per uint32, rejected ones included', async () => {
    const random = await createFairRandom(SEEDS);
    for (let draw = 0; draw < 16; draw++) await random.int(UINT32_RANGE);
    expect(random.bytesUsed).toBe(64);
  });

  it('picks items[int(length)]', async () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const index = SEEDS.ints.find((list) => list.n === 6)!.values[0]!;
    expect(await (await createFairRandom(SEEDS)).pick(items)).toBe(items[index]);
  });

  it('rejects bad input with a RangeError', async () => {
    await expect(commitmentOf(SEEDS.serverSeed.toUpperCase())).rejects.toThrow(RangeError);
    await expect(createFairRandom({ ...SEEDS, clientSeed: 'a:b' })).rejects.toThrow(RangeError);
    await expect(createFairRandom({ ...SEEDS, nonce: -1 })).rejects.toThrow(RangeError);
    const random = await createFairRandom(SEEDS);
    await expect(random.int(0)).rejects.toThrow(RangeError);
    await expect(random.int(UINT32_RANGE + 1)).rejects.toThrow(RangeError);
    await expect(random.pick([])).rejects.toThrow(RangeError);
    // A refused call consumes nothing and does not block the queue.
    expect(await random.int(6)).toBe(SEEDS.ints.find((list) => list.n === 6)!.values[0]);
  });
});
