import * as z from 'zod/mini';
import { FairDraw, MatchFairness } from './fairness.ts';
import { LANGUAGES } from './values.ts';

/** Single-player Hangman as a client sees it (the engine's games/hangman/view.ts builds these). */

export const HANGMAN_LANGUAGES = LANGUAGES;
export type HangmanLanguage = (typeof HANGMAN_LANGUAGES)[number];

/** The word categories, shared by both languages (their labels: the engine's words/categories.ts). */
export const WORD_CATEGORIES = [
  'animals',
  'food',
  'places',
  'nature',
  'sports',
  'body',
  'home',
  'professions',
  'clothing',
  'transport',
  'family',
  'school',
] as const;
export type WordCategory = (typeof WORD_CATEGORIES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const HANGMAN_LOSS_REASONS = ['lives', 'time'] as const;
export type HangmanLossReason = (typeof HANGMAN_LOSS_REASONS)[number];

/**
 * What a client sees of a Hangman game. The word itself appears only once the game is over; before that a
 * letter's slot is null until its key is guessed or hinted (spaces show from the start).
 */
export const HangmanView = z.object({
  matchId: z.string(),
  status: z.enum(['playing', 'won', 'lost']),
  language: z.enum(HANGMAN_LANGUAGES),
  category: z.enum(WORD_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  /** One per character of the word: the character once revealed (or when it is not a letter), else null. */
  slots: z.array(z.nullable(z.string())),
  /** Keys guessed or revealed by a hint, in order. */
  guessed: z.array(z.string()),
  /** Guessed keys that are not in the word, so the keyboard can mark them. */
  missed: z.array(z.string()),
  wrongGuesses: z.int(),
  livesLeft: z.int(),
  hintsLeft: z.int(),
  /**
   * While playing: true when one letter (key) of the word is left to find. No hint is given then, since it would
   * give the word away; absent from games of servers that predate the rule.
   */
  lastLetterLeft: z.optional(z.boolean()),
  startedAt: z.string(),
  deadline: z.string(),
  /**
   * The game's fairness: the commitment from the start, the server seed once the game is over. Null for a game
   * started before Hangman drew from the fairness module (nothing of it can be checked).
   */
  fairness: z.nullable(MatchFairness),
  /** Only once the game is over. */
  word: z.optional(z.string()),
  score: z.optional(z.int()),
  tokensWon: z.optional(z.int()),
  xpWon: z.optional(z.int()),
  lossReason: z.optional(z.enum(HANGMAN_LOSS_REASONS)),
  /**
   * Only once the game is over (and when `fairness` is not null): the draws of the game's stream, in order, so the
   * verifier can draw them again. `word`: the word's place among the candidate words of the bank (the language's
   * words of the category and difficulty asked, in the bank's order); `hints`: each hinted letter's place among
   * the word's letters not yet shown, in keyboard order.
   */
  draws: z.optional(z.object({ word: FairDraw, hints: z.array(FairDraw) })),
});
export type HangmanView = z.infer<typeof HangmanView>;

/** POST /games/hangman/play: the paid game, started. */
export const HangmanPlayAnswer = z.object({ matchId: z.string(), view: HangmanView });
export type HangmanPlayAnswer = z.infer<typeof HangmanPlayAnswer>;

/** Plays counted against today's limit (the Africa/Addis_Ababa day). */
export const DailyPlays = z.object({ day: z.string(), played: z.int(), limit: z.int() });
export type DailyPlays = z.infer<typeof DailyPlays>;

/** GET /games/hangman/current: the game in progress (so a reloaded page carries on), and today's plays. */
export const CurrentHangman = z.object({ match: z.nullable(HangmanPlayAnswer), plays: DailyPlays });
export type CurrentHangman = z.infer<typeof CurrentHangman>;

export const HANGMAN_REPLAY_STEP_KINDS = ['start', 'guess', 'hint', 'won', 'lost'] as const;

/** One step of a finished game's replay: what happened and the view after it. */
export const HangmanReplayStep = z.object({
  index: z.int(),
  kind: z.enum(HANGMAN_REPLAY_STEP_KINDS),
  at: z.string(),
  letter: z.optional(z.string()),
  hit: z.optional(z.boolean()),
  view: HangmanView,
});
export type HangmanReplayStep = z.infer<typeof HangmanReplayStep>;

export const HangmanReplay = z.object({
  kind: z.literal('hangman'),
  matchId: z.string(),
  word: z.string(),
  final: HangmanView,
  steps: z.array(HangmanReplayStep),
});
export type HangmanReplay = z.infer<typeof HangmanReplay>;
