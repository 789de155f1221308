/**
 * The events the engine service stores, and where. They are private to the engine: HangmanRequested and
 * HangmanStarted hold the server seed and the word, so no stream of these types is ever sent to a client; clients
 * get views (viewFor) only.
 *
 * Streams:
 * - `match-<matchId>`: the paid start (HangmanRequested, then HangmanStarted | HangmanRefused | HangmanAbandoned),
 *   the game (Hangman's own events: LetterGuessed, HintUsed, HangmanWon, HangmanLost) and its settlement
 *   (HangmanRewardPaid, HangmanFeeRefunded).
 * - `hangman-plays-<userId>-<day>`: the plays of one player on one Africa/Addis_Ababa day (PlaySlotTaken,
 *   PlaySlotReleased). Appending a slot at the stream's version read makes the daily limit exact even when
 *   several starts race, in one process or many.
 */
import { z } from 'zod';
import type { StoredEvent } from '@qal/events';
import { HANGMAN_LANGUAGES } from '../games/hangman/alphabet.ts';
import { HangmanEvent } from '../games/hangman/messages.ts';

export const MATCH_STREAM_TYPE = 'hangman-match';
export const PLAYS_STREAM_TYPE = 'hangman-plays';
export { MATCH_STREAM_PREFIX, matchStreamId, playsStreamId } from '@qal/events';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });

/**
 * A player asked to play: the match is theirs, a daily slot and the player's next nonce are taken, and the server
 * seed is drawn (but no fee yet). The game's stream is fairRandom({ serverSeed, clientSeed, nonce }); `commitment`
 * is what the player is shown of the seed until the end. A request from before Hangman drew from the fairness module
 * holds `seed` instead, and is never started any more (handlers.ts: the sweeper calls it off and refunds it).
 */
export const HangmanRequested = z.object({
  type: z.literal('HangmanRequested'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    language: z.enum(HANGMAN_LANGUAGES),
    category: z.string().max(40).optional(),
    difficulty: z.string().max(20).optional(),
    serverSeed: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    commitment: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    clientSeed: z.string().min(1).max(64).optional(),
    nonce: z.number().int().nonnegative().optional(),
    /** Only in a request from before the fairness module. */
    seed: z.string().min(1).optional(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    requestedAt: Instant,
    cost: z.number().int().nonnegative(),
  }),
});
export type HangmanRequested = z.infer<typeof HangmanRequested>;

/** The ledger refused the fee (e.g. insufficient_tokens): no game, nothing moved, the daily slot is given back. */
export const HangmanRefused = z.object({
  type: z.literal('HangmanRefused'),
  data: z.object({ reason: z.string().min(1), at: Instant }),
});
export type HangmanRefused = z.infer<typeof HangmanRefused>;

/** A start left unfinished (a crash between its steps) was called off; any fee taken is refunded next. */
export const HangmanAbandoned = z.object({
  type: z.literal('HangmanAbandoned'),
  data: z.object({ at: Instant }),
});
export type HangmanAbandoned = z.infer<typeof HangmanAbandoned>;

/** An abandoned start's fee is settled: `amount` tokens went back (0 when none had been taken). */
export const HangmanFeeRefunded = z.object({
  type: z.literal('HangmanFeeRefunded'),
  data: z.object({ transferId: z.string().nullable(), amount: z.number().int().nonnegative(), at: Instant }),
});
export type HangmanFeeRefunded = z.infer<typeof HangmanFeeRefunded>;

/** The win's reward reached the wallet (the XP is in HangmanWon itself). */
export const HangmanRewardPaid = z.object({
  type: z.literal('HangmanRewardPaid'),
  data: z.object({ transferId: z.string(), tokens: z.number().int().positive(), at: Instant }),
});
export type HangmanRewardPaid = z.infer<typeof HangmanRewardPaid>;

export const ProcessEvent = z.discriminatedUnion('type', [
  HangmanRequested,
  HangmanRefused,
  HangmanAbandoned,
  HangmanFeeRefunded,
  HangmanRewardPaid,
]);
export type ProcessEvent = z.infer<typeof ProcessEvent>;

export const MatchEvent = z.union([ProcessEvent, HangmanEvent]);
export type MatchEvent = z.infer<typeof MatchEvent>;

export const MATCH_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...ProcessEvent.options.map((o) => o.shape.type.value),
  ...HangmanEvent.options.map((o) => o.shape.type.value),
]);

export const PlaySlotTaken = z.object({ type: z.literal('PlaySlotTaken'), data: z.object({ matchId: Id }) });
export const PlaySlotReleased = z.object({ type: z.literal('PlaySlotReleased'), data: z.object({ matchId: Id }) });
export const PlaysEvent = z.discriminatedUnion('type', [PlaySlotTaken, PlaySlotReleased]);
export type PlaysEvent = z.infer<typeof PlaysEvent>;

/** A stored event of a match stream, parsed; null for anything else (another context's event). */
export function parseMatchEvent(stored: Pick<StoredEvent, 'type' | 'data'>): MatchEvent | null {
  if (!MATCH_EVENT_TYPES.has(stored.type)) return null;
  const parsed = MatchEvent.safeParse({ type: stored.type, data: stored.data });
  if (!parsed.success) throw new Error(`stored ${stored.type} does not match its schema`);
  return parsed.data;
}

export function parsePlaysEvent(stored: Pick<StoredEvent, 'type' | 'data'>): PlaysEvent | null {
  const parsed = PlaysEvent.safeParse({ type: stored.type, data: stored.data });
  return parsed.success ? parsed.data : null;
}

/** The command that appended an event, kept in its metadata so a retried command is recognised. */
export function commandIdOf(stored: Pick<StoredEvent, 'metadata'>): string | null {
  const { commandId } = stored.metadata;
  return typeof commandId === 'string' ? commandId : null;
}
