/**
 * Math Sprint's commands, events and rejections. Every message is `{ type, data }`; times are ISO-8601 instants the
 * commands carry (the server's receive time, or the expiry's), never a clock read here. MathSprintStarted holds every
 * problem and its answer, so a match's stream never leaves the server: the player sees viewFor() alone.
 */
import { z } from 'zod';
import { MATH_SPRINT_END_REASONS } from '@qal/events';
import { MATH_SPRINT_LEVELS, MATH_SPRINT_OPERATIONS } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Count = z.number().int().nonnegative();
const Whole = z.number().int();

// Options and wire moves ---------------------------------------------------------------------------------------

/** The start's options: the level (default medium). */
export const MathSprintOptions = z.object({ level: z.enum(MATH_SPRINT_LEVELS) });
export type MathSprintOptions = z.infer<typeof MathSprintOptions>;

/** The move type of an answer: `{ type: 'math_answer', problem: <index>, value: <whole number> }`. */
export const MATH_ANSWER_MOVE = 'math_answer';

// Commands -----------------------------------------------------------------------------------------------------

/** Answers problem `problem` (the one shown now) with `value`. */
export const AnswerProblem = z.object({
  type: z.literal('AnswerProblem'),
  data: z.object({ playerId: Id, problem: Count, value: Whole, at: Instant }),
});
export type AnswerProblem = z.infer<typeof AnswerProblem>;

/** Sent by the engine once the game's time is up (its sweeper, or a late move first). */
export const ExpireGame = z.object({ type: z.literal('ExpireGame'), data: z.object({ at: Instant }) });
export type ExpireGame = z.infer<typeof ExpireGame>;

export const MathSprintCommand = z.discriminatedUnion('type', [AnswerProblem, ExpireGame]);
export type MathSprintCommand = z.infer<typeof MathSprintCommand>;

// Events -------------------------------------------------------------------------------------------------------

const ProblemSchema = z.object({ op: z.enum(MATH_SPRINT_OPERATIONS), x: Whole, y: Whole, answer: Whole });

/** The game's first event: every problem drawn from the fairness stream (secret until the end) and the clock. */
export const MathSprintStarted = z.object({
  type: z.literal('MathSprintStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    level: z.enum(MATH_SPRINT_LEVELS),
    problems: z.array(ProblemSchema).min(1),
    startedAt: Instant,
    endsAt: Instant,
  }),
});
export type MathSprintStarted = z.infer<typeof MathSprintStarted>;

/** Problem `problem` answered with `value`; `points` is its total (base + streakBonus + speedBonus). */
export const ProblemAnswered = z.object({
  type: z.literal('ProblemAnswered'),
  data: z.object({
    problem: Count,
    value: Whole,
    right: z.boolean(),
    points: Count,
    streakBonus: Count,
    speedBonus: Count,
    elapsedMs: Count,
    at: Instant,
  }),
});
export type ProblemAnswered = z.infer<typeof ProblemAnswered>;

/** The game is over: its time ran out (`at` is the deadline) or every problem was answered. */
export const MathSprintEnded = z.object({
  type: z.literal('MathSprintEnded'),
  data: z.object({ reason: z.enum(MATH_SPRINT_END_REASONS), at: Instant }),
});
export type MathSprintEnded = z.infer<typeof MathSprintEnded>;

export const MathSprintEvent = z.discriminatedUnion('type', [MathSprintStarted, ProblemAnswered, MathSprintEnded]);
export type MathSprintEvent = z.infer<typeof MathSprintEvent>;

// Rejections ---------------------------------------------------------------------------------------------------

/** Every name has its status and its English and Amharic message in rejections.ts. */
export const MATH_SPRINT_REJECTIONS = [
  'game_over',
  'not_your_match',
  /** An expiry before the game's time is up. */
  'deadline_not_reached',
  'move_not_for_this_game',
  /** The start's options are not an object. */
  'invalid_options',
  'unknown_level',
  /** An answer move without a problem index (a whole number from 0). */
  'invalid_answer_move',
  'answer_not_a_number',
  'answer_not_whole',
  /** An answer to a problem other than the one shown now. */
  'not_current_problem',
  /** An answer at or after the game's deadline (decision 1). */
  'time_up',
] as const;
export type MathSprintRejection = (typeof MATH_SPRINT_REJECTIONS)[number];
