/**
 * The word duel's commands, events and rejections. Every message is `{ type, data }`; the schemas parse them at
 * the service's edge, and the types come from them.
 *
 * Times are ISO-8601 instants carried by the commands (the gateway's receive time, or a timer's deadline), never a
 * clock read here. WordSet and DuelStarted (the seeds) hold secrets, so a duel's stream is server-only; clients see
 * viewFor() alone.
 */
import { z } from 'zod';
import { REMOVAL_REASONS, ROUND_OUTCOMES, type RemovalReason, type RoundOutcome } from '@qal/events';
import { BytesUsed, FairSeeds, hasOneChance, ONE_CHANCE_MESSAGE } from '../fair-chance.ts';
import { HANGMAN_LANGUAGES } from '../hangman/alphabet.ts';
import { DUEL_PLAYERS_MAX, DUEL_PLAYERS_MIN } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Letter = z.string().min(1).max(8);
const Positions = z.array(z.number().int().nonnegative());
const Count = z.number().int().nonnegative();

// Commands -----------------------------------------------------------------------------------------------------

/** The round's setter sets its word. Free text, so a bad word is `invalid_word`, not a parse error. */
export const SetWord = z.object({
  type: z.literal('SetWord'),
  data: z.object({ playerId: Id, word: z.string().max(2000), at: Instant }),
});
export type SetWord = z.infer<typeof SetWord>;

export const GuessLetter = z.object({
  type: z.literal('GuessLetter'),
  data: z.object({ playerId: Id, letter: Letter, at: Instant }),
});
export type GuessLetter = z.infer<typeof GuessLetter>;

/** Uses one of the room's hints on the guesser's turn. */
export const UseHint = z.object({
  type: z.literal('UseHint'),
  data: z.object({ playerId: Id, at: Instant }),
});
export type UseHint = z.infer<typeof UseHint>;

/**
 * Sent by the engine's timer for turn `turn` (DuelState.turn when it was scheduled). The duel trusts the timer's
 * `at` (the rooms layer may time an offline player out early); a turn that is no longer current is a no-op.
 */
export const TimeoutTurn = z.object({
  type: z.literal('TimeoutTurn'),
  data: z.object({ turn: Count, at: Instant }),
});
export type TimeoutTurn = z.infer<typeof TimeoutTurn>;

/** Sent by the engine's timer at the match deadline. */
export const EndOnTime = z.object({
  type: z.literal('EndOnTime'),
  data: z.object({ at: Instant }),
});
export type EndOnTime = z.infer<typeof EndOnTime>;

export { REMOVAL_REASONS, type RemovalReason };

/** A player leaves the match (or the rooms layer takes them out). Removing a player already out is a no-op. */
export const RemovePlayer = z.object({
  type: z.literal('RemovePlayer'),
  data: z.object({ playerId: Id, at: Instant, reason: z.enum(REMOVAL_REASONS) }),
});
export type RemovePlayer = z.infer<typeof RemovePlayer>;

export const DuelCommand = z.discriminatedUnion('type', [SetWord, GuessLetter, UseHint, TimeoutTurn, EndOnTime, RemovePlayer]);
export type DuelCommand = z.infer<typeof DuelCommand>;

// Events -------------------------------------------------------------------------------------------------------

/**
 * The match's first event: its configuration, the seeds of its fair stream (`fairness`, secret until the end: the
 * room hints are drawn from it) and the rule numbers in force at the start. Matches started before the duel drew
 * from the fairness module hold `seed` instead (games/fair-chance.ts).
 */
export const DuelStarted = z.object({
  type: z.literal('DuelStarted'),
  data: z
    .object({
      matchId: Id,
      roomCode: z.string().min(1).max(20),
      language: z.enum(HANGMAN_LANGUAGES),
      /** Seat order: setters rotate in it, and guessers take turns in it from the one after the setter. */
      players: z.array(Id).min(DUEL_PLAYERS_MIN).max(DUEL_PLAYERS_MAX),
      turnMs: z.number().int().positive(),
      durationMs: z.number().int().positive(),
      startedAt: Instant,
      fairness: FairSeeds.optional(),
      /** Only in a match started before the fairness module. */
      seed: z.string().min(1).max(200).optional(),
      lives: z.number().int().positive(),
      roomHints: Count,
      timeoutsToRemove: z.number().int().positive(),
    })
    .refine(hasOneChance, ONE_CHANCE_MESSAGE),
});
export type DuelStarted = z.infer<typeof DuelStarted>;

/** A round begins: `setterId` has the turn timer to set a word. `round` counts from 1. */
export const RoundStarted = z.object({
  type: z.literal('RoundStarted'),
  data: z.object({ round: z.number().int().positive(), setterId: Id, at: Instant }),
});
export type RoundStarted = z.infer<typeof RoundStarted>;

/** The setter's word, normalised (normaliseWord). Secret until the round ends. */
export const WordSet = z.object({
  type: z.literal('WordSet'),
  data: z.object({ setterId: Id, word: z.string().min(1), at: Instant }),
});
export type WordSet = z.infer<typeof WordSet>;

export const LetterGuessed = z.object({
  type: z.literal('LetterGuessed'),
  data: z.object({
    playerId: Id,
    letter: Letter,
    hit: z.boolean(),
    revealedPositions: Positions,
    /** DUEL_POINTS_PER_LETTER per revealed position; 0 for a miss. */
    points: Count,
    at: Instant,
  }),
});
export type LetterGuessed = z.infer<typeof LetterGuessed>;

export const HintUsed = z.object({
  type: z.literal('HintUsed'),
  data: z.object({
    playerId: Id,
    letter: Letter,
    revealedPositions: Positions,
    at: Instant,
    /** The match's stream's position after the draw of the letter (absent in matches from before fairness). */
    bytesUsed: BytesUsed.optional(),
  }),
});
export type HintUsed = z.infer<typeof HintUsed>;

/** `playerId`'s turn `turn` ran out (or they moved after its deadline). */
export const TurnTimedOut = z.object({
  type: z.literal('TurnTimedOut'),
  data: z.object({ playerId: Id, turn: Count, at: Instant }),
});
export type TurnTimedOut = z.infer<typeof TurnTimedOut>;

export const PlayerRemoved = z.object({
  type: z.literal('PlayerRemoved'),
  data: z.object({ playerId: Id, reason: z.enum(REMOVAL_REASONS), at: Instant }),
});
export type PlayerRemoved = z.infer<typeof PlayerRemoved>;

export { ROUND_OUTCOMES, type RoundOutcome };

/**
 * A round is over: solved (every letter shown; `solvedBy` is the guesser who completed it, absent when a hint
 * did), failed (lives out) or skipped (the setter timed out or left before setting). `bonus` is the completion or
 * setter points it pays.
 */
export const RoundEnded = z.object({
  type: z.literal('RoundEnded'),
  data: z.object({
    round: z.number().int().positive(),
    setterId: Id,
    word: z.string().nullable(),
    outcome: z.enum(ROUND_OUTCOMES),
    solvedBy: Id.optional(),
    bonus: z.object({ playerId: Id, points: Count }).nullable(),
    at: Instant,
  }),
});
export type RoundEnded = z.infer<typeof RoundEnded>;

export const DUEL_END_REASONS = ['all_set', 'time', 'players'] as const;
export type DuelEndReason = (typeof DUEL_END_REASONS)[number];

/**
 * The match is over: everyone has set once (all_set), the duration ran out (time), or fewer than two players
 * remain (players). `winners` are the remaining players with the highest total, first finisher first.
 */
export const DuelFinished = z.object({
  type: z.literal('DuelFinished'),
  data: z.object({ reason: z.enum(DUEL_END_REASONS), winners: z.array(Id), at: Instant }),
});
export type DuelFinished = z.infer<typeof DuelFinished>;

export const DuelEvent = z.discriminatedUnion('type', [
  DuelStarted,
  RoundStarted,
  WordSet,
  LetterGuessed,
  HintUsed,
  TurnTimedOut,
  PlayerRemoved,
  RoundEnded,
  DuelFinished,
]);
export type DuelEvent = z.infer<typeof DuelEvent>;

export const DUEL_EVENT_TYPES: readonly DuelEvent['type'][] = DuelEvent.options.map((option) => option.shape.type.value);
export const isDuelEvent = (event: { type: string }): event is DuelEvent => (DUEL_EVENT_TYPES as readonly string[]).includes(event.type);

// Rejections ---------------------------------------------------------------------------------------------------

/** Every name is also in events' GAME_ENGINE_REJECTIONS. */
export const DUEL_REJECTIONS = [
  /** The player is not in this match, or has left it. */
  'not_your_match',
  'game_over',
  'not_your_turn',
  'not_the_setter',
  'not_setting_phase',
  'not_guessing_phase',
  /** Not a word of the room's language (dictionary.ts). */
  'invalid_word',
  /** Set before in this match. */
  'duplicate_word',
  'no_room_hints_left',
  'already_guessed',
  'not_a_letter_of_this_language',
  /** EndOnTime before the match deadline. */
  'deadline_not_reached',
] as const;
export type DuelRejection = (typeof DUEL_REJECTIONS)[number];

export const isDuelRejection = (result: readonly DuelEvent[] | DuelRejection): result is DuelRejection => typeof result === 'string';
