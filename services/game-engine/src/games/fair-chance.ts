/**
 * A match's chance for the games that keep drawing after their start (Hangman's hints, the word duel's hints, Crazy's
 * reshuffles): the seeds of the match's provably fair stream (fairness/), where the stream has got to, and what a
 * view shows of it. The start event stores the seeds (secret: the streams are the engine's own) and how many bytes
 * the start drew; every later draw resumes the stream there (fairRandomAt) and its event records where it left off,
 * so a match's chance is one stream, drawn in the order of its events, that the browser can draw again.
 *
 * Matches started before these games drew from the fairness module hold a `seed` instead: their events already say
 * what was drawn, so folding them needs no chance; a draw still to come in such a match (a hint, a reshuffle) comes
 * from a stream keyed by SHA-256 of that old seed. Those matches never showed a commitment, so they show no fairness.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FairDraw, MatchFairness } from '@qal/events';
import {
  CLIENT_SEED_MAX_LENGTH,
  commitmentOf,
  fairRandomAt,
  isClientSeed,
  isServerSeed,
  type FairRandom,
  type FairnessSeeds,
} from '../fairness/fairness.ts';

/** The seeds as a start event stores them. */
export const FairSeeds = z.object({
  serverSeed: z.string().refine(isServerSeed, 'a server seed is 64 lowercase hex characters'),
  clientSeed: z.string().refine(isClientSeed, 'a client seed is 1–64 characters of [A-Za-z0-9_-]'),
  nonce: z.number().int().nonnegative(),
});

/** The stream's position after a draw: every event of a draw records it. */
export const BytesUsed = z.number().int().nonnegative();

/** One `int(count)` draw and what it gave (the verifier draws it again). */
export const Draw = z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() });

export interface MatchChance {
  readonly seeds: FairnessSeeds;
  /** SHA-256 of the server seed, shown from the start; null for a match started before fairness (nothing to show). */
  readonly commitment: string | null;
  /** Bytes of the stream drawn so far: the next draw starts here. */
  readonly bytesUsed: number;
}

/** What a start event holds of its chance: the seeds and the bytes the start drew, or an old match's seed. */
export interface StartChance {
  readonly fairness?: FairnessSeeds | undefined;
  readonly bytesUsed?: number | undefined;
  readonly seed?: string | undefined;
}

/** A start event stores exactly one of `fairness` (a match on the fairness module) and `seed` (one from before). */
export const hasOneChance = (data: StartChance): boolean => (data.fairness === undefined) !== (data.seed === undefined);
export const ONE_CHANCE_MESSAGE = 'a start event holds either fairness (the seeds) or seed (a match from before), not both';

/** The chance of a match as its start event left it. */
export function chanceOfStart(data: StartChance): MatchChance {
  if (data.fairness) return { seeds: data.fairness, commitment: commitmentOf(data.fairness.serverSeed), bytesUsed: data.bytesUsed ?? 0 };
  if (data.seed === undefined) throw new Error(ONE_CHANCE_MESSAGE);
  const serverSeed = createHash('sha256').update(data.seed, 'utf8').digest('hex');
  return { seeds: { serverSeed, clientSeed: 'legacy', nonce: 0 }, commitment: null, bytesUsed: 0 };
}

/** A draw made now, from where the match's stream has got to: what it gave and where it left the stream. */
export function drawFrom<T>(chance: MatchChance, draw: (random: FairRandom) => T): { readonly value: T; readonly bytesUsed: number } {
  const random = fairRandomAt(chance.seeds, chance.bytesUsed);
  const value = draw(random);
  return { value, bytesUsed: random.bytesUsed };
}

/** `items[int(items.length)]`, with the draw itself, so the view can show it at the end. */
export function pickDrawn<T>(random: FairRandom, items: readonly T[]): { readonly item: T; readonly draw: FairDraw } {
  const index = random.int(items.length);
  return { item: items[index]!, draw: { index, count: items.length } };
}

/** The chance after an event that drew: its recorded position (events from before fairness record none). */
export const afterDraw = (chance: MatchChance, bytesUsed: number | undefined): MatchChance =>
  bytesUsed === undefined ? chance : { ...chance, bytesUsed };

/** What the players see: the commitment from the start, the server seed once `over`; null for a match from before. */
export function fairnessView(chance: MatchChance, over: boolean): MatchFairness | null {
  if (chance.commitment === null) return null;
  const { serverSeed, clientSeed, nonce } = chance.seeds;
  return { commitment: chance.commitment, serverSeed: over ? serverSeed : null, clientSeed, nonce };
}

/**
 * The client seed of a room match: its id, with any character a client seed may not hold (the `.` of
 * `crazy.<uuid>`) written `_`. In a room nobody's own seed may decide the deal for everyone, so the match's id stands
 * in; it is fixed before the server seed is drawn, and the nonce is 0 (the server seed is new for every match).
 */
export function roomClientSeed(matchId: string): string {
  const clientSeed = matchId.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!isClientSeed(clientSeed)) throw new RangeError(`a room match id makes a client seed of 1–${CLIENT_SEED_MAX_LENGTH} characters`);
  return clientSeed;
}

/** The seeds of a room match's stream; a RangeError for a server seed that is not 64 lowercase hex characters. */
export function roomSeeds(matchId: string, serverSeed: string): FairnessSeeds {
  if (!isServerSeed(serverSeed)) throw new RangeError('a server seed is 64 lowercase hex characters');
  return { serverSeed, clientSeed: roomClientSeed(matchId), nonce: 0 };
}
