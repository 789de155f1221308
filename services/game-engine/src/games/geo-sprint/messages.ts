/**
 * Geo Sprint's options, moves, commands, events and rejections. Every message is `{ type, data }`; the schemas parse
 * them at the edge and the types come from them. Times are ISO-8601 instants carried by the commands (the server's
 * receive time, or the expiry's instant), never a clock read here.
 *
 * GeoSprintStarted holds the round's secrets (every answer, the 50/50 draws), so the match stream is server-only;
 * the player sees viewFor() alone.
 */
import {
  GEO_SPRINT_CATEGORIES,
  GEO_SPRINT_CATEGORY_CHOICES,
  GEO_SPRINT_HINT_KINDS,
  GEO_SPRINT_OPTIONS_PER_QUESTION,
  GEO_SPRINT_QUESTIONS_PER_ROUND,
  type GameMove,
} from '@qal/events';
import { z } from 'zod';
import type { RejectionText } from '../module.ts';
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import { Question } from './questions/schema.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Count = z.number().int().nonnegative();
const QuestionIndex = z
  .number()
  .int()
  .min(0)
  .max(GEO_SPRINT_QUESTIONS_PER_ROUND - 1);
const OptionIndex = z
  .number()
  .int()
  .min(0)
  .max(GEO_SPRINT_OPTIONS_PER_QUESTION - 1);
const Category = z.enum(GEO_SPRINT_CATEGORIES);
const CategoryChoice = z.enum(GEO_SPRINT_CATEGORY_CHOICES);

// Options and wire moves ---------------------------------------------------------------------------------------

/** The start's options: `{ category }`, mixed when left out. */
export interface GeoSprintOptions {
  readonly category: z.infer<typeof CategoryChoice>;
}

/** `{ type: 'answer', question, choice }`: `question` is the current question's index in the round, `choice` 0–3. */
export const AnswerMove = z.object({ type: z.literal('answer'), question: QuestionIndex, choice: OptionIndex });
/** A lifeline on the question on screen; `question`, when given, must be it (a tap that raced the clock is refused). */
export const LifelineMove = z.object({
  type: z.enum(['fifty_fifty', 'geo_hint']),
  question: QuestionIndex.optional(),
});
/** Ends a result's reveal early: the next question shows now. */
export const NextQuestionMove = z.object({ type: z.literal('next_question') });

export const GEO_SPRINT_MOVE_TYPES = ['answer', 'fifty_fifty', 'geo_hint', 'next_question'] as const;

// Commands -----------------------------------------------------------------------------------------------------

export const AnswerQuestion = z.object({
  type: z.literal('AnswerQuestion'),
  data: z.object({ playerId: Id, question: QuestionIndex, choice: OptionIndex, at: Instant }),
});
export type AnswerQuestion = z.infer<typeof AnswerQuestion>;

export const UseFiftyFifty = z.object({
  type: z.literal('UseFiftyFifty'),
  data: z.object({ playerId: Id, question: QuestionIndex.nullable(), at: Instant }),
});
export type UseFiftyFifty = z.infer<typeof UseFiftyFifty>;

export const UseGeoHint = z.object({
  type: z.literal('UseGeoHint'),
  data: z.object({ playerId: Id, question: QuestionIndex.nullable(), at: Instant }),
});
export type UseGeoHint = z.infer<typeof UseGeoHint>;

export const ShowNextQuestion = z.object({ type: z.literal('ShowNextQuestion'), data: z.object({ playerId: Id, at: Instant }) });
export type ShowNextQuestion = z.infer<typeof ShowNextQuestion>;

/** Sent by the engine once the current question's deadline has passed: it times the question out. */
export const ExpireQuestion = z.object({ type: z.literal('ExpireQuestion'), data: z.object({ at: Instant }) });
export type ExpireQuestion = z.infer<typeof ExpireQuestion>;

export const GeoSprintCommand = z.discriminatedUnion('type', [AnswerQuestion, UseFiftyFifty, UseGeoHint, ShowNextQuestion, ExpireQuestion]);
export type GeoSprintCommand = z.infer<typeof GeoSprintCommand>;

// Events -------------------------------------------------------------------------------------------------------

const Pool = z.object({ category: Category, bankSize: Count, unseen: z.string().max(20_000) });
const Hint = z.object({ kind: z.enum(GEO_SPRINT_HINT_KINDS), text: z.string().min(1).max(200) });
const Points = z.object({ base: Count, speed: Count, streak: Count, total: Count });

/**
 * The round, dealt (deal.ts): the questions as they were asked (a copy, so a later edit of the bank never changes
 * a match), the plan, the pools they came from, and the 50/50 draws. The clock numbers in force are copied too.
 */
export const GeoSprintStarted = z.object({
  type: z.literal('GeoSprintStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    category: CategoryChoice,
    startedAt: Instant,
    plan: z.array(Category).length(GEO_SPRINT_QUESTIONS_PER_ROUND),
    pools: z.array(Pool).min(1).max(GEO_SPRINT_CATEGORIES.length),
    questions: z.array(Question).length(GEO_SPRINT_QUESTIONS_PER_ROUND),
    fiftyFifty: z.array(z.array(OptionIndex).length(2)).length(GEO_SPRINT_QUESTIONS_PER_ROUND),
    questionMs: z.number().int().positive(),
    revealMs: Count,
  }),
});
export type GeoSprintStarted = z.infer<typeof GeoSprintStarted>;

/** A right or wrong answer, before the deadline; `points` is what it scored, `streak` the right answers in a row after it. */
export const QuestionAnswered = z.object({
  type: z.literal('QuestionAnswered'),
  data: z.object({ question: QuestionIndex, choice: OptionIndex, correct: z.boolean(), points: Points, streak: Count, at: Instant }),
});
export type QuestionAnswered = z.infer<typeof QuestionAnswered>;

/** The question's time ran out (`at`: when the engine timed it out, at or after its deadline). */
export const QuestionTimedOut = z.object({ type: z.literal('QuestionTimedOut'), data: z.object({ question: QuestionIndex, at: Instant }) });
export type QuestionTimedOut = z.infer<typeof QuestionTimedOut>;

export const FiftyFiftyUsed = z.object({
  type: z.literal('FiftyFiftyUsed'),
  data: z.object({ question: QuestionIndex, removed: z.array(OptionIndex).length(2), at: Instant }),
});
export type FiftyFiftyUsed = z.infer<typeof FiftyFiftyUsed>;

export const GeoHintUsed = z.object({
  type: z.literal('GeoHintUsed'),
  data: z.object({ question: QuestionIndex, hint: z.object({ en: Hint, am: Hint }), at: Instant }),
});
export type GeoHintUsed = z.infer<typeof GeoHintUsed>;

/** The player ended a result's reveal: question `question` shows at `at`, its time counting from then. */
export const NextQuestionShown = z.object({
  type: z.literal('NextQuestionShown'),
  data: z.object({ question: QuestionIndex, at: Instant }),
});
export type NextQuestionShown = z.infer<typeof NextQuestionShown>;

/** The last question answered or timed out: the round's score, its right answers and whether that wins. */
export const GeoSprintFinished = z.object({
  type: z.literal('GeoSprintFinished'),
  data: z.object({ score: Count, right: Count, won: z.boolean(), at: Instant }),
});
export type GeoSprintFinished = z.infer<typeof GeoSprintFinished>;

export const GeoSprintEvent = z.discriminatedUnion('type', [
  GeoSprintStarted,
  QuestionAnswered,
  QuestionTimedOut,
  FiftyFiftyUsed,
  GeoHintUsed,
  NextQuestionShown,
  GeoSprintFinished,
]);
export type GeoSprintEvent = z.infer<typeof GeoSprintEvent>;

// Rejections ---------------------------------------------------------------------------------------------------

export const GEO_SPRINT_REJECTIONS = {
  ...SHARED_GAME_REJECTIONS,
  options_malformed: { status: 400, en: 'The game’s options are not valid', am: 'የጨዋታው አማራጮች ትክክል አይደሉም' },
  unknown_category: {
    status: 400,
    en: 'Choose Ethiopia, Africa, the world or a mix',
    am: 'ኢትዮጵያ፣ አፍሪካ፣ ዓለም ወይም ድብልቅ ይምረጡ',
  },
  move_malformed: {
    status: 422,
    en: 'That move’s question or option is not valid',
    am: 'የዚህ እንቅስቃሴ ጥያቄ ወይም አማራጭ ትክክል አይደለም',
  },
  question_not_current: { status: 409, en: 'That question is not the one being asked', am: 'ይህ አሁን የቀረበው ጥያቄ አይደለም' },
  question_not_shown_yet: { status: 409, en: 'The next question has not been shown yet', am: 'ቀጣዩ ጥያቄ ገና አልቀረበም' },
  question_already_answered: { status: 409, en: 'You have already answered that question', am: 'ይህን ጥያቄ አስቀድመው መልሰዋል' },
  question_timed_out: { status: 409, en: 'Time is up for that question', am: 'የዚህ ጥያቄ ጊዜ አልቋል' },
  option_removed: { status: 409, en: 'The 50/50 took that option away', am: 'ይህ አማራጭ በ50/50 ተወግዷል' },
  fifty_fifty_used: { status: 409, en: 'You have used your 50/50 in this round', am: 'በዚህ ዙር 50/50ን ተጠቅመዋል' },
  geo_hint_used: { status: 409, en: 'You have used your hint in this round', am: 'በዚህ ዙር ፍንጭዎን ተጠቅመዋል' },
  no_result_to_skip: { status: 409, en: 'The question is already on screen', am: 'ጥያቄው አስቀድሞ ቀርቧል' },
} as const satisfies Record<string, RejectionText>;
export type GeoSprintRejection = keyof typeof GEO_SPRINT_REJECTIONS;

// Moves to commands --------------------------------------------------------------------------------------------

/** The start's options: null or `{}` is a mixed round. */
export function parseOptions(input: unknown): GeoSprintOptions | GeoSprintRejection {
  if (input === undefined || input === null) return { category: 'mixed' };
  if (typeof input !== 'object' || Array.isArray(input)) return 'options_malformed';
  const { category } = input as { category?: unknown };
  if (category === undefined || category === null) return { category: 'mixed' };
  const parsed = CategoryChoice.safeParse(category);
  return parsed.success ? { category: parsed.data } : 'unknown_category';
}

/** A player's move as the decider's command, or the rejection of a move that is not one of the game's. */
export function moveToCommand(move: GameMove, playerId: string, at: string): GeoSprintCommand | GeoSprintRejection {
  switch (move.type) {
    case 'answer': {
      const parsed = AnswerMove.safeParse(move);
      if (!parsed.success) return 'move_malformed';
      return { type: 'AnswerQuestion', data: { playerId, question: parsed.data.question, choice: parsed.data.choice, at } };
    }
    case 'fifty_fifty':
    case 'geo_hint': {
      const parsed = LifelineMove.safeParse(move);
      if (!parsed.success) return 'move_malformed';
      const data = { playerId, question: parsed.data.question ?? null, at };
      return parsed.data.type === 'fifty_fifty' ? { type: 'UseFiftyFifty', data } : { type: 'UseGeoHint', data };
    }
    case 'next_question':
      return { type: 'ShowNextQuestion', data: { playerId, at } };
    default:
      return 'move_not_for_this_game';
  }
}
