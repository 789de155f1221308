import * as z from 'zod/mini';
import { MatchFairness } from './fairness.ts';
import { LANGUAGES } from './values.ts';

/** A room's word duel as one player (or a spectator) sees it: the engine's games/hangman-duel/view.ts builds these. */

export const ROUND_OUTCOMES = ['solved', 'failed', 'skipped'] as const;
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number];

/** A round that is over: everyone sees its word then. */
export const DuelRound = z.object({
  round: z.int(),
  setterId: z.string(),
  word: z.nullable(z.string()),
  outcome: z.enum(ROUND_OUTCOMES),
  solvedBy: z.optional(z.string()),
});
export type DuelRound = z.infer<typeof DuelRound>;

/**
 * The round's word reaches only its setter until the round is over; everyone sees it in lastRounds once it is,
 * and the interrupted round's word once the match is finished. Before that a letter's slot is null until its key
 * is guessed or hinted (spaces show from the start).
 */
export const DuelView = z.object({
  mode: z.literal('duel'),
  matchId: z.string(),
  roomCode: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(['playing', 'finished']),
  /** The current (or last) round, from 1. */
  round: z.int(),
  /** Rounds the match will have: played so far plus the remaining players still to set. */
  rounds: z.int(),
  phase: z.enum(['setting', 'guessing', 'finished']),
  setterId: z.nullable(z.string()),
  /** Whose move it is: the setter while setting, the guesser while guessing; null once finished. */
  currentPlayerId: z.nullable(z.string()),
  turn: z.int(),
  turnDeadline: z.nullable(z.string()),
  matchDeadline: z.string(),
  /** One per character of the word: the character once revealed (or a space), else null; null while setting. */
  slots: z.nullable(z.array(z.nullable(z.string()))),
  /** Keys guessed or hinted this round, in order. */
  guessed: z.array(z.string()),
  /** Guessed keys not in the word this round, so the keyboard can mark them. */
  missed: z.array(z.string()),
  wrongGuesses: z.int(),
  livesLeft: z.int(),
  hintsLeft: z.int(),
  scores: z.record(z.string(), z.int()),
  players: z.array(z.object({ id: z.string(), status: z.enum(['playing', 'left']), timeoutsInRow: z.int() })),
  /** The current round's word: only for its setter, and for everyone once the round or the match is over. */
  word: z.optional(z.string()),
  lastRounds: z.array(DuelRound),
  winners: z.optional(z.array(z.string())),
  finishedAt: z.optional(z.string()),
  /**
   * Where the room hints come from: the commitment from the start, the server seed once the match is over. Null for
   * a match started before the duel drew from the fairness module.
   */
  fairness: z.nullable(MatchFairness),
});
export type DuelView = z.infer<typeof DuelView>;

/** What a step of a duel's replay shows happening, for the player's caption. */
export const DUEL_REPLAY_STEP_KINDS = [
  'start',
  'round_start',
  'set_word',
  'guess',
  'hint',
  'timeout',
  'removed',
  'round_end',
  'end',
] as const;
export type DuelReplayStepKind = (typeof DUEL_REPLAY_STEP_KINDS)[number];

/** One step of a finished duel's replay (every round's word shown): what happened and the view after it. */
export const DuelReplayStep = z.object({
  index: z.int(),
  kind: z.enum(DUEL_REPLAY_STEP_KINDS),
  /** The engine's event type (informative only). */
  event: z.string(),
  at: z.string(),
  /** Who acted (the setter, guesser, timed-out or removed player), when someone did. */
  playerId: z.optional(z.string()),
  letter: z.optional(z.string()),
  hit: z.optional(z.boolean()),
  /** The word set or ended with. */
  word: z.optional(z.string()),
  view: DuelView,
});
export type DuelReplayStep = z.infer<typeof DuelReplayStep>;

export const DuelReplay = z.object({
  kind: z.literal('duel'),
  matchId: z.string(),
  roomCode: z.string(),
  final: DuelView,
  steps: z.array(DuelReplayStep),
});
export type DuelReplay = z.infer<typeof DuelReplay>;
