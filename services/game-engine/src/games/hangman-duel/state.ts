/**
 * The word duel's state: what evolve() folds the events into. It holds the current word and the seeds, so it never
 * leaves the server; clients see view.ts. Plain JSON (records keyed by player id), so it can be cached as is.
 */
import { charactersOf, keyOfCharacter, type HangmanLanguage } from '../hangman/alphabet.ts';
import type { MatchChance } from '../fair-chance.ts';
import type { DuelEndReason, RemovalReason, RoundOutcome } from './messages.ts';

export interface DuelPlayer {
  readonly id: string;
  readonly status: 'playing' | 'left';
  readonly leftReason?: RemovalReason;
}

export interface DuelRound {
  readonly round: number;
  readonly setterId: string;
  /** Null when the round was skipped before a word was set. */
  readonly word: string | null;
  readonly outcome: RoundOutcome;
  readonly solvedBy?: string;
}

export type DuelPhase = 'setting' | 'guessing' | 'round_over' | 'finished';

export interface DuelState {
  readonly status: 'playing' | 'finished';
  readonly matchId: string;
  readonly roomCode: string;
  readonly language: HangmanLanguage;
  /** The match's fair stream: its seeds (secret until the end) and how far the hints have drawn. */
  readonly chance: MatchChance;
  readonly startedAt: string;
  readonly turnMs: number;
  readonly durationMs: number;
  readonly matchDeadline: string;
  /** Shared wrong guesses a round allows. */
  readonly lives: number;
  readonly roomHints: number;
  readonly timeoutsToRemove: number;
  /** Seat order. */
  readonly players: readonly DuelPlayer[];
  readonly scores: Readonly<Record<string, number>>;
  /** For each player, the number of the event (seq) that last changed their score: ties go to the earlier. */
  readonly scoredAt: Readonly<Record<string, number>>;
  readonly timeoutsInRow: Readonly<Record<string, number>>;
  /** Players whose round has begun (set, skipped or under way), in order. */
  readonly setters: readonly string[];
  /** Round number, from 1; 0 before the first round begins. */
  readonly round: number;
  readonly phase: DuelPhase;
  readonly setterId: string | null;
  readonly currentPlayer: string | null;
  /** Grows every time a turn timer starts (a new turn, or a right guess that keeps it). */
  readonly turn: number;
  readonly turnDeadline: string | null;
  /** The current round's word once set. */
  readonly word: string | null;
  /** Keys guessed or hinted in this round, in order. */
  readonly guessed: readonly string[];
  /** Guessed keys not in the word, this round. */
  readonly missed: readonly string[];
  /** Room hints used in the whole match. */
  readonly hintsUsed: number;
  /** Every word set in this match (normalised). */
  readonly usedWords: readonly string[];
  readonly history: readonly DuelRound[];
  readonly winners: readonly string[];
  readonly finishedAt: string | null;
  readonly endReason: DuelEndReason | null;
  /** Events folded so far. */
  readonly seq: number;
}

export const isPlaying = (state: DuelState, playerId: string): boolean =>
  state.players.some((p) => p.id === playerId && p.status === 'playing');

export const playingIds = (state: DuelState): string[] => state.players.filter((p) => p.status === 'playing').map((p) => p.id);

/** The key of each character of the current word (null for a space). */
export const keysOfWord = (state: Pick<DuelState, 'language' | 'word'>): (string | null)[] =>
  charactersOf(state.word ?? '').map((character) => keyOfCharacter(state.language, character));

/** Positions of the characters `key` reveals in the current word. */
export const positionsOf = (state: Pick<DuelState, 'language' | 'word'>, key: string): number[] =>
  keysOfWord(state).flatMap((k, index) => (k === key ? [index] : []));

/** True once every letter of the set word has been guessed or hinted. */
export const isWordRevealed = (state: DuelState): boolean =>
  state.word !== null && keysOfWord(state).every((key) => key === null || state.guessed.includes(key));

/**
 * Whose turn to guess comes after `from` in seat order: the first remaining player other than the setter, going
 * round the table (so `from` again when they are the only guesser left), or null when nobody can guess.
 */
export function nextGuesser(state: DuelState, from: string | null): string | null {
  const seats = state.players;
  const start = seats.findIndex((p) => p.id === from);
  for (let step = 1; step <= seats.length; step++) {
    const player = seats[(start + step + seats.length) % seats.length]!;
    if (player.status === 'playing' && player.id !== state.setterId) return player.id;
  }
  return null;
}

/** The next player to set a word: the first remaining one in seat order whose round has not come yet. */
export const nextSetter = (state: DuelState): string | null =>
  state.players.find((p) => p.status === 'playing' && !state.setters.includes(p.id))?.id ?? null;
