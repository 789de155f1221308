/**
 * Math Sprint's state: what evolve() folds the events into. It holds every problem and its answer, so it never leaves
 * the server; the player sees view.ts. Plain JSON, so it can be cached as it is.
 */
import type { MathSprintEndReason } from '@qal/events';
import type { Problem } from './problems.ts';
import type { MathSprintLevel } from './rules.ts';

/** One answer given, as ProblemAnswered recorded it, with the streak after it. */
export interface AnswerRecord {
  readonly problem: number;
  readonly value: number;
  readonly right: boolean;
  readonly points: number;
  readonly streakBonus: number;
  readonly speedBonus: number;
  readonly elapsedMs: number;
  readonly streak: number;
  readonly at: string;
}

export interface MathSprintState {
  readonly status: 'playing' | 'over';
  readonly matchId: string;
  readonly playerId: string;
  readonly level: MathSprintLevel;
  /** Every problem drawn at the start, in the order they are shown. */
  readonly problems: readonly Problem[];
  readonly startedAt: string;
  /** The game's deadline. */
  readonly endsAt: string;
  /** The index of the problem shown now (= answers given so far). */
  readonly current: number;
  /** When the current problem was shown: the start, or the previous answer. */
  readonly shownAt: string;
  readonly answers: readonly AnswerRecord[];
  readonly rightAnswers: number;
  readonly streak: number;
  readonly bestStreak: number;
  readonly score: number;
  readonly endReason: MathSprintEndReason | null;
  readonly finishedAt: string | null;
}
