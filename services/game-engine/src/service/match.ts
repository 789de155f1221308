/**
 * The match aggregate: the paid start's progress around Hangman's own state. Pure: folded from the match stream's
 * events, so the service, the projection and the replay all see the same thing.
 */
import { evolve as evolveHangman } from '../games/hangman/decider.ts';
import { NOT_STARTED, type HangmanState } from '../games/hangman/state.ts';
import { viewFor, type HangmanView } from '../games/hangman/view.ts';
import type { HangmanRequested, MatchEvent } from './events.ts';

export type MatchStatus = 'requested' | 'refused' | 'abandoned' | 'playing' | 'won' | 'lost';

export interface MatchRecord {
  readonly matchId: string;
  readonly playerId: string;
  readonly game: 'hangman';
  readonly request: HangmanRequested['data'];
  readonly status: MatchStatus;
  /** Why the ledger refused the fee, when status is 'refused'. */
  readonly refusal: string | null;
  readonly feeRefunded: boolean;
  readonly rewardPaid: boolean;
  readonly hangman: HangmanState;
}

/** Folds one event into a match; the first event must be HangmanRequested. */
export function evolveMatch(match: MatchRecord | null, event: MatchEvent): MatchRecord | null {
  if (event.type === 'HangmanRequested') {
    if (match) return match;
    return {
      matchId: event.data.matchId,
      playerId: event.data.playerId,
      game: 'hangman',
      request: event.data,
      status: 'requested',
      refusal: null,
      feeRefunded: false,
      rewardPaid: false,
      hangman: NOT_STARTED,
    };
  }
  if (!match) return null;
  switch (event.type) {
    case 'HangmanRefused':
      return { ...match, status: 'refused', refusal: event.data.reason };
    case 'HangmanAbandoned':
      return { ...match, status: 'abandoned' };
    case 'HangmanFeeRefunded':
      return { ...match, feeRefunded: true };
    case 'HangmanRewardPaid':
      return { ...match, rewardPaid: true };
    default: {
      const hangman = evolveHangman(match.hangman, event);
      const status = hangman.status === 'not_started' ? match.status : hangman.status;
      return { ...match, hangman, status };
    }
  }
}

export const foldMatch = (events: readonly MatchEvent[]): MatchRecord | null => events.reduce<MatchRecord | null>(evolveMatch, null);

/** True once the game has begun (playing or over). */
export const hasStarted = (match: MatchRecord): boolean => match.hangman.status !== 'not_started';

/** What the match's player sees; null before the game starts. */
export const viewOf = (match: MatchRecord): HangmanView | null => viewFor(match.hangman, match.playerId);
