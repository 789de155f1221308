/** What the engine's read-only questions answer (queries/index.ts). */
import type { ArcadeView, FinishedArcadeGame } from '@qal/events';
import type { CrazyView, ReplayStep as CrazyReplayStep } from '../../games/crazy/index.ts';
import type { DuelView, ReplayStep as DuelReplayStep } from '../../games/hangman-duel/index.ts';
import type { HangmanView } from '../../games/hangman/view.ts';
import type { RoomView } from '../../rooms/view.ts';
import type { MatchStatus } from '../match.ts';

export interface MatchSummary {
  readonly kind: 'hangman';
  readonly matchId: string;
  readonly playerId: string;
  readonly status: MatchStatus;
  /** Null until the game has started (a paid start in progress, refused or abandoned). */
  readonly view: HangmanView | null;
  /** The event-store global position of the match's last event: pushes of the view are versioned by it. */
  readonly version: number;
}

export interface ReplayStep {
  readonly index: number;
  readonly kind: 'start' | 'guess' | 'hint' | 'won' | 'lost';
  readonly at: string;
  readonly letter?: string;
  readonly hit?: boolean;
  /** What the player saw after this step. */
  readonly view: HangmanView;
}

/** A single-player Hangman replay. */
export interface HangmanReplay {
  readonly kind: 'hangman';
  readonly matchId: string;
  readonly word: string;
  readonly final: HangmanView;
  readonly steps: readonly ReplayStep[];
}

/** One block of statistics (overall, one game, or one category), in the API's snake_case shape. */
export interface StatsBlock {
  readonly games_played: number;
  readonly wins: number;
  /** Wins ÷ games played, 0..1. */
  readonly win_rate: number;
  readonly tokens_earned: number;
  readonly level: number;
  readonly xp: number;
  readonly average_score: number;
  readonly highest_score: number;
  readonly total_score: number;
  /** A single-player game is one round. */
  readonly rounds: number;
  /** Leaderboards are not built yet: no rank. */
  readonly best_rank: number | null;
  readonly last_played: string | null;
  /** Wins in a row, counting back from the latest game, and the longest such run. */
  readonly current_streak: number;
  readonly longest_streak: number;
}

export interface PlayerStats {
  readonly overall_stats: StatsBlock;
  readonly by_game: Readonly<Record<string, StatsBlock>>;
  readonly by_category: Readonly<Record<string, StatsBlock>>;
}

export interface DailyPlaysSummary {
  readonly day: string;
  readonly played: number;
  readonly limit: number;
}

/** A room's match, whatever its game. */
export interface RoomMatchSummary {
  /** The `viewKind` of its game (games/module.ts). */
  readonly kind: string;
  readonly matchId: string;
  /** No single-player view or owner: a room match's views are per player (matchView). */
  readonly view: null;
  readonly playerId: null;
  readonly roomCode: string;
  /** Seat order. */
  readonly playerIds: string[];
  readonly status: 'playing' | 'finished';
  readonly version: number;
}

/** Kept under its first name: a room match's summary was the duel's before more games had rooms. */
export type DuelMatchSummary = RoomMatchSummary;

export interface DuelReplay {
  readonly kind: 'duel';
  readonly matchId: string;
  readonly roomCode: string;
  readonly final: DuelView;
  readonly steps: readonly DuelReplayStep[];
}

/** A Crazy match's replay: every step's view with every hand shown (the match is over). */
export interface CrazyReplay {
  readonly kind: 'crazy';
  readonly matchId: string;
  readonly roomCode: string;
  readonly final: CrazyView;
  readonly steps: readonly CrazyReplayStep[];
}

/** Any match's replay: `kind` tells which. */
export type MatchReplay = HangmanReplay | DuelReplay | CrazyReplay;

export interface RoomSnapshot {
  readonly view: RoomView;
  /** Global position of the room stream's last event: pushes of the room are versioned by it. */
  readonly version: number;
  /** Players taking part (not invited, not left). */
  readonly memberIds: string[];
  /** Pending invitees of the current match. */
  readonly invitedIds: string[];
}

export interface InvitationView {
  readonly id: string;
  readonly code: string;
  readonly roomName: string;
  readonly game: string;
  readonly fromUserId: string;
  readonly at: string;
}

export interface HistoryItem {
  readonly matchId: string;
  readonly roomCode: string;
  readonly roomName: string;
  readonly game: string;
  readonly finishedAt: string;
  readonly result: 'won' | 'lost' | 'tie' | 'left';
  readonly score: number;
  /** Net: payout − entry fee − stake − penalty (what was posted from the player). */
  readonly tokens: number;
  readonly players: { id: string; score: number }[];
}

export interface HistoryPage {
  readonly items: HistoryItem[];
  readonly nextCursor: string | null;
}

/** An arcade game's match: its player and how far it is (its view is read with `arcadeView`, at a time). */
export interface ArcadeSummary {
  readonly kind: 'arcade';
  readonly matchId: string;
  readonly playerId: string;
  readonly status: 'requested' | 'refused' | 'abandoned' | 'playing' | 'over';
  readonly view: null;
  readonly version: number;
}

export interface CurrentArcadeMatch {
  readonly match: { readonly matchId: string; readonly view: ArcadeView } | null;
  readonly plays: DailyPlaysSummary;
}

export interface EngineQueries {
  match(matchId: string): Promise<MatchSummary | RoomMatchSummary | ArcadeSummary | null>;
  /** An arcade match as its player sees it at `now`; null when it is not theirs or has not started. */
  arcadeView(matchId: string, viewerId: string, now: Date): Promise<ArcadeView | null>;
  /** The player's game of `game` in progress and today's plays of it; null when `game` is not an arcade game. */
  currentArcade(game: string, userId: string, now: Date): Promise<CurrentArcadeMatch | null>;
  /** The player's client seed (null until their first game or their own choice) and their next game's nonce. */
  fairness(userId: string): Promise<{ clientSeed: string | null; nextNonce: number }>;
  /** The player's latest finished arcade games, newest first. */
  finishedArcadeGames(userId: string): Promise<FinishedArcadeGame[]>;
  /** Every step of a finished match; 'match_not_over' before the end, null when there is no such match. */
  replay(matchId: string): Promise<MatchReplay | 'match_not_over' | null>;
  /** The room with its version, members and pending invitees; null when there is no such room. */
  room(code: string): Promise<RoomSnapshot | null>;
  /** Public (no password) rooms waiting for players, newest first. */
  openRooms(options: { limit: number }): Promise<RoomView[]>;
  /** Rooms the user is in (not left) or invited to, newest first; cancelled rooms are left out. */
  myRooms(userId: string): Promise<RoomView[]>;
  /** The user's pending invitations to rooms still waiting, newest first. */
  invitations(userId: string): Promise<InvitationView[]>;
  /** The viewer's view of any match (a duel: their own view; null viewer = a spectator's); null if none. */
  /** `now`: a single-player game past its deadline reads as lost (default: the view as stored). */
  matchView(
    matchId: string,
    viewerId: string | null,
    now?: Date,
  ): Promise<{ version: number; view: DuelView | CrazyView | HangmanView } | null>;
  /**
   * A room match's views for those of its players `wanted` accepts, from one read (the push after each move): one
   * version for all; null when there is no such room match.
   */
  roomMatchViews(
    matchId: string,
    wanted: (userId: string) => boolean,
  ): Promise<{ version: number; views: { userId: string; view: DuelView | CrazyView }[] } | null>;
  /** Finished room matches of the user, newest first. */
  history(userId: string, options: { limit: number; cursor?: string | null }): Promise<HistoryPage>;
  stats(userId: string): Promise<PlayerStats>;
  /** Hangman plays counted against today's limit (Africa/Addis_Ababa day of `now`). */
  dailyPlays(userId: string, now: Date): Promise<DailyPlaysSummary>;
  /** The player's game in progress, if any (so a reloaded page can carry on). */
  currentMatch(userId: string, now: Date): Promise<MatchSummary | null>;
}
