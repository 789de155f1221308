/**
 * Provably fair chance: every random choice of a game comes from a byte stream that anyone can recompute once the
 * server seed is revealed, and the server committed to that seed before the player chose anything.
 *
 * The stream is the concatenation of blocks HMAC-SHA256(key = server seed bytes, message = "<clientSeed>:<nonce>:<cursor>")
 * for cursor = 0, 1, 2, … Numbers are drawn from it by rejection sampling, never by a bare modulo, so every outcome
 * of `int(n)` is exactly equally likely. Pure: HMAC and SHA-256 are deterministic; the seed is drawn elsewhere
 * (server-seed.ts), so a decider can never draw one by accident. The browser's verifier
 * (client/src/lib/fairness/verify.ts) is the same algorithm on Web Crypto; both pass the vectors in
 * @qal/events/contracts (fairness-vectors.ts). docs/fairness.md explains it for players and auditors.
 */
import { createHash, createHmac } from 'node:crypto';

/** The server seed's size: 256 bits, as much as the HMAC key can use. */
export const SERVER_SEED_BYTES = 32;
/** The server seed as lowercase hex; one spelling only, so the revealed text is exactly what was committed. */
export const SERVER_SEED_HEX_LENGTH = SERVER_SEED_BYTES * 2;
export const CLIENT_SEED_MIN_LENGTH = 1;
export const CLIENT_SEED_MAX_LENGTH = 64;
/** Characters that survive URLs, forms and the ':' separator of the HMAC message unchanged. */
export const CLIENT_SEED_ALPHABET = 'A-Za-z0-9_-';
/** One HMAC-SHA256 output: the stream grows by this many bytes at a time. */
export const BLOCK_BYTES = 32;
/** `int` reads one big-endian uint32 per attempt. */
export const DRAW_BYTES = 4;
/** The number of distinct uint32 values, and so the largest range `int` accepts. */
export const UINT32_RANGE = 2 ** 32;
/** Separates client seed, nonce and cursor in the HMAC message; not in the client seed's alphabet. */
export const MESSAGE_SEPARATOR = ':';

const SERVER_SEED_PATTERN = new RegExp(`^[0-9a-f]{${SERVER_SEED_HEX_LENGTH}}$`);
const CLIENT_SEED_PATTERN = new RegExp(`^[${CLIENT_SEED_ALPHABET}]{${CLIENT_SEED_MIN_LENGTH},${CLIENT_SEED_MAX_LENGTH}}$`);

/** What determines a game's chance: the server's secret seed, the player's seed and the player's game counter. */
export interface FairnessSeeds {
  /** 64 lowercase hex characters (32 bytes), secret until the game ends. */
  readonly serverSeed: string;
  /** 1–64 characters of [A-Za-z0-9_-], chosen by the player (or drawn for them). */
  readonly clientSeed: string;
  /** A non-negative safe integer: the player's game count, so one seed pair never repeats a stream. */
  readonly nonce: number;
}

/** Draws from one game's byte stream, in order; the same seeds always give the same draws. */
export interface FairRandom {
  /** A uniform integer in [0, n), for an integer 1 ≤ n ≤ 2^32. */
  int(n: number): number;
  /** A uniform item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A uniformly shuffled copy (Fisher–Yates, last index down); the input is left as it was. */
  shuffle<T>(items: readonly T[]): T[];
  /** Bytes of the stream consumed so far (rejected draws included). */
  readonly bytesUsed: number;
}

export function isServerSeed(value: unknown): value is string {
  return typeof value === 'string' && SERVER_SEED_PATTERN.test(value);
}

export function isClientSeed(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_SEED_PATTERN.test(value);
}

export function isNonce(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The published commitment: SHA-256 of the seed's 32 bytes (not of its hex text), as lowercase hex. */
export function commitmentOf(serverSeedHex: string): string {
  return createHash('sha256').update(serverSeedBytes(serverSeedHex)).digest('hex');
}

/** The HMAC message of one block; exported so tests and auditors can rebuild the stream by hand. */
export function blockMessage(clientSeed: string, nonce: number, cursor: number): string {
  return [clientSeed, nonce, cursor].join(MESSAGE_SEPARATOR);
}

/** Block `cursor` of the stream (32 bytes). */
export function fairBlock(seeds: FairnessSeeds, cursor: number): Buffer {
  assertSeeds(seeds);
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError('a cursor is a non-negative safe integer');
  return hmacBlock(serverSeedBytes(seeds.serverSeed), seeds.clientSeed, seeds.nonce, cursor);
}

export function fairRandom(seeds: FairnessSeeds): FairRandom {
  return fairRandomAt(seeds, 0);
}

/**
 * The same stream, resumed `byteOffset` bytes in: what a game uses for a draw made after its start (a hint, a
 * reshuffle), with the offset its state kept from the draw before (`bytesUsed`). Drawing n values and then resuming at
 * the bytesUsed that left gives exactly the draws one stream would have gone on with; `bytesUsed` counts from the
 * stream's beginning, the resumed part included. Only the blocks from the offset's on are computed.
 */
export function fairRandomAt(seeds: FairnessSeeds, byteOffset: number): FairRandom {
  assertSeeds(seeds);
  if (!Number.isSafeInteger(byteOffset) || byteOffset < 0) throw new RangeError('a byte offset is a non-negative safe integer');
  const next = byteReader(serverSeedBytes(seeds.serverSeed), seeds.clientSeed, seeds.nonce, byteOffset);
  let bytesUsed = byteOffset;
  const readUint32 = (): number => {
    let value = 0;
    for (let i = 0; i < DRAW_BYTES; i++) value = value * 256 + next();
    bytesUsed += DRAW_BYTES;
    return value;
  };
  const int = (n: number): number => {
    assertRange(n);
    const limit = acceptanceLimit(n);
    for (;;) {
      const x = readUint32();
      if (x < limit) return x % n;
    }
  };
  return {
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick needs at least one item');
      return items[int(items.length)]!;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const result = [...items];
      // No draw for i = 0: int(1) could only say "stay", and skipping it is part of the published algorithm.
      for (let i = result.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [result[i], result[j]] = [result[j]!, result[i]!];
      }
      return result;
    },
    get bytesUsed() {
      return bytesUsed;
    },
  };
}

/**
 * The first uint32 value `int(n)` rejects: below it, each residue mod n occurs equally often (2^32 div n times),
 * so `x mod n` is exactly uniform; values from it up would favour the small residues.
 */
export function acceptanceLimit(n: number): number {
  assertRange(n);
  return UINT32_RANGE - (UINT32_RANGE % n);
}

function byteReader(key: Buffer, clientSeed: string, nonce: number, start: number): () => number {
  let cursor = Math.floor(start / BLOCK_BYTES);
  let block = hmacBlock(key, clientSeed, nonce, cursor);
  let offset = start % BLOCK_BYTES;
  return () => {
    if (offset === BLOCK_BYTES) {
      cursor += 1;
      block = hmacBlock(key, clientSeed, nonce, cursor);
      offset = 0;
    }
    return block[offset++]!;
  };
}

function hmacBlock(key: Buffer, clientSeed: string, nonce: number, cursor: number): Buffer {
  return createHmac('sha256', key)
    .update(blockMessage(clientSeed, nonce, cursor), 'utf8')
    .digest();
}

function serverSeedBytes(serverSeedHex: string): Buffer {
  if (!isServerSeed(serverSeedHex)) {
    throw new RangeError(`a server seed is ${SERVER_SEED_HEX_LENGTH} lowercase hex characters`);
  }
  return Buffer.from(serverSeedHex, 'hex');
}

function assertSeeds(seeds: FairnessSeeds): void {
  serverSeedBytes(seeds.serverSeed);
  if (!isClientSeed(seeds.clientSeed)) {
    throw new RangeError(`a client seed is ${CLIENT_SEED_MIN_LENGTH}–${CLIENT_SEED_MAX_LENGTH} characters of [${CLIENT_SEED_ALPHABET}]`);
  }
  if (!isNonce(seeds.nonce)) throw new RangeError('a nonce is a non-negative safe integer');
}

function assertRange(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > UINT32_RANGE) {
    throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
  }
}
