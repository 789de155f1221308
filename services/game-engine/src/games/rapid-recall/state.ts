/**
 * Rapid Recall's state: what evolve() folds the events into. It holds every sequence, so it never leaves the server;
 * the player sees view.ts. Plain JSON, so it can be cached as it is.
 */
import type { RapidRecallEndReason, RapidRecallRoundOutcome } from '@qal/events';
import type { RapidRecallKind, RapidRecallTiming } from './rules.ts';

/** A round that is over. */
export interface RoundRecord {
  readonly round: number;
  readonly length: number;
  readonly outcome: RapidRecallRoundOutcome;
  readonly points: number;
  /** What the player sent; null when the round timed out. */
  readonly answer: readonly string[] | null;
  readonly at: string;
}

export interface RapidRecallState {
  readonly status: 'playing' | 'over';
  readonly matchId: string;
  readonly playerId: string;
  readonly kind: RapidRecallKind;
  /** Every sequence drawn at the start; round r shows the first `length` items of sequences[r − 1]. */
  readonly sequences: readonly (readonly string[])[];
  readonly timing: RapidRecallTiming;
  readonly startedAt: string;
  /** The round being played (from 1) and its length; the last round played once the game is over. */
  readonly round: number;
  readonly length: number;
  /** When the round's first item is due. */
  readonly roundStartsAt: string;
  readonly lives: number;
  readonly score: number;
  /** The longest sequence recalled (0 before the first). */
  readonly longest: number;
  readonly rounds: readonly RoundRecord[];
  readonly endReason: RapidRecallEndReason | null;
  readonly finishedAt: string | null;
}

const ms = (instant: string): number => Date.parse(instant);

/** When item `index` of the current round is due (decision 4). */
export const showAtMs = (state: RapidRecallState, index: number): number => ms(state.roundStartsAt) + index * state.timing.itemMs;
/** When the round's answer window opens: once its last item's time is over. */
export const inputOpensAtMs = (state: RapidRecallState): number => showAtMs(state, state.length);
/** When the round's answer window closes. */
export const inputClosesAtMs = (state: RapidRecallState): number =>
  inputOpensAtMs(state) + state.timing.inputBaseMs + state.length * state.timing.inputMsPerItem;

/** The current round's sequence (a secret while it is played). */
export const sequenceOf = (state: RapidRecallState, round: number = state.round, length: number = state.length): readonly string[] =>
  state.sequences[round - 1]!.slice(0, length);
