/** What clients see of a room: ids only (the gateway adds names), never the password or its hash, no hold ids. */
import type { RoomBetView, RoomPlayerView, RoomSettlementView, RoomView } from '@qal/events';
import { netsOf, prizeOfRoom } from './settlement.ts';
import type { RoomState } from './state.ts';
import { activePlayers } from './state.ts';

/** The shapes are the client contract (@qal/events contracts/rooms.ts); this file builds them from the state. */
export type { RoomBetView, RoomPlayerView, RoomSettlementView, RoomView };

/** How the current match was settled, once finished: the pot, the rake, the prize and each player's net. */
export function settlementView(state: RoomState): RoomSettlementView | null {
  const played = state.played[state.matchId];
  if (state.status !== 'finished' || !played?.finishedAt) return null;
  const of = (reason: string) =>
    state.transfers.filter((t) => t.matchId === played.matchId && t.reason === reason).reduce((a, t) => a + t.amount, 0);
  return {
    matchId: played.matchId,
    pot: played.pot,
    rake: of('rake'),
    prize: of('payout'),
    players: netsOf(state, played.matchId).map(({ userId, payout, spent, net }) => ({ id: userId, payout, spent, net })),
  };
}

/** `version`: the global position of the room stream's last event folded into `state`, when the caller knows it. */
export function roomView(state: RoomState, version?: number): RoomView {
  const { settings, bet } = state;
  const placedStakes = bet
    ? Object.values(bet.stakes).filter((id) => state.holds.some((h) => h.holdId === id && h.placement === 'placed')).length
    : 0;
  return {
    code: state.code,
    roomName: settings.roomName,
    description: settings.description,
    game: settings.game,
    language: settings.language,
    maxPlayers: settings.maxPlayers,
    gameDuration: settings.gameDuration,
    entryFee: settings.entryFee,
    penalty: settings.penalty,
    private: state.passwordHash !== null,
    status: state.status,
    closedReason: state.cancelReason,
    hostId: state.hostId,
    matchId: state.matchId,
    createdAt: state.createdAt,
    players: state.players.map((p) => ({ id: p.id, status: p.status, online: p.online, joinedAt: p.joinedAt })),
    bet: bet
      ? {
          proposalId: bet.proposalId,
          amount: bet.amount,
          proposedBy: bet.proposedBy,
          expiresAt: bet.expiresAt,
          acceptedBy: [...bet.acceptedBy],
          status: bet.status,
          pot: bet.amount * (bet.status === 'agreed' ? placedStakes : activePlayers(state).length),
        }
      : null,
    matches: [...state.matches],
    prize: prizeOfRoom(state),
    settlement: settlementView(state),
    ...(version === undefined ? {} : { version }),
  };
}

/** Members (anyone listed and not left) and pending invitees: who may follow the room's channel. */
export const memberIdsOf = (state: RoomState): string[] =>
  state.players.filter((p) => p.status !== 'invited' && p.status !== 'left').map((p) => p.id);
export const invitedIdsOf = (state: RoomState): string[] =>
  state.invitations.filter((i) => i.status === 'pending' && i.matchId === state.matchId).map((i) => i.inviteeId);
