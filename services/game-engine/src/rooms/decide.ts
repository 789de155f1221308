/**
 * The room decider: `decideRoom(command, state) → events | rejection`. Pure: time (`at`) and every id come in
 * on the command or are derived from it (uuidFrom), and what needs I/O (the password's hash and its check, the
 * ledger's answers) is done by the shell and handed in as facts.
 */
import { uuidFrom } from '@qal/events';
import {
  ROOM_BET_AMOUNTS,
  ROOM_BET_EXPIRY_MS,
  ROOM_DESCRIPTION_MAX,
  ROOM_ENTRY_FEE_MAX,
  ROOM_HOLD_START_MARGIN_MS,
  ROOM_HOLD_TTL_MS,
  ROOM_IDLE_CLOSE_MS,
  ROOM_NAME_MAX,
  ROOM_PASSWORD_MAX,
  ROOM_PASSWORD_MIN,
  ROOM_PENALTY_MAX,
  ROOM_PLAYERS_MAX,
  ROOM_PLAYERS_MIN,
} from '../config.ts';
import { DEFAULT_GAME_REGISTRY } from '../games/registry.ts';
import type { HoldSpec, RoomEvent, RoomSettings, TransferSpec } from './events.ts';
import { potPartsOf, settleMatch } from './settlement.ts';
import { activePlayers, playerOf, type RoomState } from './state.ts';

export interface RoomRejection {
  readonly reason: string;
  readonly details?: Record<string, unknown>;
}
export const isRejection = <T>(result: T | RoomRejection): result is RoomRejection =>
  typeof result === 'object' && result !== null && !Array.isArray(result) && 'reason' in result;
const reject = (reason: string, details?: Record<string, unknown>): RoomRejection => (details ? { reason, details } : { reason });

/** What a client asked for, unchecked (CreateRoom's payload). */
export interface RawRoomSettings {
  readonly roomName: string;
  readonly description?: string | undefined;
  readonly game: string;
  readonly language: string;
  readonly maxPlayers: number;
  readonly gameDuration: string;
  readonly entryFee?: number | undefined;
  readonly penalty?: number | undefined;
}

/** What the room needs of its game (a RoomGameModule of the registry has it): null when no room game has that name. */
export interface RoomGameRules {
  readonly roomGame: string;
  readonly players: { readonly min: number; readonly max: number };
  readonly entryFeeMin: number;
}

export type RoomCommand =
  | {
      type: 'CreateRoom';
      data: {
        code: string;
        matchId: string;
        userId: string;
        settings: RawRoomSettings;
        /** The game's rules from the engine's registry; when left out, the default registry's game of that name. */
        game?: RoomGameRules | null;
        passwordLength: number | null;
        passwordHash: string | null;
        at: string;
      };
    }
  /** `password`: 'none' (not given), 'valid' or 'invalid' (checked by the shell against the stored hash). */
  | { type: 'JoinRoom'; data: { userId: string; password: 'none' | 'valid' | 'invalid'; at: string } }
  | { type: 'InvitePlayer'; data: { userId: string; inviteeId: string; invitationId: string; at: string } }
  | { type: 'RespondInvitation'; data: { userId: string; invitationId: string; accept: boolean; at: string } }
  | { type: 'SetReady'; data: { userId: string; ready: boolean; requestId: string; at: string } }
  | { type: 'LeaveRoom'; data: { userId: string; at: string } }
  | { type: 'DeleteRoom'; data: { userId: string; at: string } }
  | { type: 'StartRoomMatch'; data: { userId: string; at: string } }
  | { type: 'ProposeBet'; data: { userId: string; amount: number; proposalId: string; at: string } }
  | { type: 'RespondBet'; data: { userId: string; accept: boolean; at: string } }
  | { type: 'ExpireBet'; data: { proposalId: string; at: string } }
  | { type: 'StartRematch'; data: { userId: string; matchId: string; at: string } }
  | { type: 'SetPresence'; data: { userId: string; online: boolean; at: string } }
  /** The sweeper found the room waiting with nothing done in it for ROOM_IDLE_CLOSE_MS. */
  | { type: 'CloseIdleRoom'; data: { at: string } }
  /** The match removed a player after 3 timed-out turns in a row: a forfeit, like leaving. */
  | { type: 'RemoveFromMatch'; data: { userId: string; at: string } }
  /** The match is over: winners (first finisher first) and scores from the duel. */
  | { type: 'FinishMatch'; data: { matchId: string; winners: readonly string[]; scores: Readonly<Record<string, number>>; at: string } };

const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

export const holdIdOf = (matchId: string, userId: string, kind: HoldSpec['kind'], requestId: string) =>
  uuidFrom('room-hold', matchId, userId, kind, requestId);
export const rakeTransferId = (matchId: string) => uuidFrom('room-rake', matchId);
export const payoutTransferId = (matchId: string, userId: string) => uuidFrom('room-payout', matchId, userId);
export const escrowOf = (matchId: string) => `escrow:${matchId}`;

/** Checks a room's settings against the rules (docs/product-rules.md, rooms); the first bad field is named. */
export function validateSettings(
  raw: RawRoomSettings,
  rules: RoomGameRules | null,
  passwordLength: number | null,
): RoomSettings | RoomRejection {
  const bad = (field: string) => reject('invalid_room_settings', { field });
  const roomName = raw.roomName.trim();
  if (roomName.length === 0 || roomName.length > ROOM_NAME_MAX) return bad('roomName');
  const description = (raw.description ?? '').trim();
  if (description.length > ROOM_DESCRIPTION_MAX) return bad('description');
  if (!rules || rules.roomGame !== raw.game) return reject('unknown_game', { game: raw.game });
  const game = rules.roomGame;
  if (raw.language !== 'en' && raw.language !== 'am') return reject('unknown_language', { language: raw.language });
  // The room's limits, narrowed by the game's own.
  const { min, max } = rules.players;
  const minPlayers = Math.max(ROOM_PLAYERS_MIN, min);
  const maxPlayers = Math.min(ROOM_PLAYERS_MAX, max);
  if (!isInt(raw.maxPlayers) || raw.maxPlayers < minPlayers || raw.maxPlayers > maxPlayers) return bad('maxPlayers');
  if (raw.gameDuration !== 'normal' && raw.gameDuration !== 'rush') return bad('gameDuration');
  const cost = rules.entryFeeMin;
  const entryFee = raw.entryFee ?? cost;
  if (!isInt(entryFee) || entryFee < cost || entryFee > ROOM_ENTRY_FEE_MAX) return bad('entryFee');
  const penalty = raw.penalty ?? 0;
  if (!isInt(penalty) || penalty < 0 || penalty > ROOM_PENALTY_MAX) return bad('penalty');
  if (passwordLength !== null && (passwordLength < ROOM_PASSWORD_MIN || passwordLength > ROOM_PASSWORD_MAX)) return bad('password');
  return {
    roomName,
    description,
    game,
    language: raw.language,
    maxPlayers: raw.maxPlayers,
    gameDuration: raw.gameDuration,
    entryFee,
    penalty,
  };
}

const pendingInvitationOf = (state: RoomState, userId: string) =>
  state.invitations.find((i) => i.inviteeId === userId && i.status === 'pending' && i.matchId === state.matchId);

const isActive = (state: RoomState, userId: string) => activePlayers(state).some((p) => p.id === userId);

/** When every player taking part accepted a proposed bet, their stakes are asked for. */
function stakesIfAllAccepted(state: RoomState, acceptedBy: readonly string[], at: string): RoomEvent[] {
  const bet = state.bet;
  if (!bet || bet.status !== 'proposed' || Object.keys(bet.stakes).length > 0) return [];
  const active = activePlayers(state).map((p) => p.id);
  if (active.length === 0 || !active.every((id) => acceptedBy.includes(id))) return [];
  const holds = active.map((userId) => stakeHold(state, userId, at));
  return [{ type: 'BetStakesRequested', data: { proposalId: bet.proposalId, holds, at } }];
}

function stakeHold(state: RoomState, userId: string, at: string): HoldSpec {
  const bet = state.bet!;
  return {
    // The room's hold count makes the id new each time (a player may stake on the same bet again after leaving
    // and coming back, or after a refusal), and the same on a retry of the same decision.
    holdId: holdIdOf(state.matchId, userId, 'stake', `${bet.proposalId}:${state.holds.length}`),
    userId,
    matchId: state.matchId,
    kind: 'stake',
    amount: bet.amount,
    expiresAt: plus(at, ROOM_HOLD_TTL_MS),
  };
}

export function decideRoom(command: RoomCommand, state: RoomState | null): RoomEvent[] | RoomRejection {
  if (command.type === 'CreateRoom') {
    const { code, matchId, userId, settings: raw, game, passwordLength, passwordHash, at } = command.data;
    if (state) return reject('room_exists');
    const settings = validateSettings(raw, game === undefined ? DEFAULT_GAME_REGISTRY.roomGame(raw.game) : game, passwordLength);
    if ('reason' in settings) return settings;
    return [{ type: 'RoomCreated', data: { code, matchId, hostId: userId, settings, passwordHash, at } }];
  }
  if (!state) return reject('room_not_found');
  const { at } = command.data;

  switch (command.type) {
    case 'JoinRoom': {
      const { userId, password } = command.data;
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      if (isActive(state, userId)) return reject('already_in_room');
      if (activePlayers(state).length >= state.settings.maxPlayers) return reject('room_full', { maxPlayers: state.settings.maxPlayers });
      const invitation = pendingInvitationOf(state, userId);
      // An invitation is the host's consent: an invitee needs no password.
      if (state.passwordHash && !invitation) {
        if (password === 'none') return reject('password_required');
        if (password === 'invalid') return reject('invalid_password');
      }
      return [{ type: 'PlayerJoined', data: { userId, invitationId: invitation?.invitationId ?? null, at } }];
    }

    case 'InvitePlayer': {
      const { userId, inviteeId, invitationId } = command.data;
      if (state.hostId !== userId) return reject('not_room_host');
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      if (inviteeId === userId) return reject('cannot_invite_self');
      if (isActive(state, inviteeId)) return reject('already_in_room');
      if (pendingInvitationOf(state, inviteeId)) return reject('already_invited');
      if (activePlayers(state).length >= state.settings.maxPlayers) return reject('room_full', { maxPlayers: state.settings.maxPlayers });
      return [{ type: 'PlayerInvited', data: { invitationId, inviteeId, fromUserId: userId, matchId: state.matchId, at } }];
    }

    case 'RespondInvitation': {
      const { userId, invitationId, accept } = command.data;
      const invitation = state.invitations.find((i) => i.invitationId === invitationId);
      if (!invitation || invitation.inviteeId !== userId || invitation.status !== 'pending') return reject('invitation_not_found');
      if (!accept) return [{ type: 'InvitationDeclined', data: { invitationId, userId, at } }];
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      if (isActive(state, userId)) return reject('already_in_room');
      if (activePlayers(state).length >= state.settings.maxPlayers) return reject('room_full', { maxPlayers: state.settings.maxPlayers });
      return [{ type: 'PlayerJoined', data: { userId, invitationId, at } }];
    }

    case 'SetReady': {
      const { userId, ready, requestId } = command.data;
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      const player = playerOf(state, userId);
      if (!player || !isActive(state, userId)) return reject('not_in_room');
      if (!ready) return player.status === 'ready' || player.readying ? [{ type: 'PlayerUnreadied', data: { userId, at } }] : [];
      if (player.status === 'ready' || player.readying) return [];
      const { matchId, settings } = state;
      const expiresAt = plus(at, ROOM_HOLD_TTL_MS);
      const holds: HoldSpec[] = [
        { holdId: holdIdOf(matchId, userId, 'entry', requestId), userId, matchId, kind: 'entry', amount: settings.entryFee, expiresAt },
      ];
      if (settings.penalty > 0) {
        holds.push({
          holdId: holdIdOf(matchId, userId, 'penalty', requestId),
          userId,
          matchId,
          kind: 'penalty',
          amount: settings.penalty,
          expiresAt,
        });
      }
      return [{ type: 'ReadyRequested', data: { userId, requestId, holds, at } }];
    }

    case 'LeaveRoom': {
      const { userId } = command.data;
      const player = playerOf(state, userId);
      if (!player || player.status === 'invited' || player.status === 'left') return reject('not_in_room');
      const events: RoomEvent[] = [{ type: 'PlayerLeft', data: { userId, reason: 'left', at } }];
      const remaining = activePlayers(state).filter((p) => p.id !== userId);
      if (state.hostId === userId && remaining[0]) events.push({ type: 'HostChanged', data: { hostId: remaining[0].id, at } });
      if (state.status === 'waiting') {
        if (remaining.length === 0) events.push({ type: 'RoomCancelled', data: { reason: 'empty', at } });
        else if (state.bet) {
          const afterLeave = { ...state, players: state.players.map((p) => (p.id === userId ? { ...p, status: 'left' as const } : p)) };
          events.push(...stakesIfAllAccepted(afterLeave, state.bet.acceptedBy, at));
        }
      }
      return events;
    }

    case 'RemoveFromMatch': {
      const { userId } = command.data;
      const player = playerOf(state, userId);
      if (state.status !== 'in_progress' || player?.status !== 'playing') return [];
      const events: RoomEvent[] = [{ type: 'PlayerLeft', data: { userId, reason: 'timeouts', at } }];
      const remaining = activePlayers(state).filter((p) => p.id !== userId);
      if (state.hostId === userId && remaining[0]) events.push({ type: 'HostChanged', data: { hostId: remaining[0].id, at } });
      return events;
    }

    case 'CloseIdleRoom': {
      // Something may have happened since the sweeper looked: then the room is not idle (yet), and nothing changes.
      if (state.status !== 'waiting' || Date.parse(state.lastActivityAt) + ROOM_IDLE_CLOSE_MS > Date.parse(at)) return [];
      return [{ type: 'RoomCancelled', data: { reason: 'idle', at } }];
    }

    case 'DeleteRoom': {
      if (state.hostId !== command.data.userId) return reject('not_room_host');
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      return [{ type: 'RoomCancelled', data: { reason: 'deleted', at } }];
    }

    case 'StartRoomMatch': {
      if (state.hostId !== command.data.userId) return reject('not_room_host');
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      const active = activePlayers(state);
      if (active.length < ROOM_PLAYERS_MIN) return reject('not_enough_players', { needed: ROOM_PLAYERS_MIN, have: active.length });
      const margin = Date.parse(at) + ROOM_HOLD_START_MARGIN_MS;
      const heldLongEnough = (userId: string) =>
        state.holds.some(
          (h) =>
            h.userId === userId &&
            h.matchId === state.matchId &&
            h.kind === 'entry' &&
            h.placement === 'placed' &&
            h.resolution === null &&
            Date.parse(h.expiresAt) > margin,
        );
      const notReady = active.filter((p) => p.status !== 'ready' || p.readying || !heldLongEnough(p.id)).map((p) => p.id);
      if (notReady.length > 0) return reject('players_not_ready', { notReady });
      const bet = state.bet;
      if (bet?.status === 'proposed')
        return reject('bet_not_settled', { pending: active.map((p) => p.id).filter((id) => !bet.acceptedBy.includes(id)) });
      if (bet?.status === 'agreed') {
        const staked = (userId: string) =>
          state.holds.some(
            (h) => h.holdId === bet.stakes[userId] && h.placement === 'placed' && h.resolution === null && Date.parse(h.expiresAt) > margin,
          );
        const pending = active.map((p) => p.id).filter((id) => !staked(id));
        if (pending.length > 0) return reject('bet_not_settled', { pending });
      }
      const players = active.map((p) => p.id);
      // The entry fees stay in the escrow with the stakes: they are the match's prize pot, settled at its end.
      return [{ type: 'MatchStarted', data: { matchId: state.matchId, players, fees: [], at } }];
    }

    case 'ProposeBet': {
      const { userId, amount, proposalId } = command.data;
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      if (!isActive(state, userId)) return reject('not_in_room');
      if (!ROOM_BET_AMOUNTS.includes(amount)) return reject('bet_amount_not_allowed', { allowed: ROOM_BET_AMOUNTS });
      if (state.bet && (state.bet.status === 'proposed' || state.bet.status === 'agreed')) return reject('bet_already_proposed');
      const expiresAt = plus(at, ROOM_BET_EXPIRY_MS);
      const proposed: RoomEvent = { type: 'BetProposed', data: { proposalId, amount, proposedBy: userId, at, expiresAt } };
      const after = {
        ...state,
        bet: {
          proposalId,
          amount,
          proposedBy: userId,
          proposedAt: at,
          expiresAt,
          acceptedBy: [userId],
          status: 'proposed' as const,
          stakes: {},
          failedBy: null,
        },
      };
      return [proposed, ...stakesIfAllAccepted(after, [userId], at)];
    }

    case 'RespondBet': {
      const { userId, accept } = command.data;
      if (state.status !== 'waiting') return reject('room_not_waiting', { status: state.status });
      if (!isActive(state, userId)) return reject('not_in_room');
      const bet = state.bet;
      if (!bet || (bet.status !== 'proposed' && bet.status !== 'agreed')) return reject('no_bet_proposed');
      if (bet.status === 'proposed' && Date.parse(at) >= Date.parse(bet.expiresAt)) return reject('no_bet_proposed', { expired: true });
      if (bet.acceptedBy.includes(userId) || (bet.status === 'proposed' && Object.keys(bet.stakes).length > 0))
        return reject('bet_already_answered');
      if (!accept) return [{ type: 'BetDeclined', data: { proposalId: bet.proposalId, userId, at } }];
      const accepted: RoomEvent = { type: 'BetAccepted', data: { proposalId: bet.proposalId, userId, at } };
      // A late joiner accepting an agreed bet holds their own stake; otherwise stakes wait for everyone.
      if (bet.status === 'agreed')
        return [accepted, { type: 'BetStakesRequested', data: { proposalId: bet.proposalId, holds: [stakeHold(state, userId, at)], at } }];
      return [accepted, ...stakesIfAllAccepted(state, [...bet.acceptedBy, userId], at)];
    }

    case 'ExpireBet': {
      const bet = state.bet;
      // A stale timer (another proposal, or answered meanwhile) does nothing.
      if (!bet || bet.proposalId !== command.data.proposalId || bet.status !== 'proposed' || Object.keys(bet.stakes).length > 0) return [];
      if (Date.parse(at) < Date.parse(bet.expiresAt)) return reject('deadline_not_reached', { deadline: bet.expiresAt });
      return [{ type: 'BetExpired', data: { proposalId: bet.proposalId, at } }];
    }

    case 'StartRematch': {
      const { userId, matchId } = command.data;
      if (state.hostId !== userId) return reject('not_room_host');
      if (state.status !== 'finished') return reject('rematch_not_available', { status: state.status });
      const last = state.played[state.matchId];
      const invitees = (last?.players ?? []).filter((id) => id !== state.hostId);
      const invitations = invitees.map((inviteeId) => ({
        invitationId: uuidFrom('room-invitation', state.code, matchId, inviteeId),
        inviteeId,
      }));
      return [{ type: 'RematchStarted', data: { matchId, invitations, at } }];
    }

    case 'SetPresence': {
      const { userId, online } = command.data;
      const player = playerOf(state, userId);
      if (!player || player.status === 'invited') return reject('not_in_room');
      return player.online === online ? [] : [{ type: 'PresenceChanged', data: { userId, online, at } }];
    }

    case 'FinishMatch': {
      const { matchId, winners, scores } = command.data;
      const played = state.played[matchId];
      if (state.status !== 'in_progress' || state.matchId !== matchId || !played) return [];
      // The pot: every entry fee and stake posted at the start, and the penalties of those who left.
      const { pot, rake, payouts } = settleMatch(potPartsOf(state, matchId), winners);
      const transfers: TransferSpec[] = [];
      if (rake > 0)
        transfers.push({
          transferId: rakeTransferId(matchId),
          from: escrowOf(matchId),
          to: 'house',
          amount: rake,
          reason: 'rake',
          matchId,
          userId: null,
        });
      for (const p of payouts) {
        transfers.push({
          transferId: payoutTransferId(matchId, p.userId),
          from: escrowOf(matchId),
          to: `wallet:${p.userId}`,
          amount: p.amount,
          reason: 'payout',
          matchId,
          userId: p.userId,
        });
      }
      return [{ type: 'MatchFinished', data: { matchId, winners: [...winners], scores: { ...scores }, pot, transfers, at } }];
    }
  }
}
