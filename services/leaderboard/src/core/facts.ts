/**
 * What the leaderboard learns from the event stream, in its own words. Each context's events are read with
 * tolerant schemas of just the fields used here, so a new optional field elsewhere never breaks the projection;
 * an event that does not parse is skipped (and the projection's tests pin the shapes it relies on).
 */
import { z } from 'zod';
import { EARNED_REASONS } from '../config.ts';
import type { StoredEvent } from '@qal/events';

export type Fact =
  /** A player's name and avatar (undefined: unchanged; avatar null: removed). */
  | { readonly kind: 'player'; readonly userId: string; readonly name?: string; readonly avatar?: string | null }
  /** A match of `game` began; `userId` is its player for single-player games. */
  | { readonly kind: 'match_opened'; readonly matchId: string; readonly userId: string | null; readonly game: string }
  /** A player's result in a finished match; `userId` null means the match's own (single) player. */
  | {
      readonly kind: 'match_finished';
      readonly matchId: string;
      readonly userId: string | null;
      readonly won: boolean;
      readonly score: number;
      readonly xp: number;
      readonly rounds: number;
      readonly at: string;
    }
  /** Tokens a player earned (EARNED_REASONS), for the match they came from if any. */
  | { readonly kind: 'tokens_earned'; readonly userId: string; readonly amount: number; readonly matchId: string | null };

const Instant = z.iso.datetime({ offset: true });
const Int = z.number().int().nonnegative();

const PlayerRegistered = z.object({ userId: z.string().min(1), name: z.string().min(1) });
const ProfileChanged = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).optional(),
  avatar: z.string().nullable().optional(),
});
const HangmanRequested = z.object({ matchId: z.string().min(1), playerId: z.string().min(1) });
const HangmanWon = z.object({ at: Instant, score: Int, xpWon: Int });
const HangmanLost = z.object({ at: Instant });
const AccountCredited = z.object({
  accountId: z.string(),
  amount: z.number().int().positive(),
  reason: z.string(),
  matchId: z.string().nullable(),
});

const MATCH_STREAM = 'match-';
const WALLET_PREFIX = 'wallet:';

/** The facts in one stored event (usually none or one). */
export function factsOf(event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>): Fact[] {
  switch (event.type) {
    case 'PlayerRegistered': {
      const p = PlayerRegistered.safeParse(event.data);
      return p.success ? [{ kind: 'player', userId: p.data.userId, name: p.data.name }] : [];
    }
    case 'ProfileChanged': {
      const p = ProfileChanged.safeParse(event.data);
      if (!p.success) return [];
      return [
        {
          kind: 'player',
          userId: p.data.userId,
          ...(p.data.name !== undefined ? { name: p.data.name } : {}),
          ...(p.data.avatar !== undefined ? { avatar: p.data.avatar } : {}),
        },
      ];
    }
    case 'HangmanRequested': {
      const p = HangmanRequested.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [{ kind: 'match_opened', matchId: matchIdOf(event.streamId), userId: p.data.playerId, game: 'hangman' }]
        : [];
    }
    case 'HangmanWon': {
      const p = HangmanWon.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [{ kind: 'match_finished', matchId: matchIdOf(event.streamId), userId: null, won: true, score: p.data.score, xp: p.data.xpWon, rounds: 1, at: p.data.at }]
        : [];
    }
    case 'HangmanLost': {
      const p = HangmanLost.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [{ kind: 'match_finished', matchId: matchIdOf(event.streamId), userId: null, won: false, score: 0, xp: 0, rounds: 1, at: p.data.at }]
        : [];
    }
    case 'AccountCredited': {
      const p = AccountCredited.safeParse(event.data);
      if (!p.success || !p.data.accountId.startsWith(WALLET_PREFIX) || !EARNED_REASONS.has(p.data.reason as never)) return [];
      return [{ kind: 'tokens_earned', userId: p.data.accountId.slice(WALLET_PREFIX.length), amount: p.data.amount, matchId: p.data.matchId }];
    }
    default:
      return [];
  }
}

const matchIdOf = (streamId: string) => streamId.slice(MATCH_STREAM.length);
