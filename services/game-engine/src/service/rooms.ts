/**
 * The room commands, game-neutral: create, join, invite, ready, bets, start, leave, rematch, delete, presence.
 * Each is a plan for runRoomCommand (room-command.ts); the start and a leave of a started match reach the room's
 * game through the registry (room-match.ts).
 */
import { rejected, succeeded, uuidFrom, type CommandEnvelope, type CommandOutcome, type GameEngineCommandPayload } from '@qal/events';
import { ROOM_CODE_ATTEMPTS, ROOM_PASSWORD_MAX, ROOM_PASSWORD_MIN } from '../config.ts';
import { matchIdFor } from '../games/registry.ts';
import { roomCodeFor } from '../rooms/code.ts';
import { decideRoom, isRejection } from '../rooms/decide.ts';
import type { RoomEvent } from '../rooms/events.ts';
import { playerOf, type RoomState } from '../rooms/state.ts';
import type { HandlerResult } from './handler-result.ts';
import { hashPassword } from './password.ts';
import { decided, roomAnswer, runRoomCommand } from './room-command.ts';
import { foldOnto, loadRoom, type LoadedRoom } from './room-store.ts';
import { matchLeavePlan, matchStartAppend } from './room-match.ts';
import type { HandlerDeps } from './shell.ts';

export { joinRoom } from './room-join.ts';

/** Creates a room at the code derived from the command id (the next derivation when one is taken). */
export function createRoom(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'CreateRoom'>,
): Promise<HandlerResult> {
  const { password, userId, ...settings } = payload;
  // Hashed before any room's lock is taken (scrypt is slow on purpose); a password of the wrong length is refused
  // by the decider, so it is not hashed at all.
  const passwordLength = password === undefined ? null : [...password].length;
  const hashing =
    password !== undefined && passwordLength !== null && passwordLength >= ROOM_PASSWORD_MIN && passwordLength <= ROOM_PASSWORD_MAX
      ? hashPassword(password)
      : Promise.resolve(null);
  const attempt = async (n: number, passwordHash: string | null): Promise<HandlerResult> => {
    if (n >= ROOM_CODE_ATTEMPTS) throw new Error('no free room code after many attempts');
    const code = roomCodeFor(command.commandId, n);
    const existing = await loadRoom(deps.store, code);
    if (existing.state && existing.createdBy !== command.commandId) return attempt(n + 1, passwordHash);
    const result = await runRoomCommand(deps, command, {
      code,
      plan: ({ state, createdBy }) => {
        if (state) return createdBy === command.commandId ? { events: [] } : { reason: 'room_exists' }; // ours already, or lost a race for the code
        const events = decideRoom(
          {
            type: 'CreateRoom',
            data: {
              code,
              matchId: roomMatchId(deps, settings.game, code, command.commandId),
              userId,
              settings,
              game: deps.games.roomGame(settings.game),
              passwordLength,
              passwordHash,
              at: command.issuedAt,
            },
          },
          state,
        );
        return isRejection(events) ? events : { events };
      },
    });
    if (result.outcome.status === 'rejected' && result.outcome.reason === 'room_exists') return attempt(n + 1, passwordHash);
    return result;
  };
  return hashing.then((passwordHash) => attempt(0, passwordHash));
}

export const invitePlayer = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'InvitePlayer'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({
      type: 'InvitePlayer',
      data: {
        userId: p.userId,
        inviteeId: p.inviteeId,
        invitationId: uuidFrom('room-invitation', p.code, command.commandId),
        at: command.issuedAt,
      },
    })),
  });

/** `code` comes from the read model (invitation id → room); the room's own state decides. */
export const respondInvitation = (
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'RespondInvitation'>,
  code: string,
) =>
  runRoomCommand(deps, command, {
    code,
    plan: decided(() => ({
      type: 'RespondInvitation',
      data: { userId: p.userId, invitationId: p.invitationId, accept: p.accept, at: command.issuedAt },
    })),
    respond: (state, version) => (p.accept ? roomAnswer(command, state, version) : succeeded(command.commandId, { room: null })),
  });

/** The answer of a request that held tokens: its refusal (e.g. insufficient_tokens) if the ledger said no. */
function requestAnswer(command: CommandEnvelope, state: RoomState, version: number, requestIds: readonly string[]): CommandOutcome {
  for (const id of requestIds) {
    const outcome = state.requests[id];
    if (outcome && typeof outcome === 'object') return rejected(command.commandId, outcome.refused);
  }
  return roomAnswer(command, state, version);
}

/** The stake request ids of a user in the room's bet. */
const stakeRequestsOf = (state: RoomState, userId: string): string[] => {
  const holdId = state.bet?.stakes[userId];
  return holdId ? [`stake:${holdId}`] : [];
};

export const setReady = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'SetReady'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({
      type: 'SetReady',
      data: { userId: p.userId, ready: p.ready, requestId: command.commandId, at: command.issuedAt },
    })),
    respond: (state, version) => requestAnswer(command, state, version, [command.commandId]),
  });

export const deleteRoom = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'DeleteRoom'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'DeleteRoom', data: { userId: p.userId, at: command.issuedAt } })),
  });

export const proposeBet = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'ProposeBet'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({
      type: 'ProposeBet',
      data: { userId: p.userId, amount: p.amount, proposalId: uuidFrom('room-bet', p.code, command.commandId), at: command.issuedAt },
    })),
  });

export const respondBet = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'RespondBet'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'RespondBet', data: { userId: p.userId, accept: p.accept, at: command.issuedAt } })),
    // The last to accept may find they cannot pay their stake: the bet fails, and they hear why.
    respond: (state, version) =>
      p.accept ? requestAnswer(command, state, version, stakeRequestsOf(state, p.userId)) : roomAnswer(command, state, version),
  });

export const expireBet = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'ExpireBet'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'ExpireBet', data: { proposalId: p.proposalId, at: command.issuedAt } })),
  });

export const closeIdleRoom = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'CloseIdleRoom'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'CloseIdleRoom', data: { at: command.issuedAt } })),
  });

export const startRematch = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'StartRematch'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided((state) => ({
      type: 'StartRematch',
      data: { userId: p.userId, matchId: roomMatchId(deps, state?.settings.game, p.code, command.commandId), at: command.issuedAt },
    })),
    respond: (state, version) => roomAnswer(command, state, version, { matchId: state.matchId }),
  });

export const setPresence = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'SetPresence'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'SetPresence', data: { userId: p.userId, online: p.online, at: command.issuedAt } })),
  });

/** A room match's id names its game (registry.ts); a room of an unknown game is refused before the id matters. */
function roomMatchId(deps: HandlerDeps, game: string | undefined, code: string, commandId: string): string {
  const unique = uuidFrom('room-match', code, commandId);
  const module = game ? deps.games.roomGame(game) : null;
  return module ? matchIdFor(module, unique) : unique;
}

export const startRoomMatch = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'StartRoomMatch'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: ({ state }: LoadedRoom) => {
      const events = decideRoom({ type: 'StartRoomMatch', data: { userId: p.userId, at: command.issuedAt } }, state);
      if (isRejection(events) || !state) return isRejection(events) ? events : { reason: 'room_not_found' };
      const module = deps.games.roomGame(state.settings.game);
      if (!module) return { reason: 'unknown_game', details: { game: state.settings.game } };
      const started = events.find((e): e is Extract<RoomEvent, { type: 'MatchStarted' }> => e.type === 'MatchStarted')!;
      return { events, extra: [matchStartAppend(module, command, state, started.data.matchId, started.data.players, deps.newSeed())] };
    },
    respond: (state, version) => roomAnswer(command, state, version, { matchId: state.matchId }),
  });

export const leaveRoom = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'LeaveRoom'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: async (loaded: LoadedRoom) => {
      const { state } = loaded;
      const plain = decided(() => ({ type: 'LeaveRoom', data: { userId: p.userId, at: command.issuedAt } }))(loaded);
      if (isRejection(plain) || !state || state.status !== 'in_progress' || playerOf(state, p.userId)?.status !== 'playing') return plain;
      const module = deps.games.roomGame(state.settings.game);
      // Leaving a started match: a forfeit in the game too, and perhaps its end.
      const left = module && (await matchLeavePlan(deps, module, command, foldOnto(state, plain.events), state.matchId, p.userId));
      return left ? { events: [...plain.events, ...left.followUps], extra: [left.append] } : plain;
    },
  });
