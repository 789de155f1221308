/**
 * Codebreaker's moves, commands, events and rejections. Every message is `{ type, data }`; the schemas parse them at
 * the service's edge and the types come from them. CodebreakerStarted holds the code and the hints, so a match's
 * stream is server-only; the player sees viewFor() alone.
 */
import { CODEBREAKER_END_REASONS, CODEBREAKER_LEVELS, type GameMove } from '@qal/events';
import { z } from 'zod';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Count = z.number().int().nonnegative();
const Digit = z.string().regex(/^[0-9]$/);
/** A guess as the player sent it: checked by the decider, which knows the level (≤ 200 characters on the wire). */
const GuessText = z.string().max(200);

export const Hint = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('digit_in_code'), digit: Digit }),
  z.object({ kind: z.literal('digit_at_position'), index: Count, digit: Digit }),
]);

// Commands -----------------------------------------------------------------------------------------------------

export const GuessCode = z.object({ type: z.literal('GuessCode'), data: z.object({ playerId: Id, digits: GuessText, at: Instant }) });
export type GuessCode = z.infer<typeof GuessCode>;

/** Takes the next hint (the first names a digit in the code, the second the digit at one position). */
export const TakeCodeHint = z.object({ type: z.literal('TakeCodeHint'), data: z.object({ playerId: Id, at: Instant }) });
export type TakeCodeHint = z.infer<typeof TakeCodeHint>;

/** Sent by the engine once the deadline has passed: ends the game lost. */
export const ExpireCodebreaker = z.object({ type: z.literal('ExpireCodebreaker'), data: z.object({ at: Instant }) });
export type ExpireCodebreaker = z.infer<typeof ExpireCodebreaker>;

export const CodebreakerCommand = z.discriminatedUnion('type', [GuessCode, TakeCodeHint, ExpireCodebreaker]);
export type CodebreakerCommand = z.infer<typeof CodebreakerCommand>;

// Wire moves ---------------------------------------------------------------------------------------------------

export const GUESS_CODE_MOVE = 'guess_code';
export const CODE_HINT_MOVE = 'code_hint';
export const CODEBREAKER_OWN_MOVES = [GUESS_CODE_MOVE, CODE_HINT_MOVE] as const;

const GuessCodeMove = z.object({ type: z.literal(GUESS_CODE_MOVE), digits: GuessText });

/** The decider's command for a wire move by `playerId` at `at`, or the rejection of a move that is not one. */
export function moveToCommand(move: GameMove, playerId: string, at: string): CodebreakerCommand | CodebreakerRejection {
  switch (move.type) {
    case GUESS_CODE_MOVE: {
      const parsed = GuessCodeMove.safeParse(move);
      return parsed.success ? { type: 'GuessCode', data: { playerId, digits: parsed.data.digits, at } } : 'guess_not_digits';
    }
    case CODE_HINT_MOVE:
      return { type: 'TakeCodeHint', data: { playerId, at } };
    default:
      return 'move_not_for_this_game';
  }
}

// Events -------------------------------------------------------------------------------------------------------

/** The game's first event: its rule numbers, and the code and hints drawn from the fairness stream (draw.ts). */
export const CodebreakerStarted = z.object({
  type: z.literal('CodebreakerStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    level: z.enum(CODEBREAKER_LEVELS),
    codeLength: z.number().int().positive(),
    repeatsAllowed: z.boolean(),
    attemptsMax: z.number().int().positive(),
    timeLimitMs: z.number().int().positive(),
    hintCostPoints: Count,
    startedAt: Instant,
    code: z.string().regex(/^[0-9]+$/),
    /** In the order they are taken. */
    hints: z.array(Hint),
  }),
});
export type CodebreakerStarted = z.infer<typeof CodebreakerStarted>;

export const CodeGuessed = z.object({
  type: z.literal('CodeGuessed'),
  data: z.object({ digits: z.string().regex(/^[0-9]+$/), exact: Count, misplaced: Count, at: Instant }),
});
export type CodeGuessed = z.infer<typeof CodeGuessed>;

export const CodeHintTaken = z.object({ type: z.literal('CodeHintTaken'), data: z.object({ hint: Hint, at: Instant }) });
export type CodeHintTaken = z.infer<typeof CodeHintTaken>;

/** The game is over; `score`, `tokens` and `xp` are the result (0 for a loss). */
export const CodebreakerFinished = z.object({
  type: z.literal('CodebreakerFinished'),
  data: z.object({ reason: z.enum(CODEBREAKER_END_REASONS), won: z.boolean(), score: Count, tokens: Count, xp: Count, at: Instant }),
});
export type CodebreakerFinished = z.infer<typeof CodebreakerFinished>;

export const CodebreakerEvent = z.discriminatedUnion('type', [CodebreakerStarted, CodeGuessed, CodeHintTaken, CodebreakerFinished]);
export type CodebreakerEvent = z.infer<typeof CodebreakerEvent>;

// Rejections ---------------------------------------------------------------------------------------------------

/** Every name has its status and its English and Amharic message in rejections.ts. */
export const CODEBREAKER_REJECTIONS = [
  'game_over',
  'not_your_match',
  'deadline_not_reached',
  'move_not_for_this_game',
  /** A guess with a character that is not a digit 0–9 (or no text at all). */
  'guess_not_digits',
  /** A guess of digits, but not as many as the code has. */
  'guess_wrong_length',
  'no_hints_left',
  /** A guess or hint at or after the deadline. */
  'time_up',
  /** The start's `level` is not easy, medium or hard. */
  'unknown_level',
  /** The start's options are not an object of known fields. */
  'options_not_valid',
] as const;
export type CodebreakerRejection = (typeof CODEBREAKER_REJECTIONS)[number];
