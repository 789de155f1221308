/**
 * The common shape of a room command: load the room, decide, append at the version read (optimistic concurrency;
 * a lost race reloads and decides again), then run the ledger steps the room owes (room-money.ts).
 *
 * Idempotency: event ids come from the command id, so a retried command appends nothing new, and the ledger steps
 * are keyed by hold and transfer ids, so they move nothing twice. A crash between the decision and the ledger (or
 * between two ledger steps) leaves the steps in the room's state: the retry of the command, the next command on
 * the room, or the sweeper carries them out.
 */
import {
  rejected,
  succeeded,
  type CommandEnvelope,
  type CommandOutcome,
  type JsonObject,
  type Position,
  type StreamAppend,
} from '@qal/events';
import { decideRoom, isRejection, type RoomCommand, type RoomRejection } from '../rooms/decide.ts';
import type { RoomEvent } from '../rooms/events.ts';
import type { RoomState } from '../rooms/state.ts';
import { roomView } from '../rooms/view.ts';
import { answer, later, type HandlerResult } from './handler-result.ts';
import { settleRoomMoney } from './room-money.ts';
import { loadRoom, roomAppend, roomLockKey, roomVersionOf, type LoadedRoom } from './room-store.ts';
import { AGAIN, appendAll, withRetries, type HandlerDeps } from './shell.ts';

/** What a room command appends besides its room events (the match stream at a start or a forfeit). */
export interface RoomPlan {
  readonly events: readonly RoomEvent[];
  readonly extra?: readonly StreamAppend[];
}

export interface RoomCommandSpec {
  readonly code: string;
  /** Decides on the loaded room; may add appends to other streams (atomically with the room's). */
  readonly plan: (loaded: LoadedRoom) => Promise<RoomPlan | RoomRejection> | RoomPlan | RoomRejection;
  /**
   * The answer once the command's events and ledger steps are stored (default: `{ room }`), from the room as read
   * then and its version (roomVersionOf).
   */
  readonly respond?: (state: RoomState, version: number) => CommandOutcome;
}

/**
 * `{ room }` with the room's version: the answer is read before the command's wait for the read model, and another
 * command on the room may run meanwhile, its push reaching the player first. The version tells the client which
 * of the two views is the newer one.
 */
export const roomAnswer = (command: CommandEnvelope, state: RoomState, version: number, extra: JsonObject = {}): CommandOutcome =>
  succeeded(command.commandId, { room: roomView(state, version) as unknown as JsonObject, ...extra });

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
    const loaded = await loadRoom(deps.store, spec.code);
    const { state } = loaded;
    if (!state) return answer(rejected(command.commandId, 'room_not_found'), null, false);
    const version = roomVersionOf(loaded);
    return answer(spec.respond ? spec.respond(state, version) : roomAnswer(command, state, version), later(decided.position, settled));
  });
}

/** A plan from the pure decider alone. */
export const decided =
  (toCommand: (state: RoomState | null) => RoomCommand) =>
  ({ state }: LoadedRoom): RoomPlan | RoomRejection => {
    const events = decideRoom(toCommand(state), state);
    return isRejection(events) ? events : { events };
  };
