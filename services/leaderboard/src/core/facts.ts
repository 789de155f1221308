/**
 * What the leaderboard learns from the event stream, in its own words. Each context's events are read with
 * tolerant schemas of just the fields used here, so a new optional field elsewhere never breaks the projection;
 * an event that does not parse is skipped (and the projection's tests pin the shapes it relies on).
 */
import { z } from 'zod';
import { EARNED_REASONS, ROOM_GAME_OF_MODULE } from '../config.ts';
import { CRAZY_STREAM_PREFIX, DUEL_STREAM_PREFIX, MATCH_STREAM_PREFIX, ROOM_STREAM_PREFIX, type StoredEvent } from '@qal/events';

export type Fact =
  /** A player's name and avatar (undefined: unchanged; avatar null: removed). */
  | { readonly kind: 'player'; readonly userId: string; readonly name?: string; readonly avatar?: string | null }
  /**
   * A match of `game` began; `userId` is its player for single-player games, `players` the seats of a multiplayer
   * match (null for a single-player one).
   */
  | {
      readonly kind: 'match_opened';
      readonly matchId: string;
      readonly userId: string | null;
      readonly game: string;
      readonly players: readonly string[] | null;
    }
  /** A single-player result; `userId` null means the match's own (single) player. Its score is a board score. */
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
  /** A round of a multiplayer match ended (a word duel's round). */
  | { readonly kind: 'round_ended'; readonly matchId: string }
  /**
   * A player left a multiplayer match before its end (or was taken out): their game is over, lost. `rounds`: what
   * the game counts as played, or null for the rounds the match has ended so far.
   */
  | { readonly kind: 'player_left'; readonly matchId: string; readonly userId: string; readonly rounds: number | null; readonly at: string }
  /** A multiplayer match is over: every seat still in has played it; `winners` won (a tie shares the win). */
  | {
      readonly kind: 'match_ended';
      readonly matchId: string;
      readonly winners: readonly string[];
      readonly rounds: number | null;
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
// Every single-player game of the arcade: its start names the game, its end carries the result.
const ArcadeRequested = z.object({ matchId: z.string().min(1), playerId: z.string().min(1), game: z.string().min(1) });
const ArcadeFinished = z.object({ won: z.boolean(), score: Int, xp: Int, at: Instant });
const HangmanWon = z.object({ at: Instant, score: Int, xpWon: Int });
const HangmanLost = z.object({ at: Instant });
const PlayerRemoved = z.object({ playerId: z.string().min(1), at: Instant });
// Multiplayer matches (rooms): the word duel and Crazy, each on its own stream.
const DuelStarted = z.object({ players: z.array(z.string().min(1)).min(1) });
const DuelFinished = z.object({ winners: z.array(z.string().min(1)), at: Instant });
const CrazyStarted = z.object({ players: z.array(z.string().min(1)).min(1) });
const CrazyFinished = z.object({ winner: z.string().min(1), at: Instant });
// Any other room game (the Codebreaker race): counted from its room's own start and end of a match.
const RoomMatchStarted = z.object({ matchId: z.string().min(1), players: z.array(z.string().min(1)).min(1) });
const RoomMatchFinished = z.object({ matchId: z.string().min(1), winners: z.array(z.string().min(1)), at: Instant });
/** A room game's match is one round for every seat. */
const ROOM_MATCH_ROUNDS = 1;
const roomGameOf = (matchId: string): string | null => ROOM_GAME_OF_MODULE.get(matchId.slice(0, matchId.indexOf('.'))) ?? null;
const AccountCredited = z.object({
  accountId: z.string(),
  amount: z.number().int().positive(),
  reason: z.string(),
  matchId: z.string().nullable(),
});

const MATCH_STREAM = MATCH_STREAM_PREFIX;
const DUEL_STREAM = DUEL_STREAM_PREFIX;
const CRAZY_STREAM = CRAZY_STREAM_PREFIX;
/**
 * A word duel is multiplayer Hangman: its results count in the `hangman` game's stats (and the word category).
 * A Crazy game is one hand: one round for every seat, whoever stays to the end.
 */
const DUEL_GAME = 'hangman';
const CRAZY_GAME = 'crazy';
const CRAZY_ROUNDS = 1;
const WALLET_PREFIX = 'wallet:';

type FactReader = (event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>) => Fact[];

/** The facts each event type may hold, by type: an event of any other type holds none. */
const FACT_READERS = new Map<string, FactReader>(
  Object.entries({
    PlayerRegistered(event) {
      const p = PlayerRegistered.safeParse(event.data);
      return p.success ? [{ kind: 'player', userId: p.data.userId, name: p.data.name }] : [];
    },
    ProfileChanged(event) {
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
    },
    HangmanRequested(event) {
      const p = HangmanRequested.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [{ kind: 'match_opened', matchId: matchIdOf(event.streamId), userId: p.data.playerId, game: 'hangman', players: null }]
        : [];
    },
    ArcadeRequested(event) {
      const p = ArcadeRequested.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [{ kind: 'match_opened', matchId: matchIdOf(event.streamId), userId: p.data.playerId, game: p.data.game, players: null }]
        : [];
    },
    ArcadeFinished(event) {
      const p = ArcadeFinished.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [
            {
              kind: 'match_finished',
              matchId: matchIdOf(event.streamId),
              userId: null,
              won: p.data.won,
              score: p.data.score,
              xp: p.data.xp,
              rounds: 1,
              at: p.data.at,
            },
          ]
        : [];
    },
    HangmanWon(event) {
      const p = HangmanWon.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [
            {
              kind: 'match_finished',
              matchId: matchIdOf(event.streamId),
              userId: null,
              won: true,
              score: p.data.score,
              xp: p.data.xpWon,
              rounds: 1,
              at: p.data.at,
            },
          ]
        : [];
    },
    HangmanLost(event) {
      const p = HangmanLost.safeParse(event.data);
      return p.success && event.streamId.startsWith(MATCH_STREAM)
        ? [
            {
              kind: 'match_finished',
              matchId: matchIdOf(event.streamId),
              userId: null,
              won: false,
              score: 0,
              xp: 0,
              rounds: 1,
              at: p.data.at,
            },
          ]
        : [];
    },
    DuelStarted(event) {
      const p = DuelStarted.safeParse(event.data);
      return p.success && event.streamId.startsWith(DUEL_STREAM)
        ? [
            {
              kind: 'match_opened',
              matchId: event.streamId.slice(DUEL_STREAM.length),
              userId: null,
              game: DUEL_GAME,
              players: p.data.players,
            },
          ]
        : [];
    },
    RoundEnded(event) {
      return event.streamId.startsWith(DUEL_STREAM) ? [{ kind: 'round_ended', matchId: event.streamId.slice(DUEL_STREAM.length) }] : [];
    },
    DuelFinished(event) {
      const p = DuelFinished.safeParse(event.data);
      return p.success && event.streamId.startsWith(DUEL_STREAM)
        ? [{ kind: 'match_ended', matchId: event.streamId.slice(DUEL_STREAM.length), winners: p.data.winners, rounds: null, at: p.data.at }]
        : [];
    },
    CrazyStarted(event) {
      const p = CrazyStarted.safeParse(event.data);
      return p.success && event.streamId.startsWith(CRAZY_STREAM)
        ? [
            {
              kind: 'match_opened',
              matchId: event.streamId.slice(CRAZY_STREAM.length),
              userId: null,
              game: CRAZY_GAME,
              players: p.data.players,
            },
          ]
        : [];
    },
    CrazyFinished(event) {
      const p = CrazyFinished.safeParse(event.data);
      return p.success && event.streamId.startsWith(CRAZY_STREAM)
        ? [
            {
              kind: 'match_ended',
              matchId: event.streamId.slice(CRAZY_STREAM.length),
              winners: [p.data.winner],
              rounds: CRAZY_ROUNDS,
              at: p.data.at,
            },
          ]
        : [];
    },
    MatchStarted(event) {
      const p = RoomMatchStarted.safeParse(event.data);
      const game = p.success && event.streamId.startsWith(ROOM_STREAM_PREFIX) ? roomGameOf(p.data.matchId) : null;
      return p.success && game ? [{ kind: 'match_opened', matchId: p.data.matchId, userId: null, game, players: p.data.players }] : [];
    },
    MatchFinished(event) {
      const p = RoomMatchFinished.safeParse(event.data);
      const game = p.success && event.streamId.startsWith(ROOM_STREAM_PREFIX) ? roomGameOf(p.data.matchId) : null;
      return p.success && game
        ? [{ kind: 'match_ended', matchId: p.data.matchId, winners: p.data.winners, rounds: ROOM_MATCH_ROUNDS, at: p.data.at }]
        : [];
    },
    PlayerRemoved(event) {
      // Both multiplayer games name their removal PlayerRemoved; the stream says which.
      const p = PlayerRemoved.safeParse(event.data);
      if (!p.success) return [];
      if (event.streamId.startsWith(DUEL_STREAM)) {
        return [
          { kind: 'player_left', matchId: event.streamId.slice(DUEL_STREAM.length), userId: p.data.playerId, rounds: null, at: p.data.at },
        ];
      }
      if (event.streamId.startsWith(CRAZY_STREAM)) {
        return [
          {
            kind: 'player_left',
            matchId: event.streamId.slice(CRAZY_STREAM.length),
            userId: p.data.playerId,
            rounds: CRAZY_ROUNDS,
            at: p.data.at,
          },
        ];
      }
      return [];
    },
    AccountCredited(event) {
      const p = AccountCredited.safeParse(event.data);
      if (!p.success || !p.data.accountId.startsWith(WALLET_PREFIX) || !EARNED_REASONS.has(p.data.reason as never)) return [];
      return [
        { kind: 'tokens_earned', userId: p.data.accountId.slice(WALLET_PREFIX.length), amount: p.data.amount, matchId: p.data.matchId },
      ];
    },
  } satisfies Record<string, FactReader>),
);

/**
 * The event types that may hold a fact: the projection is woken by other processes' appends only when they hold one
 * of these (SubscribeOptions.wakesFor).
 */
export const FACT_EVENT_TYPES: ReadonlySet<string> = new Set(FACT_READERS.keys());

/** The facts in one stored event (usually none or one). */
export function factsOf(event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>): Fact[] {
  return FACT_READERS.get(event.type)?.(event) ?? [];
}

const matchIdOf = (streamId: string) => streamId.slice(MATCH_STREAM.length);

/** Whether the leaderboard does anything with an event (its projection skips batches of none). */
export const isLeaderboardEvent = (event: Pick<StoredEvent, 'streamId' | 'type' | 'data'>): boolean => factsOf(event).length > 0;
