import { createHash, createHmac } from 'node:crypto';
import { FAIRNESS_VECTORS } from '@qal/events/contracts';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_SEED_MAX_LENGTH,
  SERVER_SEED_HEX_LENGTH,
  UINT32_RANGE,
  acceptanceLimit,
  blockMessage,
  commitmentOf,
  fairBlock,
  fairRandom,
  fairRandomAt,
  isClientSeed,
  isServerSeed,
  type FairnessSeeds,
} from './fairness.ts';
import { newClientSeed, newServerSeed } from './server-seed.ts';

const SEEDS: FairnessSeeds = FAIRNESS_VECTORS[0]!;
const OTHER_SERVER_SEED = FAIRNESS_VECTORS[1]!.serverSeed;

/** Upper-tail critical values of χ² at p = 0.001, by degrees of freedom (scipy.stats.chi2.ppf(0.999, df)). */
const CHI2_CRITICAL_P001: Record<number, number> = { 5: 20.515, 9: 27.877 };

/** Pearson's χ² statistic of observed counts against equal expected counts. */
function chiSquareUniform(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** Counts of `int(n)` over `games` nonces × `perGame` draws, all from fixed seeds (so the test is deterministic). */
function intCounts(n: number, games: number, perGame: number): number[] {
  const counts = new Array<number>(n).fill(0);
  for (let nonce = 0; nonce < games; nonce++) {
    const random = fairRandom({ ...SEEDS, nonce });
    for (let draw = 0; draw < perGame; draw++) counts[random.int(n)]! += 1;
  }
  return counts;
}

function firstDraws(seeds: FairnessSeeds, count = 16): number[] {
  const random = fairRandom(seeds);
  return Array.from({ length: count }, () => random.int(UINT32_RANGE));
}

describe('the shared vectors', () => {
  it.each(FAIRNESS_VECTORS.map((vector, index) => [index, vector] as const))('case %i is reproduced exactly', (_, vector) => {
    expect(commitmentOf(vector.serverSeed)).toBe(vector.commitment);
    expect(fairBlock(vector, 0).toString('hex')).toBe(vector.firstBlockHex);
    for (const { n, values } of vector.ints) {
      const random = fairRandom(vector);
      expect(values.map(() => random.int(n))).toEqual(values);
    }
    expect(fairRandom(vector).shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual(vector.shuffle10);
  });

  it('include rejected draws and draws past the first block', () => {
    const { n, values } = FAIRNESS_VECTORS[0]!.ints.find((list) => list.n === 3_000_000_000)!;
    const random = fairRandom(FAIRNESS_VECTORS[0]!);
    values.forEach(() => random.int(n));
    expect(random.bytesUsed).toBeGreaterThan(values.length * 4);
    expect(random.bytesUsed).toBeGreaterThan(32);
  });
});

describe('the commitment', () => {
  it('is SHA-256 of the seed bytes, not of its hex text', () => {
    const bytes = Buffer.from(SEEDS.serverSeed, 'hex');
    expect(commitmentOf(SEEDS.serverSeed)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(commitmentOf(SEEDS.serverSeed)).not.toBe(createHash('sha256').update(SEEDS.serverSeed, 'utf8').digest('hex'));
  });

  it('differs between seeds', () => {
    expect(commitmentOf(SEEDS.serverSeed)).not.toBe(commitmentOf(OTHER_SERVER_SEED));
  });
});

describe('the byte stream', () => {
  it('is HMAC-SHA256 keyed by the seed bytes over "<clientSeed>:<nonce>:<cursor>", block after block', () => {
    const key = Buffer.from(SEEDS.serverSeed, 'hex');
    const expectedBlock = (cursor: number) => createHmac('sha256', key).update(`${SEEDS.clientSeed}:${SEEDS.nonce}:${cursor}`).digest();
    expect(blockMessage('abc', 7, 3)).toBe('abc:7:3');
    expect(fairBlock(SEEDS, 0)).toEqual(expectedBlock(0));
    expect(fairBlock(SEEDS, 5)).toEqual(expectedBlock(5));

    const random = fairRandom(SEEDS);
    const twoBlocks = Buffer.concat([expectedBlock(0), expectedBlock(1)]);
    const uint32s = Array.from({ length: 16 }, (_, index) => twoBlocks.readUInt32BE(index * 4));
    expect(uint32s.map(() => random.int(UINT32_RANGE))).toEqual(uint32s);
    expect(random.bytesUsed).toBe(64);
  });

  it('is deterministic', () => {
    expect(firstDraws(SEEDS)).toEqual(firstDraws({ ...SEEDS }));
    expect(fairRandom(SEEDS).shuffle(Array.from({ length: 52 }, (_, i) => i))).toEqual(
      fairRandom(SEEDS).shuffle(Array.from({ length: 52 }, (_, i) => i)),
    );
  });

  it('changes with the nonce, the client seed and the server seed', () => {
    const base = firstDraws(SEEDS);
    expect(firstDraws({ ...SEEDS, nonce: SEEDS.nonce + 1 })).not.toEqual(base);
    expect(firstDraws({ ...SEEDS, clientSeed: `${SEEDS.clientSeed}x` })).not.toEqual(base);
    expect(firstDraws({ ...SEEDS, serverSeed: OTHER_SERVER_SEED })).not.toEqual(base);
  });
});

describe('resuming the stream: fairRandomAt', () => {
  /** Draws number `from` to `to` − 1 of a fixed mixed sequence: ints of several ranges (rejections included) and shuffles. */
  const drawRange = (random: ReturnType<typeof fairRandom>, from: number, to: number): unknown[] =>
    Array.from({ length: to - from }, (_, j) => {
      const k = from + j;
      return k % 5 === 4 ? random.shuffle([0, 1, 2, 3, 4, 5, 6]) : random.int([6, 52, 3_000_000_000, 104][k % 4]!);
    });

  it.each([0, 1, 3, 7, 8, 9, 20])('drawing %i values, then resuming at bytesUsed, goes on exactly as one stream does', (n) => {
    for (const vector of FAIRNESS_VECTORS) {
      const straight = fairRandom(vector);
      const all = drawRange(straight, 0, n + 12);

      const first = fairRandom(vector);
      const head = drawRange(first, 0, n);
      const resumed = fairRandomAt(vector, first.bytesUsed);
      expect(resumed.bytesUsed).toBe(first.bytesUsed);
      expect([...head, ...drawRange(resumed, n, n + 12)]).toEqual(all);
      expect(resumed.bytesUsed).toBe(straight.bytesUsed);
    }
  });

  it('resumes in the middle of a block, at a block boundary, and blocks ahead', () => {
    const whole = fairRandom(SEEDS);
    const uint32s = Array.from({ length: 40 }, () => whole.int(UINT32_RANGE));
    for (const draws of [0, 1, 7, 8, 9, 16, 33]) {
      const resumed = fairRandomAt(SEEDS, draws * 4);
      expect(Array.from({ length: 40 - draws }, () => resumed.int(UINT32_RANGE))).toEqual(uint32s.slice(draws));
      expect(resumed.bytesUsed).toBe(160);
    }
  });

  it('reads bytes, not draws: an offset that is not a multiple of 4 starts mid-uint32', () => {
    const stream = Buffer.concat([fairBlock(SEEDS, 0), fairBlock(SEEDS, 1)]);
    const resumed = fairRandomAt(SEEDS, 30);
    expect(resumed.int(UINT32_RANGE)).toBe(stream.readUInt32BE(30));
    expect(resumed.bytesUsed).toBe(34);
  });

  it('is fairRandom at offset 0, and refuses a negative or fractional offset', () => {
    expect(firstDraws(SEEDS)).toEqual(
      Array.from(
        { length: 16 },
        (
          (random) => () =>
            random.int(UINT32_RANGE)
        )(fairRandomAt(SEEDS, 0)),
      ),
    );
    for (const offset of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => fairRandomAt(SEEDS, offset)).toThrow(RangeError);
    expect(() => fairRandomAt({ ...SEEDS, clientSeed: '' }, 0)).toThrow(RangeError);
  });
});

describe('int(n)', () => {
  it('stays below n for every range, small, odd and large', () => {
    const random = fairRandom(SEEDS);
    for (const n of [1, 2, 3, 6, 7, 10, 52, 1000, 2 ** 31 + 1, 3_000_000_000, UINT32_RANGE - 1, UINT32_RANGE]) {
      for (let draw = 0; draw < 200; draw++) {
        const value = random.int(n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }
    }
  });

  it('rejects a uint32 at or above the limit and answers with the next draw', () => {
    // For a small n almost nothing is rejected (2^32 mod 6 = 4 values in 2^32), so no seed could be found for it.
    // Just over 2^31, half of all uint32 values are at or above the limit, so a nonce whose first draw is rejected
    // and whose second is accepted is found among the first few.
    const n = 2 ** 31 + 1;
    const limit = acceptanceLimit(n);
    expect(limit).toBe(UINT32_RANGE - (UINT32_RANGE % n));
    const firstTwo = (nonce: number) => {
      const block = fairBlock({ ...SEEDS, nonce }, 0);
      return [block.readUInt32BE(0), block.readUInt32BE(4)] as const;
    };
    const nonce = Array.from({ length: 64 }, (_, i) => i).find((candidate) => {
      const [first, second] = firstTwo(candidate);
      return first >= limit && second < limit && first % n !== second % n;
    });
    expect(nonce).toBeDefined();
    const [first, second] = firstTwo(nonce!);
    const random = fairRandom({ ...SEEDS, nonce: nonce! });
    const value = random.int(n);
    expect(value).toBe(second % n);
    expect(value).not.toBe(first % n); // what a bare modulo would have answered
    expect(random.bytesUsed).toBe(8);
  });

  it('never rejects when n divides 2^32, and still reads 4 bytes for n = 1', () => {
    expect(acceptanceLimit(UINT32_RANGE)).toBe(UINT32_RANGE);
    expect(acceptanceLimit(2 ** 16)).toBe(UINT32_RANGE);
    const random = fairRandom(SEEDS);
    expect(random.int(1)).toBe(0);
    expect(random.bytesUsed).toBe(4);
  });

  it.each([6, 10])('is uniform for n = %i (χ² over 60,000 draws, p = 0.001)', (n) => {
    const counts = intCounts(n, 600, 100);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60_000);
    expect(chiSquareUniform(counts)).toBeLessThan(CHI2_CRITICAL_P001[n - 1]!);
  });

  it('the χ² check has teeth: it fails the modulo bias that rejection avoids', () => {
    // 6-bit values mod 6: 64 = 6·10 + 4, so 0–3 come 11 times in 64 and 4–5 only 10: a 10 % bias.
    const counts = new Array<number>(6).fill(0);
    for (let nonce = 0; nonce < 600; nonce++) {
      const random = fairRandom({ ...SEEDS, nonce });
      for (let draw = 0; draw < 100; draw++) counts[random.int(64) % 6]! += 1;
    }
    expect(chiSquareUniform(counts)).toBeGreaterThan(CHI2_CRITICAL_P001[5]!);
  });
});

describe('shuffle and pick', () => {
  const ITEMS = Array.from({ length: 10 }, (_, i) => i);

  it('returns a permutation and leaves the input alone', () => {
    const input = [...ITEMS];
    for (let nonce = 0; nonce < 50; nonce++) {
      const shuffled = fairRandom({ ...SEEDS, nonce }).shuffle(input);
      expect([...shuffled].sort((a, b) => a - b)).toEqual(ITEMS);
    }
    expect(input).toEqual(ITEMS);
  });

  it('draws int(i + 1) from the last index down to 1', () => {
    const random = fairRandom(SEEDS);
    const expected = [...ITEMS];
    for (let i = expected.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    const shuffling = fairRandom(SEEDS);
    expect(shuffling.shuffle(ITEMS)).toEqual(expected);
    expect(shuffling.bytesUsed).toBe(random.bytesUsed);
  });

  it('puts every item in every position about equally often (χ² per position over 6,000 shuffles, p = 0.001)', () => {
    const counts = ITEMS.map(() => new Array<number>(ITEMS.length).fill(0));
    for (let nonce = 0; nonce < 6_000; nonce++) {
      fairRandom({ ...SEEDS, nonce })
        .shuffle(ITEMS)
        .forEach((item, position) => (counts[position]![item]! += 1));
    }
    for (const positionCounts of counts) {
      expect(chiSquareUniform(positionCounts)).toBeLessThan(CHI2_CRITICAL_P001[ITEMS.length - 1]!);
    }
  });

  it('handles empty and single-item lists without drawing', () => {
    const random = fairRandom(SEEDS);
    expect(random.shuffle([])).toEqual([]);
    expect(random.shuffle(['only'])).toEqual(['only']);
    expect(random.bytesUsed).toBe(0);
  });

  it('picks items[int(length)]', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const expected = fairRandom(SEEDS).int(items.length);
    expect(fairRandom(SEEDS).pick(items)).toBe(items[expected]);
  });
});

describe('seeds', () => {
  it('draws fresh server and client seeds in the accepted shapes', () => {
    const serverSeed = newServerSeed();
    expect(isServerSeed(serverSeed)).toBe(true);
    expect(serverSeed).toHaveLength(SERVER_SEED_HEX_LENGTH);
    expect(newServerSeed()).not.toBe(serverSeed);
    const clientSeed = newClientSeed();
    expect(isClientSeed(clientSeed)).toBe(true);
    expect(clientSeed).toHaveLength(22);
    expect(newClientSeed()).not.toBe(clientSeed);
  });

  it('accepts only 64 lowercase hex characters as a server seed', () => {
    expect(isServerSeed(SEEDS.serverSeed)).toBe(true);
    expect(isServerSeed(SEEDS.serverSeed.toUpperCase())).toBe(false);
    expect(isServerSeed(SEEDS.serverSeed.slice(1))).toBe(false);
    expect(isServerSeed(`${SEEDS.serverSeed}0`)).toBe(false);
    expect(isServerSeed(`${SEEDS.serverSeed.slice(1)}g`)).toBe(false);
    expect(isServerSeed(42)).toBe(false);
  });

  it('accepts 1–64 characters of [A-Za-z0-9_-] as a client seed', () => {
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed('Az09_-')).toBe(true);
    expect(isClientSeed('x'.repeat(CLIENT_SEED_MAX_LENGTH))).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(CLIENT_SEED_MAX_LENGTH + 1))).toBe(false);
    for (const bad of ['a:b', 'a b', 'ቃል', 'a\n', 'a+b', 'a/b', 'a=']) expect(isClientSeed(bad)).toBe(false);
  });
});

describe('bad input', () => {
  it('throws a RangeError for a bad seed or nonce', () => {
    expect(() => commitmentOf('abc')).toThrow(RangeError);
    expect(() => fairRandom({ ...SEEDS, serverSeed: SEEDS.serverSeed.toUpperCase() })).toThrow(RangeError);
    expect(() => fairRandom({ ...SEEDS, clientSeed: '' })).toThrow(RangeError);
    expect(() => fairRandom({ ...SEEDS, clientSeed: 'a:1' })).toThrow(RangeError);
    for (const nonce of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => fairRandom({ ...SEEDS, nonce })).toThrow(RangeError);
    }
    expect(() => fairBlock(SEEDS, -1)).toThrow(RangeError);
  });

  it('throws a RangeError for n out of range, and for picking from nothing', () => {
    const random = fairRandom(SEEDS);
    for (const n of [0, -1, 1.5, Number.NaN, UINT32_RANGE + 1, Number.POSITIVE_INFINITY]) {
      expect(() => random.int(n)).toThrow(RangeError);
    }
    expect(() => random.pick([])).toThrow(RangeError);
    expect(random.bytesUsed).toBe(0);
  });
});
