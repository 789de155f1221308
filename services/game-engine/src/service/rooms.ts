/**
 * Room command handlers: load the room (`room-<code>`), decide, append at the version read (optimistic
 * concurrency; a lost race reloads and decides again), then run the ledger steps the room owes (holds placed,
 * posted or voided; fees, rake and payouts transferred), recording each answer in the room stream.
 *
 * Idempotency: event ids come from the command id, so a retried command appends nothing new, and the ledger
 * steps are keyed by hold and transfer ids, so they move nothing twice. A crash between the decision and the
 * ledger (or between two ledger steps) leaves the steps in the room's state: the retry of the command, the
 * next command on the room, or the sweeper carries them out.
 */
import {
  comparePositions,
  rejected,
  succeeded,
  uuidFrom,
  type CommandEnvelope,
  type CommandOutcome,
  type GameEngineCommandPayload,
  type JsonObject,
  type Position,
  type StreamAppend,
} from '@qal/events';
import { ENGINE_ACTOR, ROOM_CODE_ATTEMPTS } from '../config.ts';
import { roomCodeFor } from '../rooms/code.ts';
import { decideRoom, isRejection, type RoomCommand, type RoomRejection } from '../rooms/decide.ts';
import { parseRoomEvent, roomStreamId, ROOM_STREAM_TYPE, type HoldKind, type RoomEvent } from '../rooms/events.ts';
import { pendingLedgerSteps, type LedgerStep } from '../rooms/ledger-steps.ts';
import { evolveRoom, type RoomState } from '../rooms/state.ts';
import { roomView } from '../rooms/view.ts';
import { commandIdOf } from './events.ts';
import type { HandlerResult } from './handlers.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { AGAIN, appendAll, eventsOf, withRetries, type HandlerDeps } from './shell.ts';

export interface LoadedRoom {
  readonly state: RoomState | null;
  readonly version: number | null;
  readonly commandIds: ReadonlySet<string>;
  /** Global position of the room stream's last event (room views are versioned by it); null when there is none. */
  readonly globalPosition: bigint | null;
  /** The command id that created the room (a retried create recognises its own room by it). */
  readonly createdBy: string | null;
}

/** Rooms kept folded per store; the one folded longest ago goes first. */
const FOLDED_ROOMS_MAX = 2_000;
const foldedRooms = new WeakMap<HandlerDeps['store'], Map<string, LoadedRoom>>();

/**
 * The room folded from its stream. A load reads only what was appended since the last one for this store (a stream
 * only grows, and appends are at exact versions, so what was folded stays true): a room's commands and its match's
 * moves do not re-read and re-fold its whole history each time.
 */
export async function loadRoom(store: HandlerDeps['store'], code: string): Promise<LoadedRoom> {
  let cache = foldedRooms.get(store);
  if (!cache) foldedRooms.set(store, (cache = new Map()));
  const cached = cache.get(code);
  const stored = await store.readStream(roomStreamId(code), cached?.version ? { after: cached.version } : {});
  if (cached && stored.length === 0) return cached;
  let state = cached?.state ?? null;
  const commandIds = new Set(cached?.commandIds ?? []);
  let createdBy = cached?.createdBy ?? null;
  for (const event of stored) {
    const parsed = parseRoomEvent(event);
    if (parsed) state = evolveRoom(state, parsed);
    const commandId = commandIdOf(event);
    if (commandId) commandIds.add(commandId);
    if (parsed?.type === 'RoomCreated') createdBy = commandId;
  }
  const last = stored.at(-1);
  const loaded: LoadedRoom = {
    state,
    version: last?.streamPosition ?? cached?.version ?? null,
    commandIds,
    globalPosition: last?.globalPosition ?? cached?.globalPosition ?? null,
    createdBy,
  };
  if (loaded.version !== null) {
    cache.delete(code);
    if (cache.size >= FOLDED_ROOMS_MAX) cache.delete(cache.keys().next().value!);
    cache.set(code, loaded);
  }
  return loaded;
}

/** Every room command and every move of a room's match takes this lock: one room's work runs one at a time here. */
export const roomLockKey = (code: string) => `room:${code}`;

export const roomAppend = (
  code: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: Pick<CommandEnvelope, 'commandId' | 'correlationId' | 'actorId'>,
  events: readonly RoomEvent[],
): StreamAppend => ({
  streamId: roomStreamId(code),
  streamType: ROOM_STREAM_TYPE,
  expectedVersion,
  events: eventsOf(command, roomStreamId(code), events),
});

const answer = (outcome: CommandOutcome, position: Position | null = null, changesReadModel = true): HandlerResult => ({
  outcome,
  position,
  changesReadModel,
});
const later = (a: Position | null, b: Position | null): Position | null => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

/** What a room command appends besides its room events (the match stream at a start or a forfeit). */
export interface RoomPlan {
  readonly events: readonly RoomEvent[];
  readonly extra?: readonly StreamAppend[];
}

export interface RoomCommandSpec {
  readonly code: string;
  /** Decides on the loaded room; may add appends to other streams (atomically with the room's). */
  readonly plan: (loaded: LoadedRoom) => Promise<RoomPlan | RoomRejection> | RoomPlan | RoomRejection;
  /** The answer once the command's events and ledger steps are stored (default: `{ room }`). */
  readonly respond?: (state: RoomState) => CommandOutcome;
}

export const roomAnswer = (command: CommandEnvelope, state: RoomState, extra: JsonObject = {}): CommandOutcome =>
  succeeded(command.commandId, { room: roomView(state) as unknown as JsonObject, ...extra });

/** The common shape of a room command: decide and append under the room's lock, then settle the money. */
export function runRoomCommand(deps: HandlerDeps, command: CommandEnvelope, spec: RoomCommandSpec): Promise<HandlerResult> {
  return deps.locks.run([roomLockKey(spec.code)], async () => {
    const decided = await withRetries(async () => {
      const loaded = await loadRoom(deps.store, spec.code);
      if (loaded.commandIds.has(command.commandId)) return { position: null as Position | null };
      const plan = await spec.plan(loaded);
      if (isRejection(plan)) return plan;
      if (plan.events.length === 0 && !plan.extra?.length) return { position: null as Position | null };
      const appends =
        plan.events.length > 0
          ? [roomAppend(spec.code, loaded.version ?? 'no_stream', command, plan.events), ...(plan.extra ?? [])]
          : [...(plan.extra ?? [])];
      const position = await appendAll(deps.store, appends);
      return position ? { position } : AGAIN;
    });
    if ('reason' in decided)
      return answer(rejected(command.commandId, decided.reason, decided.details as JsonObject | undefined), null, false);
    const settled = await settleRoomMoney(deps, command, spec.code);
    const { state } = await loadRoom(deps.store, spec.code);
    if (!state) return answer(rejected(command.commandId, 'room_not_found'), null, false);
    return answer(spec.respond ? spec.respond(state) : roomAnswer(command, state), later(decided.position, settled));
  });
}

/** A plan from the pure decider alone. */
export const decided =
  (toCommand: (state: RoomState | null) => RoomCommand) =>
  ({ state }: LoadedRoom): RoomPlan | RoomRejection => {
    const events = decideRoom(toCommand(state), state);
    return isRejection(events) ? events : { events };
  };

// Ledger steps -----------------------------------------------------------------------------------------------------

const MAX_LEDGER_PASSES = 8;

function ledgerEnvelope(
  cause: Pick<CommandEnvelope, 'issuedAt' | 'correlationId'>,
  type: string,
  commandId: string,
  payload: JsonObject,
): CommandEnvelope {
  return { commandId, type, actorId: ENGINE_ACTOR, payload, issuedAt: cause.issuedAt, correlationId: cause.correlationId };
}

/** Records one ledger answer in the room stream, once (the event id is the hold's or transfer's). */
async function record(deps: HandlerDeps, cause: CommandEnvelope, code: string, key: string, event: RoomEvent): Promise<Position | null> {
  return appendAll(deps.store, [
    {
      streamId: roomStreamId(code),
      streamType: ROOM_STREAM_TYPE,
      expectedVersion: 'stream_exists',
      events: [
        {
          eventId: uuidFrom('room-money', code, key, event.type),
          type: event.type,
          data: event.data as unknown as JsonObject,
          metadata: { correlationId: cause.correlationId, actorId: ENGINE_ACTOR },
        },
      ],
    },
  ]);
}

/** The ledger reason of each hold a room places, as the player's wallet history names it. */
const HOLD_REASONS: Readonly<Record<HoldKind, 'entry_fee' | 'penalty' | 'bet_stake'>> = {
  entry: 'entry_fee',
  penalty: 'penalty',
  stake: 'bet_stake',
};
const holdReason = (kind: HoldKind) => HOLD_REASONS[kind];

/** Carries out one step; false when the ledger refused a transfer (left for the sweeper). */
async function runStep(
  deps: HandlerDeps,
  cause: CommandEnvelope,
  code: string,
  step: LedgerStep,
): Promise<{ ok: boolean; position: Position | null }> {
  const at = cause.issuedAt;
  if (step.kind === 'place') {
    const { hold } = step;
    const outcome = await deps.ledger.send(
      ledgerEnvelope(cause, 'PlaceHold', uuidFrom('room-ledger', hold.holdId, 'place'), {
        holdId: hold.holdId,
        from: `wallet:${hold.userId}`,
        to: `escrow:${hold.matchId}`,
        amount: hold.amount,
        reason: holdReason(hold.kind),
        matchId: hold.matchId,
        expiresAt: hold.expiresAt,
      }),
    );
    if (outcome.status === 'succeeded')
      return {
        ok: true,
        position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldPlaced', data: { holdId: hold.holdId, at } }),
      };
    const reason = outcome.reason === 'account_not_found' ? 'insufficient_tokens' : outcome.reason;
    deps.logger.info({ code, holdId: hold.holdId, reason }, 'room hold refused');
    return {
      ok: true,
      position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldRefused', data: { holdId: hold.holdId, reason, at } }),
    };
  }
  if (step.kind === 'resolve') {
    const { hold, action } = step;
    const outcome = await deps.ledger.send(
      ledgerEnvelope(cause, action === 'post' ? 'PostHold' : 'VoidHold', uuidFrom('room-ledger', hold.holdId, action), {
        holdId: hold.holdId,
      }),
    );
    let status: 'posted' | 'voided' | 'expired' | null = null;
    if (outcome.status === 'succeeded') status = action === 'post' ? 'posted' : 'voided';
    else if (outcome.status === 'rejected' && outcome.reason === 'hold_already_resolved') {
      // Resolved by someone else: the ledger's expiry (a hold left past its time). Recorded as it is.
      const s = outcome.details?.status;
      status = s === 'posted' || s === 'voided' || s === 'expired' ? s : 'expired';
      if (status !== (action === 'post' ? 'posted' : 'voided'))
        deps.logger.error({ code, holdId: hold.holdId, action, status }, 'room hold was resolved otherwise');
    } else if (outcome.status === 'rejected' && outcome.reason === 'hold_not_found' && action === 'void') status = 'voided';
    if (!status) {
      deps.logger.error(
        { code, holdId: hold.holdId, action, reason: outcome.status === 'rejected' ? outcome.reason : null },
        'room hold not resolved; the sweeper will retry',
      );
      return { ok: false, position: null };
    }
    return {
      ok: true,
      position: await record(deps, cause, code, hold.holdId, { type: 'RoomHoldResolved', data: { holdId: hold.holdId, status, at } }),
    };
  }
  const { transfer } = step;
  const outcome = await deps.ledger.send(
    ledgerEnvelope(cause, 'Transfer', uuidFrom('room-ledger', transfer.transferId, 'transfer'), {
      transferId: transfer.transferId,
      from: transfer.from,
      to: transfer.to,
      amount: transfer.amount,
      reason: transfer.reason,
      matchId: transfer.matchId,
    }),
  );
  if (outcome.status === 'rejected') {
    deps.logger.error({ code, transferId: transfer.transferId, reason: outcome.reason }, 'room transfer refused; the sweeper will retry');
    return { ok: false, position: null };
  }
  return {
    ok: true,
    position: await record(deps, cause, code, transfer.transferId, {
      type: 'RoomTransferDone',
      data: { transferId: transfer.transferId, at },
    }),
  };
}

/**
 * Runs every ledger step the room owes until none is left (or the ledger refuses one: the sweeper retries later).
 * Call under the room's lock. A ledger that cannot be reached throws: the caller's retry resumes here.
 */
export async function settleRoomMoney(deps: HandlerDeps, cause: CommandEnvelope, code: string): Promise<Position | null> {
  let position: Position | null = null;
  for (let pass = 0; pass < MAX_LEDGER_PASSES; pass += 1) {
    const { state } = await loadRoom(deps.store, code);
    if (!state) return position;
    const steps = pendingLedgerSteps(state);
    if (steps.length === 0) return position;
    let progressed = false;
    for (const step of steps) {
      const result = await runStep(deps, cause, code, step);
      position = later(position, result.position);
      progressed ||= result.ok;
    }
    if (!progressed) return position;
  }
  return position;
}

// The handlers -----------------------------------------------------------------------------------------------------

/** Creates a room at the code derived from the command id (the next derivation when one is taken). */
export function createRoom(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'CreateRoom'>,
): Promise<HandlerResult> {
  const { password, userId, ...settings } = payload;
  const attempt = async (n: number): Promise<HandlerResult> => {
    if (n >= ROOM_CODE_ATTEMPTS) throw new Error('no free room code after many attempts');
    const code = roomCodeFor(command.commandId, n);
    const existing = await loadRoom(deps.store, code);
    if (existing.state && existing.createdBy !== command.commandId) return attempt(n + 1);
    let passwordHash: string | null = null;
    const result = await runRoomCommand(deps, command, {
      code,
      plan: async ({ state, createdBy }) => {
        if (state) return createdBy === command.commandId ? { events: [] } : { reason: 'room_exists' }; // ours already, or lost a race for the code
        if (password !== undefined && passwordHash === null) passwordHash = await hashPassword(password);
        const events = decideRoom(
          {
            type: 'CreateRoom',
            data: {
              code,
              matchId: uuidFrom('room-match', code, command.commandId),
              userId,
              settings,
              passwordLength: password === undefined ? null : [...password].length,
              passwordHash,
              at: command.issuedAt,
            },
          },
          state,
        );
        return isRejection(events) ? events : { events };
      },
    });
    if (result.outcome.status === 'rejected' && result.outcome.reason === 'room_exists') return attempt(n + 1);
    return result;
  };
  return attempt(0);
}

export async function joinRoom(
  deps: HandlerDeps,
  command: CommandEnvelope,
  payload: GameEngineCommandPayload<'JoinRoom'>,
): Promise<HandlerResult> {
  const { code, userId, password } = payload;
  return runRoomCommand(deps, command, {
    code,
    plan: async ({ state }) => {
      let check: 'none' | 'valid' | 'invalid' = 'none';
      if (password !== undefined && state?.passwordHash) check = (await verifyPassword(password, state.passwordHash)) ? 'valid' : 'invalid';
      const events = decideRoom({ type: 'JoinRoom', data: { userId, password: check, at: command.issuedAt } }, state);
      return isRejection(events) ? events : { events };
    },
  });
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
    respond: (state) => (p.accept ? roomAnswer(command, state) : succeeded(command.commandId, { room: null })),
  });

/** The answer of a request that held tokens: its refusal (e.g. insufficient_tokens) if the ledger said no. */
function requestAnswer(command: CommandEnvelope, state: RoomState, requestIds: readonly string[]): CommandOutcome {
  for (const id of requestIds) {
    const outcome = state.requests[id];
    if (outcome && typeof outcome === 'object') return rejected(command.commandId, outcome.refused);
  }
  return roomAnswer(command, state);
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
    respond: (state) => requestAnswer(command, state, [command.commandId]),
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
    respond: (state) => (p.accept ? requestAnswer(command, state, stakeRequestsOf(state, p.userId)) : roomAnswer(command, state)),
  });

export const expireBet = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'ExpireBet'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'ExpireBet', data: { proposalId: p.proposalId, at: command.issuedAt } })),
  });

export const startRematch = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'StartRematch'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({
      type: 'StartRematch',
      data: { userId: p.userId, matchId: uuidFrom('room-match', p.code, command.commandId), at: command.issuedAt },
    })),
    respond: (state) => roomAnswer(command, state, { matchId: state.matchId }),
  });

export const setPresence = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'SetPresence'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: decided(() => ({ type: 'SetPresence', data: { userId: p.userId, online: p.online, at: command.issuedAt } })),
  });

/** Folds extra events onto a state (what the room will be once an append lands). */
export const foldOnto = (state: RoomState, events: readonly RoomEvent[]): RoomState =>
  events.reduce<RoomState>((s, e) => evolveRoom(s, e) ?? s, state);
