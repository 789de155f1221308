import * as z from 'zod/mini';

/**
 * A match's provably fair chance as its players see it (docs/fairness.md): the commitment from the start, the seeds
 * the match's stream is drawn from, and the server seed once the match is over, so anyone can check that it hashes to
 * the commitment and draw the match's chance again. Hangman, the word duel and Crazy show it in their views.
 */
export const MatchFairness = z.object({
  /** SHA-256 of the server seed's 32 bytes, lowercase hex: shown from the start. */
  commitment: z.string(),
  /** Revealed once the match is over; null before. */
  serverSeed: z.nullable(z.string()),
  /** The player's client seed (single-player Hangman), or the match's own (a room match, docs/fairness.md). */
  clientSeed: z.string(),
  nonce: z.number(),
});
export type MatchFairness = z.infer<typeof MatchFairness>;

/** One draw of `int(count)` from a match's stream: `index` is what it gave, among `count` candidates. */
export const FairDraw = z.object({ index: z.int(), count: z.int() });
export type FairDraw = z.infer<typeof FairDraw>;
