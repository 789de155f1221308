/**
 * Hangman's commands, events and rejections. Every message is `{ type, data }`; the schemas parse them at the
 * service's edge (commands from the gateway, events read back from the store), and the types come from them.
 *
 * Times are ISO-8601 instants: commands carry the time the gateway received them, never a clock read here.
 * HangmanStarted holds the word, so a match's stream is server-only; clients see viewFor() alone.
 */
import { z } from 'zod';
import { HANGMAN_LOSS_REASONS } from '@qal/events';
import { BytesUsed, Draw, FairSeeds, hasOneChance, ONE_CHANCE_MESSAGE } from '../fair-chance.ts';
import { HANGMAN_LANGUAGES } from './alphabet.ts';
import { DIFFICULTIES, WORD_CATEGORIES } from './words/categories.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Letter = z.string().min(1).max(8);
const Positions = z.array(z.number().int().nonnegative());

// Commands -----------------------------------------------------------------------------------------------------

/** Language and category are free text so an unknown one is a named rejection, not a parse error. */
export const StartHangman = z.object({
  type: z.literal('StartHangman'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    language: z.string().max(20),
    category: z.string().max(40).optional(),
    difficulty: z.string().max(20).optional(),
    /**
     * The seeds of the game's provably fair stream (games/fair-chance.ts): the server seed the service drew (its
     * commitment shown from the start), the player's client seed and the nonce the game took. It picks the word and
     * every hint.
     */
    fairness: FairSeeds,
    startedAt: Instant,
  }),
});
export type StartHangman = z.infer<typeof StartHangman>;

export const GuessLetter = z.object({
  type: z.literal('GuessLetter'),
  data: z.object({ matchId: Id, playerId: Id, letter: Letter, at: Instant }),
});
export type GuessLetter = z.infer<typeof GuessLetter>;

export const UseHint = z.object({
  type: z.literal('UseHint'),
  data: z.object({ matchId: Id, playerId: Id, at: Instant }),
});
export type UseHint = z.infer<typeof UseHint>;

/** Sent by the service's timer once the deadline has passed, so an idle game ends without a player's move. */
export const ExpireHangman = z.object({
  type: z.literal('ExpireHangman'),
  data: z.object({ matchId: Id, at: Instant }),
});
export type ExpireHangman = z.infer<typeof ExpireHangman>;

export const HangmanCommand = z.discriminatedUnion('type', [StartHangman, GuessLetter, UseHint, ExpireHangman]);
export type HangmanCommand = z.infer<typeof HangmanCommand>;

// Events -------------------------------------------------------------------------------------------------------

/**
 * The game opens: the word and the seeds of its stream (`fairness`), `wordDraw` the word's place among the candidate
 * words and `bytesUsed` the stream's position after it. A game started before Hangman drew from the fairness module
 * holds `seed` instead (games/fair-chance.ts).
 */
export const HangmanStarted = z.object({
  type: z.literal('HangmanStarted'),
  data: z
    .object({
      matchId: Id,
      playerId: Id,
      language: z.enum(HANGMAN_LANGUAGES),
      category: z.enum(WORD_CATEGORIES),
      difficulty: z.enum(DIFFICULTIES),
      word: z.string().min(1),
      fairness: FairSeeds.optional(),
      wordDraw: Draw.optional(),
      bytesUsed: BytesUsed.optional(),
      /** Only in a game started before the fairness module. */
      seed: z.string().min(1).optional(),
      startedAt: Instant,
      /** startedAt + the time limit at the start; later rule changes never move an open game's deadline. */
      deadline: Instant,
      lives: z.number().int().positive(),
      hints: z.number().int().nonnegative(),
    })
    .refine(hasOneChance, ONE_CHANCE_MESSAGE),
});
export type HangmanStarted = z.infer<typeof HangmanStarted>;

export const LetterGuessed = z.object({
  type: z.literal('LetterGuessed'),
  data: z.object({ letter: Letter, hit: z.boolean(), revealedPositions: Positions, at: Instant }),
});
export type LetterGuessed = z.infer<typeof LetterGuessed>;

/** `draw`: the letter's place among the word's letters not yet shown, and `bytesUsed` the stream's position after it. */
export const HintUsed = z.object({
  type: z.literal('HintUsed'),
  data: z.object({ letter: Letter, revealedPositions: Positions, at: Instant, draw: Draw.optional(), bytesUsed: BytesUsed.optional() }),
});
export type HintUsed = z.infer<typeof HintUsed>;

export const HangmanWon = z.object({
  type: z.literal('HangmanWon'),
  data: z.object({
    at: Instant,
    elapsedMs: z.number().int().nonnegative(),
    score: z.number().int().nonnegative(),
    tokensWon: z.number().int().nonnegative(),
    xpWon: z.number().int().nonnegative(),
  }),
});
export type HangmanWon = z.infer<typeof HangmanWon>;

export { HANGMAN_LOSS_REASONS };
export const HangmanLost = z.object({
  type: z.literal('HangmanLost'),
  data: z.object({ at: Instant, reason: z.enum(HANGMAN_LOSS_REASONS) }),
});
export type HangmanLost = z.infer<typeof HangmanLost>;

export const HangmanEvent = z.discriminatedUnion('type', [HangmanStarted, LetterGuessed, HintUsed, HangmanWon, HangmanLost]);
export type HangmanEvent = z.infer<typeof HangmanEvent>;

// Rejections ---------------------------------------------------------------------------------------------------

export const HANGMAN_REJECTIONS = [
  'already_guessed',
  'not_a_letter_of_this_language',
  'game_over',
  'not_your_match',
  'no_hints_left',
  /** A hint when one letter (key) of the word is left to find: it would give the word away. */
  'hint_would_reveal_word',
  'unknown_category',
  'unknown_language',
  'unknown_difficulty',
  /** The language has no word of the asked category and difficulty. */
  'no_words_for_selection',
  /** StartHangman on a match that has started. */
  'already_started',
  /** A move before StartHangman. */
  'not_started',
  /** ExpireHangman before the deadline. */
  'deadline_not_reached',
] as const;
export type HangmanRejection = (typeof HANGMAN_REJECTIONS)[number];

export const isHangmanRejection = (result: readonly HangmanEvent[] | HangmanRejection): result is HangmanRejection =>
  typeof result === 'string';
