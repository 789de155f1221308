/**
 * A room's match, for any room game of the registry: the game on its own stream (`<prefix><matchId>`, holding its
 * server seed and secrets, so the stream never leaves the engine), the room as the process manager of the money. Whatever
 * in the match changes the room (a removal for timeouts, the end) is appended to the room stream in the same atomic
 * append, so the room and its match never disagree, and the room's ledger steps follow under the room's lock.
 *
 * Timers: TimeoutTurn / EndMatchOnTime come from the sweeper with `issuedAt` = the deadline, so a replay or a
 * restart does the same; a stale one (the turn moved on) is a no-op, an early one `deadline_not_reached`.
 */
import {
  PartialDuplicateError,
  rejected,
  succeeded,
  WrongExpectedVersionError,
  type CommandEnvelope,
  type EventStore,
  type GameEngineCommandPayload,
  type JsonObject,
  type StreamAppend,
} from '@qal/events';
import { ROOM_RECONNECT_GRACE_MS } from '../config.ts';
import type { GameEvent, MatchClock, RoomGameModule } from '../games/module.ts';
import { decideRoom, isRejection, type RoomRejection } from '../rooms/decide.ts';
import type { RoomEvent } from '../rooms/events.ts';
import { playerOf, type RoomState } from '../rooms/state.ts';
import { gameStream, type GameStream, type LoadedGame } from './game-stream.ts';
import { answer, type HandlerResult } from './handler-result.ts';
import { settleRoomMoney } from './room-money.ts';
import { cachedRoom, foldOnto, loadRoom, roomAppend, roomLockKey, roomVersionCheck, type LoadedRoom } from './room-store.ts';
import { AGAIN, eventsOf, lastPosition, withRetries, type HandlerDeps } from './shell.ts';

const streams = new WeakMap<RoomGameModule, GameStream<GameEvent, unknown>>();

/** The module's match stream: its id, parse and the folded load every command and query starts from. */
export function matchStream(module: RoomGameModule): GameStream<GameEvent, unknown> {
  let stream = streams.get(module);
  if (!stream) streams.set(module, (stream = gameStream(module.stream, (state) => module.clockOf(state).status !== 'playing')));
  return stream;
}

export const loadRoomMatch = (store: EventStore, module: RoomGameModule, matchId: string): Promise<LoadedGame<GameEvent, unknown>> =>
  matchStream(module).load(store, matchId);

const matchAppend = (
  module: RoomGameModule,
  matchId: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: CommandEnvelope,
  events: readonly GameEvent[],
): StreamAppend => {
  const streamId = matchStream(module).streamId(matchId);
  return { streamId, streamType: module.stream.streamType, expectedVersion, events: eventsOf(command, streamId, events) };
};

/**
 * The match's first append at a room's start, from a server seed the shell drew: only its commitment is shown
 * (every player's view) until the match is over.
 */
export function matchStartAppend(
  module: RoomGameModule,
  command: CommandEnvelope,
  room: RoomState,
  matchId: string,
  players: readonly string[],
  serverSeed: string,
): StreamAppend {
  const { gameDuration, language } = room.settings;
  const events = module.start({ matchId, roomCode: room.code, players, gameDuration, language, startedAt: command.issuedAt }, serverSeed);
  return matchAppend(module, matchId, 'no_stream', command, events);
}

/** The room events that follow from a match's events: forfeits for timeouts in a row, and the end of the match. */
export function roomFollowUps(
  module: RoomGameModule,
  room: RoomState,
  events: readonly GameEvent[],
  after: unknown,
  at: string,
): RoomEvent[] {
  let state = room;
  const out: RoomEvent[] = [];
  const add = (more: RoomEvent[] | RoomRejection) => {
    if (isRejection(more)) return;
    out.push(...more);
    state = foldOnto(state, more);
  };
  for (const removed of module.removedForTimeouts(events))
    add(decideRoom({ type: 'RemoveFromMatch', data: { userId: removed.playerId, at: removed.at } }, state));
  const outcome = module.outcomeOf(after, events);
  if (outcome) {
    const { winners, scores, finishedAt } = outcome;
    add(decideRoom({ type: 'FinishMatch', data: { matchId: room.matchId, winners, scores, at: finishedAt ?? at } }, state));
  }
  return out;
}

/**
 * A player leaving a started match (the room's LeaveRoom plan): the game's forfeit, and what follows in the room
 * (perhaps the end). Null when the match has nothing to do (over already, or the player is out).
 */
export async function matchLeavePlan(
  deps: HandlerDeps,
  module: RoomGameModule,
  command: CommandEnvelope,
  roomAfterLeave: RoomState,
  matchId: string,
  userId: string,
): Promise<{ followUps: RoomEvent[]; append: StreamAppend } | null> {
  const match = await loadRoomMatch(deps.store, module, matchId);
  if (!match.state || module.clockOf(match.state).status !== 'playing') return null;
  const stepped = module.step(module.leaveCommand(userId, command.issuedAt), match.state);
  if (typeof stepped === 'string' || stepped.events.length === 0) return null;
  return {
    followUps: roomFollowUps(module, roomAfterLeave, stepped.events, stepped.state, command.issuedAt),
    append: matchAppend(module, matchId, match.version!, command, stepped.events),
  };
}

/** The turn's deadline as the room sees it: an offline current player's turn ends once their grace is over. */
export function effectiveTurnDeadline(
  clock: Pick<MatchClock, 'turnDeadline' | 'turnMs' | 'currentPlayer'>,
  room: RoomState | null,
): string | null {
  if (!clock.turnDeadline) return null;
  const current = clock.currentPlayer && room ? playerOf(room, clock.currentPlayer) : undefined;
  if (!current || current.online || !current.offlineSince) return clock.turnDeadline;
  const turnStart = Date.parse(clock.turnDeadline) - clock.turnMs;
  const graceOver = Date.parse(current.offlineSince) + ROOM_RECONNECT_GRACE_MS;
  const early = Math.max(turnStart, graceOver);
  return early < Date.parse(clock.turnDeadline) ? new Date(early).toISOString() : clock.turnDeadline;
}

/** The room of a match, from its first event (or the folded cache); null when no such match was started. */
export async function roomOfMatch(store: EventStore, module: RoomGameModule, matchId: string): Promise<string | null> {
  const stream = matchStream(module);
  const known = stream.cached(store, matchId)?.state;
  if (known) return module.roomCodeOf(known);
  const first = (await store.readStream(stream.streamId(matchId), { limit: 1 })).at(0);
  const parsed = first ? stream.parse(first) : null;
  return parsed && parsed.type === module.stream.startType ? module.roomCodeOf(module.stream.fold([parsed])) : null;
}

type ToCommand = (match: unknown, room: RoomState) => unknown | RoomRejection | null;

/** A match and its room, folded. */
interface Folds {
  readonly match: LoadedGame<GameEvent, unknown>;
  readonly room: LoadedRoom;
}

/** What a match command is: the game, the command, its match and room, what the game is asked, and who sees the answer. */
interface MatchCommand {
  readonly module: RoomGameModule;
  readonly command: CommandEnvelope;
  readonly matchId: string;
  readonly roomCode: string;
  readonly toCommand: ToCommand;
  readonly viewerId: string | null;
}

/**
 * Runs one match command under the room's lock; what it changes in the room is appended with it. It decides first on
 * the match and the room as this process folded them last, without reading the store (decideOnFolded); when that
 * does not end in an append, it decides again on what it reads.
 */
async function runMatchCommand(
  deps: HandlerDeps,
  module: RoomGameModule,
  command: CommandEnvelope,
  matchId: string,
  toCommand: ToCommand,
  viewerId: string | null,
): Promise<HandlerResult> {
  const roomCode = await roomOfMatch(deps.store, module, matchId);
  if (!roomCode) return answer(rejected(command.commandId, 'match_not_found'), null, false);
  const spec: MatchCommand = { module, command, matchId, roomCode, toCommand, viewerId };
  return deps.locks.run([roomLockKey(roomCode)], async () => {
    const result =
      (await decideOnFolded(deps, spec)) ??
      (await withRetries(async () => {
        const [match, room] = await Promise.all([loadRoomMatch(deps.store, module, matchId), loadRoom(deps.store, roomCode)]);
        return decideAndAppend(deps, spec, { match, room });
      }));
    // Only a move that changed the room (a forfeit, the end) leaves ledger steps to run.
    if (result.position && result.changesReadModel) await settleRoomMoney(deps, command, roomCode);
    return result;
  });
}

/**
 * The command decided on the folds this process holds, unread: every room's work runs under its lock here, so they
 * are current unless another engine instance appended meanwhile (a partition moved), and the append checks both
 * streams' versions, so it lands only if they were. Anything but an append is null, to be decided again on a read:
 * a stale fold must not refuse a player, nor answer a repeated command with an old view.
 */
async function decideOnFolded(deps: HandlerDeps, spec: MatchCommand): Promise<HandlerResult | null> {
  const match = matchStream(spec.module).cached(deps.store, spec.matchId);
  const room = cachedRoom(deps.store, spec.roomCode);
  if (!match || !room) return null;
  try {
    const result = await decideAndAppend(deps, spec, { match, room });
    return result !== AGAIN && result.position ? result : null;
  } catch (error) {
    // A newer fold would have decided otherwise: a moved stream, or a command another instance already stored.
    if (error instanceof WrongExpectedVersionError || error instanceof PartialDuplicateError) return null;
    throw error;
  }
}

/** Decides the command on the folds and appends its events at their versions, the room's checked even when unchanged. */
async function decideAndAppend(deps: HandlerDeps, spec: MatchCommand, { match, room }: Folds): Promise<HandlerResult | typeof AGAIN> {
  const { module, command, matchId, roomCode } = spec;
  if (!match.state || !room.state) return answer(rejected(command.commandId, 'match_not_found'), null, false);
  const view = (state: unknown) => module.viewFor(state, spec.viewerId) as JsonObject;
  const unchanged = () => answer(succeeded(command.commandId, { view: view(match.state) }), null, false);
  if (match.commandIds.has(command.commandId)) return unchanged();
  const core = spec.toCommand(match.state, room.state);
  if (core === null) return unchanged();
  if (isRejection(core)) return answer(rejected(command.commandId, core.reason, core.details as JsonObject | undefined), null, false);
  const stepped = module.step(core, match.state);
  if (typeof stepped === 'string') return answer(rejected(command.commandId, stepped), null, false);
  if (stepped.events.length === 0) return unchanged();
  const followUps = roomFollowUps(module, room.state, stepped.events, stepped.state, command.issuedAt);
  const appended = await deps.store.append([
    matchAppend(module, matchId, match.version!, command, stepped.events),
    followUps.length > 0 ? roomAppend(roomCode, room.version!, command, followUps) : roomVersionCheck(roomCode, room.version!),
  ]);
  if (appended.outcome === 'duplicate') return AGAIN;
  const position = lastPosition(appended.events);
  if (!position) return AGAIN;
  matchStream(module).remember(deps.store, matchId, match, {
    events: stepped.events,
    state: stepped.state,
    commandId: command.commandId,
    stored: appended.events,
  });
  // Only room changes matter to the read model's readers; a plain move answers without waiting for it.
  return answer(succeeded(command.commandId, { view: view(stepped.state) }), position, followUps.length > 0);
}

export function roomMatchMove(
  deps: HandlerDeps,
  module: RoomGameModule,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'MakeMove'>,
) {
  return runMatchCommand(
    deps,
    module,
    command,
    p.matchId,
    (match) => {
      if (!module.playerIds(match).includes(p.userId)) return { reason: 'not_your_match' };
      const core = module.moveCommand(p.move, p.userId, command.issuedAt);
      return typeof core === 'string' ? { reason: core } : core;
    },
    p.userId,
  );
}

export function roomMatchTimeout(
  deps: HandlerDeps,
  module: RoomGameModule,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'TimeoutTurn'>,
) {
  return runMatchCommand(
    deps,
    module,
    command,
    p.matchId,
    (match, room) => {
      const clock = module.clockOf(match);
      if (clock.status !== 'playing' || clock.turn !== p.turn) return null; // stale timer: the turn moved on
      const deadline = effectiveTurnDeadline(clock, room);
      if (!deadline) return null;
      if (Date.parse(command.issuedAt) < Date.parse(deadline)) return { reason: 'deadline_not_reached', details: { deadline } };
      return module.timeoutCommand(p.turn, command.issuedAt);
    },
    null,
  );
}

export function roomMatchEndOnTime(
  deps: HandlerDeps,
  module: RoomGameModule,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'EndMatchOnTime'>,
) {
  return runMatchCommand(
    deps,
    module,
    command,
    p.matchId,
    (match) => (module.clockOf(match).status !== 'playing' ? null : module.endOnTimeCommand(command.issuedAt)),
    null,
  );
}
