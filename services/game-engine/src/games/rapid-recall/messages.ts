/**
 * Rapid Recall's commands, events and rejections. Every message is `{ type, data }`; times are ISO-8601 instants the
 * commands carry (the server's receive time, or the expiry's), never a clock read here. RapidRecallStarted holds
 * every sequence, so a match's stream never leaves the server: the player sees viewFor() alone.
 */
import { z } from 'zod';
import { RAPID_RECALL_END_REASONS } from '@qal/events';
import { RAPID_RECALL_KINDS, RAPID_RECALL_SEQUENCE_MAX } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Count = z.number().int().nonnegative();
const Positive = z.number().int().positive();
const ItemId = z.string().min(1).max(12);
const Items = z.array(ItemId);

// Options and wire moves ---------------------------------------------------------------------------------------

/** The start's options: the kind of items (default mixed). */
export const RapidRecallOptions = z.object({ kind: z.enum(RAPID_RECALL_KINDS) });
export type RapidRecallOptions = z.infer<typeof RapidRecallOptions>;

/** The move type of an answer: `{ type: 'recall', round: <n>, items: [<item id>…] }`, the whole sequence at once. */
export const RECALL_MOVE = 'recall';
/** The most items a recall move may carry (the longest sequence). */
export const RECALL_ITEMS_MAX = RAPID_RECALL_SEQUENCE_MAX;

// Commands -----------------------------------------------------------------------------------------------------

export const RecallSequence = z.object({
  type: z.literal('RecallSequence'),
  data: z.object({ playerId: Id, round: Positive, items: Items.max(RECALL_ITEMS_MAX), at: Instant }),
});
export type RecallSequence = z.infer<typeof RecallSequence>;

/** Sent by the engine once a round's answer window has closed (its sweeper, or a late move first). */
export const ExpireRound = z.object({ type: z.literal('ExpireRound'), data: z.object({ at: Instant }) });
export type ExpireRound = z.infer<typeof ExpireRound>;

export const RapidRecallCommand = z.discriminatedUnion('type', [RecallSequence, ExpireRound]);
export type RapidRecallCommand = z.infer<typeof RapidRecallCommand>;

// Events -------------------------------------------------------------------------------------------------------

export const TimingSchema = z.object({
  itemMs: Positive,
  pauseMs: Count,
  inputBaseMs: Count,
  inputMsPerItem: Count,
  lives: Positive,
  lengthStart: Positive,
  lengthMax: Positive,
  winLength: Positive,
});

/** The game's first event: every sequence drawn from the fairness stream (secret until the end) and its timing. */
export const RapidRecallStarted = z.object({
  type: z.literal('RapidRecallStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    kind: z.enum(RAPID_RECALL_KINDS),
    sequences: z.array(Items.min(1)).min(1),
    timing: TimingSchema,
    startedAt: Instant,
  }),
});
export type RapidRecallStarted = z.infer<typeof RapidRecallStarted>;

/** Round `round` (its sequence: the first `length` items of sequence `round`) shows its first item at `startsAt`. */
export const RoundStarted = z.object({
  type: z.literal('RoundStarted'),
  data: z.object({ round: Positive, length: Positive, startsAt: Instant }),
});
export type RoundStarted = z.infer<typeof RoundStarted>;

/** The player's answer to round `round`, right or not, and what it earned (`points` includes `speedBonus`). */
export const SequenceRecalled = z.object({
  type: z.literal('SequenceRecalled'),
  data: z.object({
    round: Positive,
    length: Positive,
    items: Items,
    right: z.boolean(),
    points: Count,
    speedBonus: Count,
    elapsedMs: Count,
    at: Instant,
  }),
});
export type SequenceRecalled = z.infer<typeof SequenceRecalled>;

/** Round `round`'s answer window closed without an answer: a life lost. */
export const RoundTimedOut = z.object({
  type: z.literal('RoundTimedOut'),
  data: z.object({ round: Positive, length: Positive, at: Instant }),
});
export type RoundTimedOut = z.infer<typeof RoundTimedOut>;

export const RapidRecallEnded = z.object({
  type: z.literal('RapidRecallEnded'),
  data: z.object({ reason: z.enum(RAPID_RECALL_END_REASONS), at: Instant }),
});
export type RapidRecallEnded = z.infer<typeof RapidRecallEnded>;

export const RapidRecallEvent = z.discriminatedUnion('type', [
  RapidRecallStarted,
  RoundStarted,
  SequenceRecalled,
  RoundTimedOut,
  RapidRecallEnded,
]);
export type RapidRecallEvent = z.infer<typeof RapidRecallEvent>;

// Rejections ---------------------------------------------------------------------------------------------------

/** Every name has its status and its English and Amharic message in rejections.ts. */
export const RAPID_RECALL_REJECTIONS = [
  'game_over',
  'not_your_match',
  /** An expiry before the round's answer window has closed. */
  'deadline_not_reached',
  'move_not_for_this_game',
  /** The start's options are not an object. */
  'invalid_options',
  'unknown_kind',
  /** A recall move without a round number or with items that are not short strings. */
  'invalid_recall_move',
  /** An answer before the round's answer window opens (decision 5). */
  'still_showing',
  'not_current_round',
  'unknown_item',
  'wrong_length',
  /** An answer at or after the round's answer window closed (decision 5). */
  'round_time_up',
] as const;
export type RapidRecallRejection = (typeof RAPID_RECALL_REJECTIONS)[number];
