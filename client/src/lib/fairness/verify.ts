/**
 * The browser's check of a provably fair game (docs/fairness.md): from the revealed server seed, the player's client
 * seed and the nonce, recompute the commitment and every random choice, on Web Crypto alone, so a player need trust
 * no code of ours on the server. The same algorithm as the engine's services/game-engine/src/fairness/fairness.ts,
 * written again here because the client may import nothing from a service; the vectors in @qal/events/contracts
 * (FAIRNESS_VECTORS) keep the two equal, and both test suites run them.
 *
 * Web Crypto is asynchronous, so each draw is a promise. Draws of one FairRandom are queued in call order, so
 * `Promise.all([random.int(6), random.int(6)])` reads the stream exactly as two awaited calls would.
 */

/** The server seed: 32 bytes, written as 64 lowercase hex characters (the one spelling that was committed). */
export const SERVER_SEED_BYTES = 32;
export const SERVER_SEED_HEX_LENGTH = SERVER_SEED_BYTES * 2;
export const CLIENT_SEED_MIN_LENGTH = 1;
export const CLIENT_SEED_MAX_LENGTH = 64;
/** One HMAC-SHA256 output: the stream grows by this many bytes at a time. */
export const BLOCK_BYTES = 32;
/** `int` reads one big-endian uint32 per attempt. */
export const DRAW_BYTES = 4;
/** The number of distinct uint32 values, and so the largest range `int` accepts. */
export const UINT32_RANGE = 2 ** 32;

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const HMAC_SHA256 = { name: 'HMAC', hash: 'SHA-256' } as const;

export interface FairnessSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** Draws from one game's byte stream, in call order; a rejected promise (RangeError) for bad arguments. */
export interface FairRandom {
  int(n: number): Promise<number>;
  pick<T>(items: readonly T[]): Promise<T>;
  shuffle<T>(items: readonly T[]): Promise<T[]>;
  /** Bytes of the stream consumed by the draws settled so far (rejected uint32s included). */
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

/** SHA-256 of the server seed's 32 bytes (not of its hex text), lowercase hex: what the game published at its start. */
export async function commitmentOf(serverSeedHex: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', serverSeedBytes(serverSeedHex));
  return toHex(new Uint8Array(digest));
}

/** Whether a revealed server seed is the one the game committed to. */
export async function matchesCommitment(serverSeedHex: string, commitment: string): Promise<boolean> {
  return isServerSeed(serverSeedHex) && (await commitmentOf(serverSeedHex)) === commitment.toLowerCase();
}

/** Block `cursor` of the stream as hex: HMAC-SHA256(server seed bytes, "<clientSeed>:<nonce>:<cursor>"). */
export async function fairBlockHex(seeds: FairnessSeeds, cursor: number): Promise<string> {
  assertSeeds(seeds);
  if (!isNonce(cursor)) throw new RangeError('a cursor is a non-negative safe integer');
  const key = await hmacKey(seeds.serverSeed);
  return toHex(await hmacBlock(key, seeds.clientSeed, seeds.nonce, cursor));
}

export async function createFairRandom(seeds: FairnessSeeds): Promise<FairRandom> {
  assertSeeds(seeds);
  const stream = uint32Stream(await hmacKey(seeds.serverSeed), seeds.clientSeed, seeds.nonce);
  const int = async (n: number): Promise<number> => {
    const limit = acceptanceLimit(n);
    for (;;) {
      const x = await stream.next();
      if (x < limit) return x % n;
    }
  };
  const shuffle = async <T>(items: readonly T[]): Promise<T[]> => {
    const result = [...items];
    // No draw for i = 0, as in the engine: the published algorithm stops at index 1.
    for (let i = result.length - 1; i > 0; i--) {
      const j = await int(i + 1);
      [result[i], result[j]] = [result[j]!, result[i]!];
    }
    return result;
  };
  const pick = async <T>(items: readonly T[]): Promise<T> => {
    if (items.length === 0) throw new RangeError('pick needs at least one item');
    return items[await int(items.length)]!;
  };
  const inOrder = callOrderQueue();
  return {
    int: (n) => inOrder(() => int(n)),
    pick: (items) => inOrder(() => pick(items)),
    shuffle: (items) => inOrder(() => shuffle(items)),
    get bytesUsed() {
      return stream.bytesUsed;
    },
  };
}

/**
 * The first uint32 `int(n)` rejects: below it every residue mod n occurs equally often, so `x mod n` is uniform.
 * Throws a RangeError unless n is an integer 1 ≤ n ≤ 2^32.
 */
export function acceptanceLimit(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > UINT32_RANGE) {
    throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
  }
  return UINT32_RANGE - (UINT32_RANGE % n);
}

/** Big-endian uint32s read from the stream's blocks in order, fetching the next block when one runs out. */
function uint32Stream(key: CryptoKey, clientSeed: string, nonce: number) {
  let block: Uint8Array = new Uint8Array(0);
  let cursor = -1;
  let offset = 0;
  let bytesUsed = 0;
  return {
    async next(): Promise<number> {
      let value = 0;
      for (let i = 0; i < DRAW_BYTES; i++) {
        if (offset === block.length) {
          cursor += 1;
          block = await hmacBlock(key, clientSeed, nonce, cursor);
          offset = 0;
        }
        value = value * 256 + block[offset++]!;
      }
      bytesUsed += DRAW_BYTES;
      return value;
    },
    get bytesUsed() {
      return bytesUsed;
    },
  };
}

/** Runs tasks one after another in the order they were asked for, whatever each one's outcome. */
function callOrderQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
}

function hmacKey(serverSeedHex: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', serverSeedBytes(serverSeedHex), HMAC_SHA256, false, ['sign']);
}

async function hmacBlock(key: CryptoKey, clientSeed: string, nonce: number, cursor: number): Promise<Uint8Array> {
  const message = new TextEncoder().encode(`${clientSeed}:${nonce}:${cursor}`);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
}

function assertSeeds(seeds: FairnessSeeds): void {
  serverSeedBytes(seeds.serverSeed);
  if (!isClientSeed(seeds.clientSeed)) {
    throw new RangeError(`a client seed is ${CLIENT_SEED_MIN_LENGTH}–${CLIENT_SEED_MAX_LENGTH} characters of [A-Za-z0-9_-]`);
  }
  if (!isNonce(seeds.nonce)) throw new RangeError('a nonce is a non-negative safe integer');
}

function serverSeedBytes(serverSeedHex: string): Uint8Array<ArrayBuffer> {
  if (!isServerSeed(serverSeedHex)) {
    throw new RangeError(`a server seed is ${SERVER_SEED_HEX_LENGTH} lowercase hex characters`);
  }
  const bytes = new Uint8Array(SERVER_SEED_BYTES);
  for (let i = 0; i < SERVER_SEED_BYTES; i++) bytes[i] = Number.parseInt(serverSeedHex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
