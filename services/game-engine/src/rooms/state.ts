/**
 * A room's state, folded from its stream. Pure: the decider, the shell, the projection (which keeps this state
 * as JSON per room) and the queries all fold the same events with `evolveRoom`.
 */
import type { BetStatus, PlayerStatus, RoomStatus } from '@qal/events';
import type { HoldSpec, RoomEvent, RoomSettings, TransferSpec } from './events.ts';

/** The statuses clients see are the contract's (@qal/events contracts/rooms.ts). */
export type { BetStatus, PlayerStatus, RoomStatus };

export interface RoomPlayer {
  readonly id: string;
  readonly status: PlayerStatus;
  readonly online: boolean;
  /** When the player went offline (null while online): their turns time out once the grace has passed. */
  readonly offlineSince: string | null;
  readonly joinedAt: string | null;
  /** A ready request whose holds are not all placed yet. */
  readonly readying: { readonly requestId: string; readonly holdIds: readonly string[] } | null;
}

export interface HoldRecord extends HoldSpec {
  readonly placement: 'pending' | 'placed' | 'refused';
  /** What the room decided for the hold; null while it simply stays held. */
  readonly resolution: 'post' | 'void' | null;
  /** Set once the ledger resolved it (posted, voided, or expired by the ledger itself). */
  readonly resolved: 'posted' | 'voided' | 'expired' | null;
  readonly refusal: string | null;
}

export interface TransferRecord extends TransferSpec {
  readonly done: boolean;
}

export interface Invitation {
  readonly invitationId: string;
  readonly inviteeId: string;
  readonly fromUserId: string;
  readonly matchId: string;
  readonly at: string;
  readonly status: 'pending' | 'accepted' | 'declined' | 'cancelled';
}

export interface Bet {
  readonly proposalId: string;
  readonly amount: number;
  readonly proposedBy: string;
  readonly proposedAt: string;
  readonly expiresAt: string;
  readonly acceptedBy: readonly string[];
  readonly status: BetStatus;
  /** userId → the stake's hold id, once the stakes are requested. */
  readonly stakes: Readonly<Record<string, string>>;
  readonly failedBy: string | null;
}

export interface MatchRecordOfRoom {
  readonly matchId: string;
  readonly players: readonly string[];
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly winners: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  /** The prize pot settled at the end (entry fees, stakes, leavers' penalties); 0 until then. */
  readonly pot: number;
  /** Players who left the started match (forfeit), in order. */
  readonly leavers: readonly string[];
  readonly entryFee: number;
  readonly stake: number;
}

export interface RoomState {
  readonly code: string;
  readonly settings: RoomSettings;
  readonly passwordHash: string | null;
  readonly hostId: string;
  readonly status: RoomStatus;
  readonly createdAt: string;
  /** The current match (its escrow is `escrow:<matchId>`); a rematch gets a new one. */
  readonly matchId: string;
  /** Every match of the room, oldest first, started or not. */
  readonly matches: readonly string[];
  /** In seat order (the order they first joined or were invited). */
  readonly players: readonly RoomPlayer[];
  readonly invitations: readonly Invitation[];
  readonly bet: Bet | null;
  readonly holds: readonly HoldRecord[];
  readonly transfers: readonly TransferRecord[];
  /** Outcome of each ready / stake request, by request id: what a retried command answers. */
  readonly requests: Readonly<Record<string, 'pending' | 'placed' | { readonly refused: string }>>;
  /** Started matches by id. */
  readonly played: Readonly<Record<string, MatchRecordOfRoom>>;
  readonly lastEventAt: string;
  /** The last event that was not a presence change: a waiting room idle since long enough is closed. */
  readonly lastActivityAt: string;
  /** Why the room was cancelled (null while it is not). */
  readonly cancelReason: 'deleted' | 'empty' | 'idle' | null;
}

const mapPlayer = (state: RoomState, userId: string, change: (p: RoomPlayer) => RoomPlayer): RoomState => ({
  ...state,
  players: state.players.map((p) => (p.id === userId ? change(p) : p)),
});

const mapHolds = (state: RoomState, pick: (h: HoldRecord) => boolean, change: (h: HoldRecord) => HoldRecord): RoomState => ({
  ...state,
  holds: state.holds.map((h) => (pick(h) ? change(h) : h)),
});

/** Marks holds to void (unless they are already resolved, refused, or decided otherwise). */
const voidWhere = (state: RoomState, pick: (h: HoldRecord) => boolean): RoomState =>
  mapHolds(
    state,
    (h) => pick(h) && h.resolution === null && h.placement !== 'refused',
    (h) => ({ ...h, resolution: 'void' }),
  );

const newHold = (spec: HoldSpec): HoldRecord => ({ ...spec, placement: 'pending', resolution: null, resolved: null, refusal: null });
/** Adds holds; an id the room knows already is never added twice (each hold is resolved once). */
const addHolds = (holds: readonly HoldRecord[], specs: readonly HoldSpec[]): HoldRecord[] => [
  ...holds,
  ...specs.filter((spec) => !holds.some((h) => h.holdId === spec.holdId)).map(newHold),
];

/** Players taking part now (not invited, not left). */
export const activePlayers = (state: RoomState): RoomPlayer[] => state.players.filter((p) => p.status !== 'invited' && p.status !== 'left');

export const playerOf = (state: RoomState, userId: string): RoomPlayer | undefined => state.players.find((p) => p.id === userId);

function upsertPlayer(state: RoomState, userId: string, change: (p: RoomPlayer | undefined) => RoomPlayer): RoomState {
  const existing = playerOf(state, userId);
  if (existing) return mapPlayer(state, userId, () => change(existing));
  return { ...state, players: [...state.players, change(undefined)] };
}

/** Once every stake of an agreeing bet is placed, the bet is agreed. */
function settleBet(state: RoomState): RoomState {
  const bet = state.bet;
  if (!bet || bet.status !== 'proposed') return state;
  const holdIds = Object.values(bet.stakes);
  if (holdIds.length === 0) return state;
  const holds = holdIds.map((id) => state.holds.find((h) => h.holdId === id));
  if (holds.every((h) => h?.placement === 'placed')) return { ...state, bet: { ...bet, status: 'agreed' } };
  return state;
}

function onPlaced(state: RoomState, holdId: string): RoomState {
  const hold = state.holds.find((h) => h.holdId === holdId);
  if (!hold || hold.placement === 'placed') return state;
  // Placed after it was given up for refused (a retry that raced a top-up): it must be given back.
  if (hold.placement === 'refused')
    return mapHolds(
      state,
      (h) => h.holdId === holdId,
      (h) => ({ ...h, placement: 'placed', resolution: 'void' }),
    );
  let next = mapHolds(
    state,
    (h) => h.holdId === holdId,
    (h) => ({ ...h, placement: 'placed' }),
  );
  const player = playerOf(next, hold.userId);
  if (player?.readying?.holdIds.includes(holdId)) {
    const all = player.readying.holdIds.every((id) => next.holds.find((h) => h.holdId === id)?.placement === 'placed');
    if (all) {
      const requestId = player.readying.requestId;
      next = mapPlayer(next, hold.userId, (p) => ({ ...p, status: 'ready', readying: null }));
      next = { ...next, requests: { ...next.requests, [requestId]: 'placed' } };
    }
  }
  if (hold.kind === 'stake') {
    next = settleBet(next);
    const requestId = `stake:${hold.holdId}`;
    if (next.requests[requestId] === 'pending') next = { ...next, requests: { ...next.requests, [requestId]: 'placed' } };
  }
  return next;
}

function onRefused(state: RoomState, holdId: string, reason: string): RoomState {
  const hold = state.holds.find((h) => h.holdId === holdId);
  if (!hold || hold.placement !== 'pending') return state;
  let next = mapHolds(
    state,
    (h) => h.holdId === holdId,
    (h) => ({ ...h, placement: 'refused', refusal: reason }),
  );
  const player = playerOf(next, hold.userId);
  if (player?.readying?.holdIds.includes(holdId)) {
    const { requestId, holdIds } = player.readying;
    next = mapPlayer(next, hold.userId, (p) => ({ ...p, readying: null }));
    next = voidWhere(next, (h) => holdIds.includes(h.holdId));
    next = { ...next, requests: { ...next.requests, [requestId]: { refused: reason } } };
  }
  if (hold.kind === 'stake' && next.bet) {
    const bet = next.bet;
    next = { ...next, requests: { ...next.requests, [`stake:${holdId}`]: { refused: reason } } };
    if (bet.status === 'proposed') {
      // Someone could not pay while the bet was being agreed: the bet fails, the others' stakes are voided.
      const stakeIds = Object.values(bet.stakes);
      next = voidWhere(next, (h) => stakeIds.includes(h.holdId));
      next = { ...next, bet: { ...bet, status: 'failed', failedBy: hold.userId } };
    } else if (bet.status === 'agreed') {
      // A late joiner could not pay: their acceptance is withdrawn; the agreed bet stands for the others.
      const { [hold.userId]: _dropped, ...stakes } = bet.stakes;
      next = { ...next, bet: { ...bet, acceptedBy: bet.acceptedBy.filter((id) => id !== hold.userId), stakes } };
    }
  }
  return next;
}

/** Folds one event into a room; the first event must be RoomCreated. */
export function evolveRoom(state: RoomState | null, event: RoomEvent): RoomState | null {
  if (event.type === 'RoomCreated') {
    if (state) return state;
    const { code, matchId, hostId, settings, passwordHash, at } = event.data;
    return {
      code,
      settings,
      passwordHash,
      hostId,
      status: 'waiting',
      createdAt: at,
      matchId,
      matches: [matchId],
      players: [{ id: hostId, status: 'joined', online: true, offlineSince: null, joinedAt: at, readying: null }],
      invitations: [],
      bet: null,
      holds: [],
      transfers: [],
      requests: {},
      played: {},
      lastEventAt: at,
      lastActivityAt: at,
      cancelReason: null,
    };
  }
  if (!state) return null;
  const next = apply(state, event);
  const lastActivityAt = event.type === 'PresenceChanged' ? state.lastActivityAt : event.data.at;
  return { ...next, lastEventAt: event.data.at, lastActivityAt };
}

function apply(state: RoomState, event: Exclude<RoomEvent, { type: 'RoomCreated' }>): RoomState {
  switch (event.type) {
    case 'PlayerJoined': {
      const { userId, invitationId, at } = event.data;
      const joined = upsertPlayer(state, userId, () => ({
        id: userId,
        status: 'joined',
        online: true,
        offlineSince: null,
        joinedAt: at,
        readying: null,
      }));
      // Joining answers every pending invitation of the player (the one accepted, or any when joining by code).
      void invitationId;
      return {
        ...joined,
        invitations: joined.invitations.map((i) =>
          i.inviteeId === userId && i.status === 'pending' ? { ...i, status: 'accepted' as const } : i,
        ),
      };
    }
    case 'PlayerInvited': {
      const { invitationId, inviteeId, fromUserId, matchId, at } = event.data;
      const invited = upsertPlayer(state, inviteeId, (p) =>
        p && p.status !== 'left'
          ? p
          : { id: inviteeId, status: 'invited', online: false, offlineSince: null, joinedAt: null, readying: null },
      );
      return { ...invited, invitations: [...invited.invitations, { invitationId, inviteeId, fromUserId, matchId, at, status: 'pending' }] };
    }
    case 'InvitationDeclined': {
      const { invitationId, userId } = event.data;
      const declined = {
        ...state,
        invitations: state.invitations.map((i) => (i.invitationId === invitationId ? { ...i, status: 'declined' as const } : i)),
      };
      const player = playerOf(declined, userId);
      // Declined and not a member: no longer listed.
      return player?.status === 'invited' ? { ...declined, players: declined.players.filter((p) => p.id !== userId) } : declined;
    }
    case 'ReadyRequested': {
      const { userId, requestId, holds } = event.data;
      const requested = mapPlayer(state, userId, (p) => ({ ...p, readying: { requestId, holdIds: holds.map((h) => h.holdId) } }));
      return { ...requested, holds: addHolds(requested.holds, holds), requests: { ...requested.requests, [requestId]: 'pending' } };
    }
    case 'PlayerUnreadied': {
      const { userId } = event.data;
      const unready = mapPlayer(state, userId, (p) => ({ ...p, status: 'joined', readying: null }));
      return voidWhere(unready, (h) => h.userId === userId && h.matchId === state.matchId && h.kind !== 'stake');
    }
    case 'PlayerLeft': {
      const { userId } = event.data;
      const left = mapPlayer(state, userId, (p) => ({ ...p, status: 'left', readying: null }));
      if (state.status === 'in_progress') {
        // A forfeit: the penalty goes into the pot; the stake was posted at the start and stays there.
        const played = state.played[state.matchId];
        const withLeaver = played
          ? { ...left, played: { ...left.played, [state.matchId]: { ...played, leavers: [...played.leavers, userId] } } }
          : left;
        return mapHolds(
          withLeaver,
          (h) =>
            h.userId === userId &&
            h.matchId === state.matchId &&
            h.kind === 'penalty' &&
            h.resolution === null &&
            h.placement !== 'refused',
          (h) => ({ ...h, resolution: 'post' }),
        );
      }
      let next = voidWhere(left, (h) => h.userId === userId && h.matchId === state.matchId);
      if (next.bet && (next.bet.status === 'proposed' || next.bet.status === 'agreed')) {
        const { [userId]: _gone, ...stakes } = next.bet.stakes;
        next = { ...next, bet: { ...next.bet, acceptedBy: next.bet.acceptedBy.filter((id) => id !== userId), stakes } };
      }
      return next;
    }
    case 'HostChanged':
      return { ...state, hostId: event.data.hostId };
    case 'RoomCancelled': {
      const cancelled = voidWhere({ ...state, status: 'cancelled', cancelReason: event.data.reason }, (h) => h.matchId === state.matchId);
      return {
        ...cancelled,
        players: cancelled.players.map((p) => ({ ...p, readying: null })),
        invitations: cancelled.invitations.map((i) => (i.status === 'pending' ? { ...i, status: 'cancelled' as const } : i)),
      };
    }
    case 'BetProposed': {
      const { proposalId, amount, proposedBy, at, expiresAt } = event.data;
      return {
        ...state,
        bet: {
          proposalId,
          amount,
          proposedBy,
          proposedAt: at,
          expiresAt,
          acceptedBy: [proposedBy],
          status: 'proposed',
          stakes: {},
          failedBy: null,
        },
      };
    }
    case 'BetAccepted': {
      const bet = state.bet;
      if (!bet || bet.proposalId !== event.data.proposalId || bet.acceptedBy.includes(event.data.userId)) return state;
      return { ...state, bet: { ...bet, acceptedBy: [...bet.acceptedBy, event.data.userId] } };
    }
    case 'BetStakesRequested': {
      const bet = state.bet;
      if (!bet || bet.proposalId !== event.data.proposalId) return state;
      const stakes = { ...bet.stakes };
      const requests = { ...state.requests };
      for (const hold of event.data.holds) {
        stakes[hold.userId] = hold.holdId;
        requests[`stake:${hold.holdId}`] = 'pending';
      }
      return { ...state, bet: { ...bet, stakes }, holds: addHolds(state.holds, event.data.holds), requests };
    }
    case 'BetDeclined':
    case 'BetExpired': {
      const bet = state.bet;
      if (!bet || bet.proposalId !== event.data.proposalId) return state;
      const stakeIds = Object.values(bet.stakes);
      const ended = voidWhere(state, (h) => stakeIds.includes(h.holdId));
      return { ...ended, bet: { ...bet, status: event.type === 'BetDeclined' ? 'declined' : 'expired' } };
    }
    case 'MatchStarted': {
      const { matchId, players, fees, at } = event.data;
      const bet = state.bet?.status === 'agreed' ? state.bet : null;
      const stakeIds = bet ? Object.values(bet.stakes) : [];
      const started = mapHolds(
        state,
        (h) =>
          h.matchId === matchId && h.placement === 'placed' && h.resolution === null && (h.kind === 'entry' || stakeIds.includes(h.holdId)),
        (h) => ({ ...h, resolution: 'post' }),
      );
      return {
        ...started,
        status: 'in_progress',
        // Invitations not taken up lapse with the start: those invitees are no longer listed.
        players: started.players
          .filter((p) => p.status !== 'invited')
          .map((p) => (players.includes(p.id) ? { ...p, status: 'playing' } : p)),
        invitations: started.invitations.map((i) => (i.status === 'pending' ? { ...i, status: 'cancelled' as const } : i)),
        transfers: [...started.transfers, ...fees.map((f) => ({ ...f, done: false }))],
        played: {
          ...started.played,
          [matchId]: {
            matchId,
            players,
            startedAt: at,
            finishedAt: null,
            winners: [],
            scores: {},
            pot: 0,
            leavers: [],
            entryFee: state.settings.entryFee,
            stake: bet?.amount ?? 0,
          },
        },
      };
    }
    case 'MatchFinished': {
      const { matchId, winners, scores, pot, transfers, at } = event.data;
      const played = state.played[matchId];
      const leavers = played?.leavers ?? [];
      const finished = voidWhere(state, (h) => h.matchId === matchId && h.kind === 'penalty' && !leavers.includes(h.userId));
      return {
        ...finished,
        status: 'finished',
        players: finished.players.map((p) => (p.status === 'playing' ? { ...p, status: 'finished' } : p)),
        transfers: [...finished.transfers, ...transfers.map((t) => ({ ...t, done: false }))],
        played: played ? { ...finished.played, [matchId]: { ...played, finishedAt: at, winners, scores, pot } } : finished.played,
      };
    }
    case 'RematchStarted': {
      const { matchId, invitations, at } = event.data;
      const invitees = new Set(invitations.map((i) => i.inviteeId));
      return {
        ...state,
        status: 'waiting',
        matchId,
        matches: [...state.matches, matchId],
        bet: null,
        players: state.players
          .filter((p) => p.id === state.hostId || invitees.has(p.id))
          .map((p) => (p.id === state.hostId ? { ...p, status: 'joined', readying: null } : { ...p, status: 'invited', readying: null })),
        invitations: [
          ...state.invitations,
          ...invitations.map((i) => ({
            invitationId: i.invitationId,
            inviteeId: i.inviteeId,
            fromUserId: state.hostId,
            matchId,
            at,
            status: 'pending' as const,
          })),
        ],
      };
    }
    case 'PresenceChanged': {
      const { userId, online, at } = event.data;
      return mapPlayer(state, userId, (p) => (p.online === online ? p : { ...p, online, offlineSince: online ? null : at }));
    }
    case 'RoomHoldPlaced':
      return onPlaced(state, event.data.holdId);
    case 'RoomHoldRefused':
      return onRefused(state, event.data.holdId, event.data.reason);
    case 'RoomHoldResolved': {
      const { holdId, status } = event.data;
      return mapHolds(
        state,
        (h) => h.holdId === holdId && h.resolved === null,
        (h) => ({ ...h, placement: 'placed', resolved: status }),
      );
    }
    case 'RoomTransferDone':
      return { ...state, transfers: state.transfers.map((t) => (t.transferId === event.data.transferId ? { ...t, done: true } : t)) };
  }
}

export const foldRoom = (events: readonly RoomEvent[]): RoomState | null => events.reduce<RoomState | null>(evolveRoom, null);
