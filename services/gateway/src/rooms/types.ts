/**
 * What the gateway relies on of the engine's room queries (helpers/ROOMS.md "Engine queries"): the shapes it
 * reads, no more. Views pass through untouched apart from the names the gateway adds; the engine alone decides
 * what a player may see of a match.
 */
import type { Badge } from '@qal/leaderboard';

export type RoomStatus = 'waiting' | 'in_progress' | 'finished' | 'cancelled';
export type RoomPlayerStatus = 'invited' | 'joined' | 'ready' | 'playing' | 'finished' | 'left';

export interface RoomPlayerView {
  readonly id: string;
  readonly status: RoomPlayerStatus | (string & {});
  readonly online?: boolean;
  readonly joinedAt?: string | null;
}

export interface RoomBetView {
  readonly proposalId: string;
  readonly amount: number;
  readonly proposedBy: string;
  readonly expiresAt: string;
  readonly acceptedBy: readonly string[];
  readonly status: string;
  readonly pot: number;
}

/** The engine's room view: ids only, never a password or its hash. */
export interface RoomView {
  readonly code: string;
  readonly roomName: string;
  readonly hostId: string;
  readonly status: RoomStatus | (string & {});
  readonly matchId: string | null;
  readonly players: readonly RoomPlayerView[];
  readonly bet?: RoomBetView | null;
  readonly [field: string]: unknown;
}

export interface RoomSnapshot {
  readonly view: RoomView;
  /** The event-store global position of the room stream's last event. */
  readonly version: number;
  readonly memberIds: readonly string[];
  readonly invitedIds: readonly string[];
}

export interface InvitationView {
  readonly id: string;
  readonly code: string;
  readonly roomName: string;
  readonly game: string;
  readonly fromUserId: string;
  readonly at: string;
  readonly [field: string]: unknown;
}

export interface HistoryItem {
  readonly matchId: string;
  readonly players: readonly { readonly id: string; readonly score: number }[];
  readonly [field: string]: unknown;
}

export interface HistoryPage {
  readonly items: readonly HistoryItem[];
  readonly nextCursor: string | null;
}

/** A duel's (or any match's) view as one player sees it. */
export interface MatchViewSnapshot {
  readonly version: number;
  readonly view: unknown;
}

/** The room and duel questions of EngineQueries. */
export interface RoomQueries {
  room(code: string): Promise<RoomSnapshot | null>;
  openRooms(options: { limit: number }): Promise<readonly RoomView[]>;
  myRooms(userId: string): Promise<readonly RoomView[]>;
  invitations(userId: string): Promise<readonly InvitationView[]>;
  matchView(matchId: string, viewerId: string): Promise<MatchViewSnapshot | null>;
  history(userId: string, options: { limit: number; cursor?: string }): Promise<HistoryPage>;
}

/** What a room, an invitation or a history row shows of another player. */
export interface Person {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
  readonly avatar: string | null;
  readonly badge: Badge | null;
}

/** Who may see a match and how to route it: a single-player game (one owner) or a room's duel (its players). */
export type MatchAccess =
  | { readonly kind: 'single'; readonly playerId: string; readonly version: number }
  | { readonly kind: 'duel'; readonly playerIds: readonly string[]; readonly roomCode: string | null; readonly version: number };
