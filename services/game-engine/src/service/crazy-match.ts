/**
 * A room's Crazy match on its own stream `crazy-<matchId>` (CrazyStarted holds the seed, every hand and the deck
 * order, so the stream never leaves the engine; clients get games/crazy viewFor()). Everything else is the word
 * duel's machinery (duel-match.ts): the room is the process manager of the money, so whatever in the match changes
 * the room (a removal for timeouts, the end) is appended to the room stream in the same atomic append, under the
 * room's lock, and the room's ledger steps follow. Timers: the sweeper reads engine_duels (Crazy rows live there
 * too, `turn` = turnNumber, no match deadline) and sends TimeoutTurn with `issuedAt` = the (effective) deadline.
 */
import {
  rejected,
  succeeded,
  type CommandEnvelope,
  type CommandOutcome,
  type EventStore,
  type GameEngineCommandPayload,
  type JsonObject,
  type Position,
  type StreamAppend,
} from '@qal/events';
import {
  CrazyEvent,
  crazyTurnMsOf,
  moveToCommand,
  startEvents,
  step as stepCrazy,
  evolve as evolveCrazy,
  fold as foldCrazy,
  viewFor as crazyViewFor,
  winnersOf,
  type CrazyCommand,
  type CrazyMove,
  type CrazyState,
} from '../games/crazy/index.ts';
import { decideRoom, isRejection, type RoomRejection } from '../rooms/decide.ts';
import type { RoomEvent } from '../rooms/events.ts';
import type { RoomState } from '../rooms/state.ts';
import { gameStream, type LoadedGame } from './game-stream.ts';
import type { HandlerResult } from './handlers.ts';
import { foldOnto, loadRoom, roomAppend, roomLockKey, settleRoomMoney } from './rooms.ts';
import { AGAIN, appendAll, eventsOf, withRetries, type HandlerDeps } from './shell.ts';

const crazyStream = gameStream({ streamType: 'crazy-match', prefix: 'crazy-', events: CrazyEvent, fold: foldCrazy, evolve: evolveCrazy });

export type LoadedCrazy = LoadedGame<CrazyEvent, CrazyState>;
/** loadCrazy: the match folded from its stream; a load reads only what was appended since the last (game-stream.ts). */
export const {
  STREAM_TYPE: CRAZY_STREAM_TYPE,
  PREFIX: CRAZY_STREAM_PREFIX,
  streamId: crazyStreamId,
  parse: parseCrazyEvent,
  load: loadCrazy,
  cached: cachedCrazy,
} = crazyStream;

/** The room of a Crazy match, from its first event; null when the match is no Crazy match. */
export async function crazyRoomOf(store: EventStore, matchId: string): Promise<string | null> {
  const known = crazyStream.cached(store, matchId)?.state?.roomCode;
  if (known) return known;
  const first = (await store.readStream(crazyStreamId(matchId), { limit: 1 })).at(0);
  if (!first || first.type !== 'CrazyStarted') return null;
  return String(first.data.roomCode);
}

export const crazyAppend = (
  matchId: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: CommandEnvelope,
  events: readonly CrazyEvent[],
): StreamAppend => ({
  streamId: crazyStreamId(matchId),
  streamType: CRAZY_STREAM_TYPE,
  expectedVersion,
  events: eventsOf(command, crazyStreamId(matchId), events),
});

/** The match's first append at a room's start: dealt from a seed the shell drew (never shown to anyone). */
export function crazyStartAppend(
  command: CommandEnvelope,
  room: RoomState,
  matchId: string,
  players: readonly string[],
  seed: string,
): StreamAppend {
  const events = startEvents(
    { matchId, roomCode: room.code, players, turnMs: crazyTurnMsOf(room.settings.gameDuration), startedAt: command.issuedAt },
    seed,
  );
  return crazyAppend(matchId, 'no_stream', command, events);
}

/** The room events that follow from Crazy events: forfeits for 3 timeouts in a row, and the end of the match. */
export function crazyRoomFollowUps(room: RoomState, events: readonly CrazyEvent[], after: CrazyState, at: string): RoomEvent[] {
  let state = room;
  const out: RoomEvent[] = [];
  const add = (more: RoomEvent[] | RoomRejection) => {
    if (isRejection(more)) return;
    out.push(...more);
    state = foldOnto(state, more);
  };
  for (const event of events) {
    if (event.type === 'PlayerRemoved' && event.data.reason === 'timeouts')
      add(decideRoom({ type: 'RemoveFromMatch', data: { userId: event.data.playerId, at: event.data.at } }, state));
  }
  if (after.status === 'finished' && events.some((e) => e.type === 'CrazyFinished')) {
    add(
      decideRoom(
        {
          type: 'FinishMatch',
          data: { matchId: after.matchId, winners: winnersOf(after), scores: after.scores, at: after.finishedAt ?? at },
        },
        state,
      ),
    );
  }
  return out;
}

/**
 * Leaving a started Crazy match (called from the room's LeaveRoom plan): RemovePlayer in the match, and what follows
 * in the room (perhaps the end). Null when the match has nothing to do (over already, or the player is out).
 */
export async function crazyLeavePlan(
  deps: HandlerDeps,
  command: CommandEnvelope,
  roomAfterLeave: RoomState,
  matchId: string,
  userId: string,
): Promise<{ followUps: RoomEvent[]; append: StreamAppend } | null> {
  const match = await loadCrazy(deps.store, matchId);
  if (!match.state || match.state.status !== 'playing') return null;
  const removed = stepCrazy({ type: 'RemovePlayer', data: { playerId: userId, at: command.issuedAt, reason: 'left' } }, match.state);
  if (typeof removed === 'string' || removed.events.length === 0) return null;
  return {
    followUps: crazyRoomFollowUps(roomAfterLeave, removed.events, removed.state, command.issuedAt),
    append: crazyAppend(matchId, match.version!, command, removed.events),
  };
}

const answer = (outcome: CommandOutcome, position: Position | null = null, changesReadModel = true): HandlerResult => ({
  outcome,
  position,
  changesReadModel,
});

/** Runs one Crazy command under the room's lock; what it changes in the room is appended with it. */
function runCrazyCommand(
  deps: HandlerDeps,
  command: CommandEnvelope,
  matchId: string,
  roomCode: string,
  toCrazy: (match: CrazyState, room: RoomState) => CrazyCommand | RoomRejection | null,
  viewerId: string | null,
): Promise<HandlerResult> {
  return deps.locks.run([roomLockKey(roomCode)], async () => {
    const result = await withRetries(async () => {
      const [match, room] = await Promise.all([loadCrazy(deps.store, matchId), loadRoom(deps.store, roomCode)]);
      if (!match.state || !room.state) return answer(rejected(command.commandId, 'match_not_found'), null, false);
      const view = (state: CrazyState) => crazyViewFor(state, viewerId) as unknown as JsonObject;
      if (match.commandIds.has(command.commandId)) return answer(succeeded(command.commandId, { view: view(match.state) }), null, false);
      const core = toCrazy(match.state, room.state);
      if (core === null) return answer(succeeded(command.commandId, { view: view(match.state) }), null, false);
      if ('reason' in core) return answer(rejected(command.commandId, core.reason, core.details as JsonObject | undefined), null, false);
      const stepped = stepCrazy(core, match.state);
      if (typeof stepped === 'string') return answer(rejected(command.commandId, stepped), null, false);
      if (stepped.events.length === 0) return answer(succeeded(command.commandId, { view: view(match.state) }), null, false);
      const followUps = crazyRoomFollowUps(room.state, stepped.events, stepped.state, command.issuedAt);
      const appends = [crazyAppend(matchId, match.version!, command, stepped.events)];
      if (followUps.length > 0) appends.push(roomAppend(roomCode, room.version!, command, followUps));
      const position = await appendAll(deps.store, appends);
      if (!position) return AGAIN;
      // The sweeper reads turns from the read model, so every Crazy append changes what it needs: but a plain move
      // need not wait for it (the next sweep catches up); only room changes do.
      return answer(succeeded(command.commandId, { view: view(stepped.state) }), position, followUps.length > 0);
    });
    if (result.position && result.changesReadModel) await settleRoomMoney(deps, command, roomCode);
    return result;
  });
}

const CRAZY_MOVE_TYPES: ReadonlySet<string> = new Set(['play', 'draw', 'pass', 'qeregn', 'crazy', 'face_penalty']);

export function crazyMove(
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'MakeMove'>,
  roomCode: string,
): Promise<HandlerResult> {
  const { userId, move } = p;
  return runCrazyCommand(
    deps,
    command,
    p.matchId,
    roomCode,
    (match) => {
      if (!match.players.some((pl) => pl.id === userId)) return { reason: 'not_your_match' };
      if (!CRAZY_MOVE_TYPES.has(move.type)) return { reason: 'move_not_for_this_game' };
      return moveToCommand(move as CrazyMove, userId, command.issuedAt);
    },
    userId,
  );
}

/** The turn deadline as the room sees it: an offline current player's turn ends once their grace is over. */
export type TurnTimed = Pick<CrazyState, 'turnDeadline' | 'turnMs' | 'currentPlayer'>;

export function crazyTimeoutTurn(
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'TimeoutTurn'>,
  roomCode: string,
  effectiveTurnDeadline: (match: TurnTimed, room: RoomState | null) => string | null,
): Promise<HandlerResult> {
  return runCrazyCommand(
    deps,
    command,
    p.matchId,
    roomCode,
    (match, room) => {
      if (match.status !== 'playing' || match.turnNumber !== p.turn) return null; // stale timer: the turn moved on
      const deadline = effectiveTurnDeadline(match, room);
      if (!deadline) return null;
      if (Date.parse(command.issuedAt) < Date.parse(deadline)) return { reason: 'deadline_not_reached', details: { deadline } };
      return { type: 'TimeoutTurn', data: { turn: p.turn, at: command.issuedAt } };
    },
    null,
  );
}
