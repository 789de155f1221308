/**
 * The events of a room (`room-<code>` stream). They are the engine's own (never sent to a client; the password
 * hash is in RoomCreated): clients get RoomView. Money is recorded here too: the room is the process manager of
 * its matches' escrow, so every hold and transfer it asks the ledger for is an intent in this stream, and every
 * ledger answer is a fact here (RoomHoldPlaced / Refused / Resolved, RoomTransferDone). What is still to do
 * is always a fold of the stream, so a retry or the sweeper resumes exactly where a crash stopped.
 */
import { ROOM_GAMES, ROOM_STREAM_PREFIX, roomStreamId, type GameDuration, type RoomGame, type RoomLanguage } from '@qal/events';

export const ROOM_STREAM_TYPE = 'room';
/** The stream's name and the settings' values are the client contract's (@qal/events contracts/streams.ts, rooms.ts). */
export { ROOM_GAMES, ROOM_STREAM_PREFIX, roomStreamId, type GameDuration, type RoomGame, type RoomLanguage };

export interface RoomSettings {
  readonly roomName: string;
  readonly description: string;
  /** A room game of the registry, by its catalogue slug (games/registry.ts). */
  readonly game: string;
  /** The word duel's dictionary; kept (and valid) for Crazy, where it changes nothing. */
  readonly language: RoomLanguage;
  readonly maxPlayers: number;
  readonly gameDuration: GameDuration;
  readonly entryFee: number;
  readonly penalty: number;
}

export type HoldKind = 'entry' | 'penalty' | 'stake';

/** A hold the room asks the ledger for: wallet of `userId` → `escrow:<matchId>`. */
export interface HoldSpec {
  readonly holdId: string;
  readonly userId: string;
  readonly matchId: string;
  readonly kind: HoldKind;
  readonly amount: number;
  readonly expiresAt: string;
}

/**
 * A transfer the room asks the ledger for, out of a match's escrow: the rake to house and the payouts to wallets
 * (`entry_fee` to house only in matches started before the entry fees formed the prize pot).
 */
export interface TransferSpec {
  readonly transferId: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly reason: 'entry_fee' | 'payout' | 'rake';
  readonly matchId: string;
  readonly userId: string | null;
}

export interface Payout {
  readonly userId: string;
  readonly amount: number;
}

export type RoomEvent =
  | {
      type: 'RoomCreated';
      data: { code: string; matchId: string; hostId: string; settings: RoomSettings; passwordHash: string | null; at: string };
    }
  | { type: 'PlayerJoined'; data: { userId: string; invitationId: string | null; at: string } }
  | { type: 'PlayerInvited'; data: { invitationId: string; inviteeId: string; fromUserId: string; matchId: string; at: string } }
  | { type: 'InvitationDeclined'; data: { invitationId: string; userId: string; at: string } }
  /** Ready asked for: the holds are placed next; the player is ready once all are (RoomHoldPlaced). */
  | { type: 'ReadyRequested'; data: { userId: string; requestId: string; holds: HoldSpec[]; at: string } }
  /** Not ready: the player's entry and penalty holds of the current match are voided. */
  | { type: 'PlayerUnreadied'; data: { userId: string; at: string } }
  /** Before the start: holds voided. In a started match: a forfeit (penalty posted into the pot). */
  | { type: 'PlayerLeft'; data: { userId: string; reason: 'left' | 'timeouts'; at: string } }
  | { type: 'HostChanged'; data: { hostId: string; at: string } }
  /** Deleted by the host, everyone left, or left idle (ROOM_IDLE_CLOSE_MS) before the start: every hold is voided. */
  | { type: 'RoomCancelled'; data: { reason: 'deleted' | 'empty' | 'idle'; at: string } }
  | { type: 'BetProposed'; data: { proposalId: string; amount: number; proposedBy: string; at: string; expiresAt: string } }
  | { type: 'BetAccepted'; data: { proposalId: string; userId: string; at: string } }
  /** Everyone (or a late joiner) accepted: stakes are held next; the bet is agreed once all are placed. */
  | { type: 'BetStakesRequested'; data: { proposalId: string; holds: HoldSpec[]; at: string } }
  | { type: 'BetDeclined'; data: { proposalId: string; userId: string; at: string } }
  | { type: 'BetExpired'; data: { proposalId: string; at: string } }
  /**
   * Entry holds and stakes are posted next into the match's escrow: the prize pot. Penalty holds stay pending.
   * `fees` is empty now; a match started before the fees formed the pot sent them to house here.
   */
  | { type: 'MatchStarted'; data: { matchId: string; players: string[]; fees: TransferSpec[]; at: string } }
  /**
   * The match ended: the pot (fees, stakes, leavers' penalties) settled by rooms/settlement.ts into `transfers`
   * (the rake to house, the prize to the winners); penalty holds of everyone who did not leave voided.
   */
  | {
      type: 'MatchFinished';
      data: {
        matchId: string;
        winners: string[];
        scores: Record<string, number>;
        pot: number;
        transfers: TransferSpec[];
        at: string;
      };
    }
  | { type: 'RematchStarted'; data: { matchId: string; invitations: { invitationId: string; inviteeId: string }[]; at: string } }
  | { type: 'PresenceChanged'; data: { userId: string; online: boolean; at: string } }
  // The ledger's answers (one event each, ids derived from the hold or transfer: recorded once).
  | { type: 'RoomHoldPlaced'; data: { holdId: string; at: string } }
  | { type: 'RoomHoldRefused'; data: { holdId: string; reason: string; at: string } }
  | { type: 'RoomHoldResolved'; data: { holdId: string; status: 'posted' | 'voided' | 'expired'; at: string } }
  | { type: 'RoomTransferDone'; data: { transferId: string; at: string } };

export type RoomEventType = RoomEvent['type'];

export const ROOM_EVENT_TYPES: ReadonlySet<string> = new Set<RoomEventType>([
  'RoomCreated',
  'PlayerJoined',
  'PlayerInvited',
  'InvitationDeclined',
  'ReadyRequested',
  'PlayerUnreadied',
  'PlayerLeft',
  'HostChanged',
  'RoomCancelled',
  'BetProposed',
  'BetAccepted',
  'BetStakesRequested',
  'BetDeclined',
  'BetExpired',
  'MatchStarted',
  'MatchFinished',
  'RematchStarted',
  'PresenceChanged',
  'RoomHoldPlaced',
  'RoomHoldRefused',
  'RoomHoldResolved',
  'RoomTransferDone',
]);

/**
 * A stored event of a room stream; null for anything else. Room events are written only by this module's decider
 * and the engine's ledger steps, so their shape is trusted (no per-event schema).
 */
export function parseRoomEvent(stored: { type: string; data: unknown }): RoomEvent | null {
  if (!ROOM_EVENT_TYPES.has(stored.type)) return null;
  return { type: stored.type, data: stored.data } as RoomEvent;
}
