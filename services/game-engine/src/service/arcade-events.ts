/**
 * The events of an arcade game's paid start, settlement and fairness, around the game's own events on its match
 * stream (`match-<game>.<uuid>`), and of each player's fairness profile (`fairness-<userId>`). Private to the engine:
 * ArcadeRequested holds the server seed until ArcadeFinished reveals it.
 *
 * A match stream: ArcadeRequested, then ArcadeRefused | ArcadeAbandoned (+ ArcadeFeeRefunded) | the game's own start
 * event and moves, ArcadeFinished in the same append as the game's last event, and ArcadeRewardPaid.
 */
import { z } from 'zod';
import type { StoredEvent } from '@qal/events';

export const ARCADE_STREAM_TYPE = 'arcade-match';
export const FAIRNESS_STREAM_TYPE = 'fairness';
export { arcadeMemoryStreamId, arcadePlaysStreamId, fairnessStreamId } from '@qal/events';
export const ARCADE_PLAYS_STREAM_TYPE = 'arcade-plays';
export const ARCADE_MEMORY_STREAM_TYPE = 'arcade-memory';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A player asked to play: the match is theirs, a daily slot and a nonce are taken, the server seed is drawn. */
export const ArcadeRequested = z.object({
  type: z.literal('ArcadeRequested'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    game: z.string().min(1).max(40),
    options: z.record(z.string(), z.unknown()),
    serverSeed: Hex64,
    commitment: Hex64,
    clientSeed: z.string().min(1).max(64),
    nonce: z.number().int().nonnegative(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    requestedAt: Instant,
    cost: z.number().int().nonnegative(),
  }),
});
export type ArcadeRequested = z.infer<typeof ArcadeRequested>;

/** The ledger refused the fee: no game, the daily slot is given back (the nonce stays used: nonces never repeat). */
export const ArcadeRefused = z.object({ type: z.literal('ArcadeRefused'), data: z.object({ reason: z.string().min(1), at: Instant }) });
/** A start left half-done (a crash) was called off; its fee is refunded next. */
export const ArcadeAbandoned = z.object({ type: z.literal('ArcadeAbandoned'), data: z.object({ at: Instant }) });
export const ArcadeFeeRefunded = z.object({
  type: z.literal('ArcadeFeeRefunded'),
  data: z.object({ transferId: z.string().nullable(), amount: z.number().int().nonnegative(), at: Instant }),
});
/** The game is over: its result, and the server seed revealed (appended with the game's last event). */
export const ArcadeFinished = z.object({
  type: z.literal('ArcadeFinished'),
  data: z.object({
    game: z.string().min(1).max(40),
    playerId: Id,
    won: z.boolean(),
    score: z.number().int().nonnegative(),
    tokens: z.number().int().nonnegative(),
    xp: z.number().int().nonnegative(),
    at: Instant,
    serverSeed: Hex64,
  }),
});
export type ArcadeFinished = z.infer<typeof ArcadeFinished>;
export const ArcadeRewardPaid = z.object({
  type: z.literal('ArcadeRewardPaid'),
  data: z.object({ transferId: z.string(), tokens: z.number().int().positive(), at: Instant }),
});

export const ArcadeProcessEvent = z.discriminatedUnion('type', [
  ArcadeRequested,
  ArcadeRefused,
  ArcadeAbandoned,
  ArcadeFeeRefunded,
  ArcadeFinished,
  ArcadeRewardPaid,
]);
export type ArcadeProcessEvent = z.infer<typeof ArcadeProcessEvent>;
export const ARCADE_PROCESS_TYPES: ReadonlySet<string> = new Set(ArcadeProcessEvent.options.map((o) => o.shape.type.value));

export function parseArcadeProcessEvent(stored: Pick<StoredEvent, 'type' | 'data'>): ArcadeProcessEvent | null {
  if (!ARCADE_PROCESS_TYPES.has(stored.type)) return null;
  const parsed = ArcadeProcessEvent.safeParse({ type: stored.type, data: stored.data });
  if (!parsed.success) throw new Error(`stored ${stored.type} does not match its schema`);
  return parsed.data;
}

/** The player chose a client seed (or was given one at their first game). */
export const ClientSeedSet = z.object({
  type: z.literal('ClientSeedSet'),
  data: z.object({ clientSeed: z.string().min(1).max(64), at: Instant }),
});
/** A game took the player's next nonce. */
export const NonceTaken = z.object({
  type: z.literal('NonceTaken'),
  data: z.object({ matchId: Id, nonce: z.number().int().nonnegative() }),
});
export const FairnessEvent = z.discriminatedUnion('type', [ClientSeedSet, NonceTaken]);
export type FairnessEvent = z.infer<typeof FairnessEvent>;

export function parseFairnessEvent(stored: Pick<StoredEvent, 'type' | 'data'>): FairnessEvent | null {
  const parsed = FairnessEvent.safeParse({ type: stored.type, data: stored.data });
  return parsed.success ? parsed.data : null;
}
