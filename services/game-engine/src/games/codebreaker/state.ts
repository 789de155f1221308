/**
 * Codebreaker's state: what evolve() folds the events into. It holds the code and every hint drawn, so it never
 * leaves the server; the player sees view.ts.
 */
import type { CodebreakerEndReason, CodebreakerGuess, CodebreakerHint } from '@qal/events';
import type { CodebreakerLevel } from './rules.ts';

export interface CodebreakerState {
  readonly status: 'playing' | 'won' | 'lost';
  readonly matchId: string;
  readonly playerId: string;
  readonly level: CodebreakerLevel;
  readonly codeLength: number;
  readonly repeatsAllowed: boolean;
  readonly attemptsMax: number;
  readonly timeLimitMs: number;
  readonly hintCostPoints: number;
  readonly startedAt: string;
  /** startedAt + timeLimitMs: a guess or hint at or after it is refused. */
  readonly deadline: string;
  readonly code: string;
  /** Every hint drawn at the start, in the order they are taken. */
  readonly hints: readonly CodebreakerHint[];
  readonly hintsUsed: number;
  /** Oldest first. */
  readonly guesses: readonly CodebreakerGuess[];
  readonly endReason: CodebreakerEndReason | null;
  readonly score: number;
  readonly tokens: number;
  readonly xp: number;
  readonly finishedAt: string | null;
}

export const isOver = (state: CodebreakerState): boolean => state.status !== 'playing';

/** Whether `at` is at or after the deadline. */
export const isTimeUp = (state: CodebreakerState, at: string): boolean => Date.parse(at) >= Date.parse(state.deadline);

export const elapsedMsAt = (state: CodebreakerState, at: string): number => Date.parse(at) - Date.parse(state.startedAt);
