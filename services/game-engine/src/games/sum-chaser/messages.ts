/**
 * Sum Chaser's moves, commands, events and rejections. Every message is `{ type, data }`; the schemas parse them at
 * the edge (moves from the gateway, events read back from the store), and the types come from them.
 *
 * Times are ISO-8601 instants carried by the commands (the server's receive time, or the expiry's instant).
 * SumChaserStarted holds the digits, so a game's stream is server-only; the player sees viewFor() alone.
 */
import { z } from 'zod';
import { SUM_CHASER_CALLS, SUM_CHASER_DIGIT_MAX, SUM_CHASER_DIGITS } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Digit = z.number().int().min(0).max(SUM_CHASER_DIGIT_MAX);
const Step = z.number().int().min(0);
const Call = z.enum(SUM_CHASER_CALLS);

// Moves ----------------------------------------------------------------------------------------------------------

export const PredictMove = z.object({ type: z.literal('predict'), call: Call });
export const SUM_CHASER_MOVE_TYPES = ['predict', 'cash_out'] as const;

// Commands -------------------------------------------------------------------------------------------------------

/** Calls `over` or `under` the current line; the next digit is revealed. */
export const CallNextDigit = z.object({ type: z.literal('CallNextDigit'), data: z.object({ playerId: Id, call: Call, at: Instant }) });
export type CallNextDigit = z.infer<typeof CallNextDigit>;

export const CashOutChase = z.object({ type: z.literal('CashOutChase'), data: z.object({ playerId: Id, at: Instant }) });
export type CashOutChase = z.infer<typeof CashOutChase>;

/** Sent by the engine once deadlineOf(state) has passed: the idle game ends (rules.ts decision 6). */
export const ExpireSumChaser = z.object({ type: z.literal('ExpireSumChaser'), data: z.object({ at: Instant }) });
export type ExpireSumChaser = z.infer<typeof ExpireSumChaser>;

export const SumChaserCommand = z.discriminatedUnion('type', [CallNextDigit, CashOutChase, ExpireSumChaser]);
export type SumChaserCommand = z.infer<typeof SumChaserCommand>;

// Events ---------------------------------------------------------------------------------------------------------

export const SumChaserRules = z.object({
  lines: z.array(z.number()).length(SUM_CHASER_DIGITS),
  digitMax: z.number().int().positive(),
  costTokens: z.number().int().nonnegative(),
  houseEdgePercent: z.number().int().min(0).max(99),
  idleMs: z.number().int().positive(),
});

/** The game's first event: every digit drawn from the fair stream (decision 1), secret until revealed. */
export const SumChaserStarted = z.object({
  type: z.literal('SumChaserStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    startedAt: Instant,
    /** The digits in the order they are revealed. */
    digits: z.array(Digit).length(SUM_CHASER_DIGITS),
    rules: SumChaserRules,
  }),
});
export type SumChaserStarted = z.infer<typeof SumChaserStarted>;

/** A call judged: the digit of step `step` revealed, the sum after it, and whether the call was right. */
export const SumChaserDigitRevealed = z.object({
  type: z.literal('SumChaserDigitRevealed'),
  data: z.object({
    step: Step,
    call: Call,
    line: z.number(),
    digit: Digit,
    sum: z.number().int().nonnegative(),
    right: z.boolean(),
    at: Instant,
  }),
});
export type SumChaserDigitRevealed = z.infer<typeof SumChaserDigitRevealed>;

/** Why a game was cashed out: the player chose to, every call was right, or it sat idle after a right call. */
export const SUM_CHASER_CASH_OUT_REASONS = ['chosen', 'all_right', 'idle'] as const;
export type SumChaserCashOutReason = (typeof SUM_CHASER_CASH_OUT_REASONS)[number];

/** The game ends won at the multiplier of its `rightCalls` right calls. */
export const SumChaserCashedOut = z.object({
  type: z.literal('SumChaserCashedOut'),
  data: z.object({ reason: z.enum(SUM_CHASER_CASH_OUT_REASONS), rightCalls: z.number().int().positive(), at: Instant }),
});
export type SumChaserCashedOut = z.infer<typeof SumChaserCashedOut>;

/** The game sat idle with nothing won: it ends lost. */
export const SumChaserExpired = z.object({ type: z.literal('SumChaserExpired'), data: z.object({ at: Instant }) });
export type SumChaserExpired = z.infer<typeof SumChaserExpired>;

export const SumChaserEvent = z.discriminatedUnion('type', [
  SumChaserStarted,
  SumChaserDigitRevealed,
  SumChaserCashedOut,
  SumChaserExpired,
]);
export type SumChaserEvent = z.infer<typeof SumChaserEvent>;

// Rejections -----------------------------------------------------------------------------------------------------

export const SUM_CHASER_REJECTIONS = [
  'game_over',
  'not_your_match',
  'move_not_for_this_game',
  'deadline_not_reached',
  /** A predict move whose call is not `over` or `under`. */
  'invalid_prediction',
  /** A cash-out before the first right call. */
  'nothing_to_cash_out',
] as const;
export type SumChaserRejection = (typeof SUM_CHASER_REJECTIONS)[number];
