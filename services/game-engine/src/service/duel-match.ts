/**
 * A room's match: the word duel on its own stream `duel-<matchId>` (DuelStarted holds the seed and WordSet the
 * words, so the stream never leaves the engine). The room stays the process manager of the money: whatever in
 * the duel changes the room (a forfeit, the end) is appended to the room stream in the same atomic append, so
 * the room and its match can never disagree, and the ledger steps follow under the room's lock.
 *
 * Timers: TimeoutTurn / EndMatchOnTime come from the sweeper with `issuedAt` = the deadline, so a replay or a
 * restart does the same; a stale one (the turn moved on) is a no-op, an early one `deadline_not_reached`.
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
import { ROOM_RECONNECT_GRACE_MS } from '../config.ts';
import {
  DUEL_DURATION_SECONDS,
  DUEL_TURN_SECONDS,
  DuelEvent,
  decide as decideDuel,
  evolve as evolveDuel,
  fold as foldDuel,
  isDuelRejection,
  startEvents,
  viewFor as duelViewFor,
  type DuelCommand,
  type DuelState,
  type DuelView,
} from '../games/hangman-duel/index.ts';
import { decideRoom, isRejection, type RoomRejection } from '../rooms/decide.ts';
import type { RoomEvent } from '../rooms/events.ts';
import { playerOf, type RoomState } from '../rooms/state.ts';
import { crazyLeavePlan, crazyStartAppend } from './crazy-match.ts';
import { gameStream, type LoadedGame } from './game-stream.ts';
import type { HandlerResult } from './handlers.ts';
import {
  decided,
  foldOnto,
  loadRoom,
  roomAnswer,
  roomAppend,
  roomLockKey,
  runRoomCommand,
  settleRoomMoney,
  type LoadedRoom,
} from './rooms.ts';
import { AGAIN, appendAll, eventsOf, withRetries, type HandlerDeps } from './shell.ts';

const duelStream = gameStream({ streamType: 'duel-match', prefix: 'duel-', events: DuelEvent, fold: foldDuel, evolve: evolveDuel });

export type LoadedDuel = LoadedGame<DuelEvent, DuelState>;
/** loadDuel: the match folded from its stream; a load reads only what was appended since the last (game-stream.ts). */
export const {
  STREAM_TYPE: DUEL_STREAM_TYPE,
  PREFIX: DUEL_STREAM_PREFIX,
  streamId: duelStreamId,
  parse: parseDuelEvent,
  load: loadDuel,
  cached: cachedDuel,
} = duelStream;

const duelAppend = (
  matchId: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: CommandEnvelope,
  events: readonly DuelEvent[],
): StreamAppend => ({
  streamId: duelStreamId(matchId),
  streamType: DUEL_STREAM_TYPE,
  expectedVersion,
  events: eventsOf(command, duelStreamId(matchId), events),
});

const answer = (outcome: CommandOutcome, position: Position | null = null, changesReadModel = true): HandlerResult => ({
  outcome,
  position,
  changesReadModel,
});
const foldDuelOnto = (state: DuelState, events: readonly DuelEvent[]): DuelState => events.reduce(evolveDuel, state);

/** The room events that follow from duel events: forfeits for 3 timeouts in a row, and the end of the match. */
export function roomFollowUps(room: RoomState, duelEvents: readonly DuelEvent[], after: DuelState, at: string): RoomEvent[] {
  let state = room;
  const events: RoomEvent[] = [];
  const add = (more: RoomEvent[] | RoomRejection) => {
    if (isRejection(more)) return;
    events.push(...more);
    state = foldOnto(state, more);
  };
  for (const event of duelEvents) {
    if (event.type === 'PlayerRemoved' && event.data.reason === 'timeouts')
      add(decideRoom({ type: 'RemoveFromMatch', data: { userId: event.data.playerId, at: event.data.at } }, state));
  }
  if (after.status === 'finished' && duelEvents.some((e) => e.type === 'DuelFinished')) {
    add(
      decideRoom(
        { type: 'FinishMatch', data: { matchId: after.matchId, winners: after.winners, scores: after.scores, at: after.finishedAt ?? at } },
        state,
      ),
    );
  }
  return events;
}

// Start and leave (room commands that touch the match) ---------------------------------------------------------------

export const startRoomMatch = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'StartRoomMatch'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: ({ state }: LoadedRoom) => {
      const events = decideRoom({ type: 'StartRoomMatch', data: { userId: p.userId, at: command.issuedAt } }, state);
      if (isRejection(events) || !state) return isRejection(events) ? events : { reason: 'room_not_found' };
      const started = events.find((e): e is Extract<RoomEvent, { type: 'MatchStarted' }> => e.type === 'MatchStarted')!;
      // Crazy (issue 7): the same start, its own match stream.
      if (state.settings.game === 'crazy')
        return { events, extra: [crazyStartAppend(command, state, started.data.matchId, started.data.players, deps.newSeed())] };
      const { gameDuration, language } = state.settings;
      const duel = startEvents(
        {
          matchId: started.data.matchId,
          roomCode: state.code,
          language,
          players: started.data.players,
          turnMs: DUEL_TURN_SECONDS[gameDuration] * 1000,
          durationMs: DUEL_DURATION_SECONDS[gameDuration] * 1000,
          startedAt: command.issuedAt,
        },
        deps.newSeed(),
      );
      return { events, extra: [duelAppend(started.data.matchId, 'no_stream', command, duel)] };
    },
    respond: (state) => roomAnswer(command, state, { matchId: state.matchId }),
  });

export const leaveRoom = (deps: HandlerDeps, command: CommandEnvelope, p: GameEngineCommandPayload<'LeaveRoom'>) =>
  runRoomCommand(deps, command, {
    code: p.code,
    plan: async (loaded: LoadedRoom) => {
      const { state } = loaded;
      const plain = decided(() => ({ type: 'LeaveRoom', data: { userId: p.userId, at: command.issuedAt } }))(loaded);
      if (isRejection(plain) || !state || state.status !== 'in_progress' || playerOf(state, p.userId)?.status !== 'playing') return plain;
      if (state.settings.game === 'crazy') {
        // Leaving a started Crazy match: RemovePlayer there (a forfeit), and perhaps its end.
        const left = await crazyLeavePlan(deps, command, foldOnto(state, plain.events), state.matchId, p.userId);
        return left ? { events: [...plain.events, ...left.followUps], extra: [left.append] } : plain;
      }
      // Leaving a started match: a forfeit in the duel too, and perhaps its end.
      const duel = await loadDuel(deps.store, state.matchId);
      if (!duel.state || duel.state.status !== 'playing') return plain;
      const removed = decideDuel({ type: 'RemovePlayer', data: { playerId: p.userId, at: command.issuedAt, reason: 'left' } }, duel.state);
      if (isDuelRejection(removed) || removed.length === 0) return plain;
      const roomAfterLeave = foldOnto(state, plain.events);
      const followUps = roomFollowUps(roomAfterLeave, removed, foldDuelOnto(duel.state, removed), command.issuedAt);
      return { events: [...plain.events, ...followUps], extra: [duelAppend(state.matchId, duel.version!, command, removed)] };
    },
  });

// Moves and timers -----------------------------------------------------------------------------------------------

/** The duel's turn deadline as the room sees it: an offline current player's turn ends once their grace is over. */
export function effectiveTurnDeadline(
  duel: Pick<DuelState, 'turnDeadline' | 'turnMs' | 'currentPlayer'>,
  room: RoomState | null,
): string | null {
  if (!duel.turnDeadline) return null;
  const current = duel.currentPlayer && room ? playerOf(room, duel.currentPlayer) : undefined;
  if (!current || current.online || !current.offlineSince) return duel.turnDeadline;
  const turnStart = Date.parse(duel.turnDeadline) - duel.turnMs;
  const graceOver = Date.parse(current.offlineSince) + ROOM_RECONNECT_GRACE_MS;
  const early = Math.max(turnStart, graceOver);
  return early < Date.parse(duel.turnDeadline) ? new Date(early).toISOString() : duel.turnDeadline;
}

/** Runs one duel command under the room's lock; what it changes in the room is appended with it. */
async function runDuelCommand(
  deps: HandlerDeps,
  command: CommandEnvelope,
  matchId: string,
  roomCode: string,
  toDuel: (duel: DuelState, room: RoomState) => DuelCommand | RoomRejection | null,
  viewerId: string | null,
): Promise<HandlerResult> {
  return deps.locks.run([roomLockKey(roomCode)], async () => {
    const result = await withRetries(async () => {
      const [duel, room] = await Promise.all([loadDuel(deps.store, matchId), loadRoom(deps.store, roomCode)]);
      if (!duel.state || !room.state) return answer(rejected(command.commandId, 'match_not_found'), null, false);
      const view = (state: DuelState) => duelViewFor(state, viewerId) as unknown as JsonObject;
      if (duel.commandIds.has(command.commandId)) return answer(succeeded(command.commandId, { view: view(duel.state) }), null, false);
      const core = toDuel(duel.state, room.state);
      if (core === null) return answer(succeeded(command.commandId, { view: view(duel.state) }), null, false);
      if ('reason' in core) return answer(rejected(command.commandId, core.reason, core.details as JsonObject | undefined), null, false);
      const events = decideDuel(core, duel.state);
      if (isDuelRejection(events)) return answer(rejected(command.commandId, events), null, false);
      if (events.length === 0) return answer(succeeded(command.commandId, { view: view(duel.state) }), null, false);
      const after = foldDuelOnto(duel.state, events);
      const followUps = roomFollowUps(room.state, events, after, command.issuedAt);
      const appends = [duelAppend(matchId, duel.version!, command, events)];
      if (followUps.length > 0) appends.push(roomAppend(roomCode, room.version!, command, followUps));
      const position = await appendAll(deps.store, appends);
      if (!position) return AGAIN;
      // Only room changes matter to the read model's readers; a plain move answers without waiting for it.
      return answer(succeeded(command.commandId, { view: view(after) }), position, followUps.length > 0);
    });
    // Only a move that changed the room (a forfeit, the end) leaves ledger steps to run.
    if (result.position && result.changesReadModel) await settleRoomMoney(deps, command, roomCode);
    return result;
  });
}

/** The room of a duel match, from its first event; null when the match is no duel. */
export async function duelRoomOf(store: EventStore, matchId: string): Promise<string | null> {
  const known = duelStream.cached(store, matchId)?.state?.roomCode;
  if (known) return known;
  const first = (await store.readStream(duelStreamId(matchId), { limit: 1 })).at(0);
  if (!first || first.type !== 'DuelStarted') return null;
  return String(first.data.roomCode);
}

export function duelMove(
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'MakeMove'>,
  roomCode: string,
): Promise<HandlerResult> {
  const at = command.issuedAt;
  const { userId, move } = p;
  return runDuelCommand(
    deps,
    command,
    p.matchId,
    roomCode,
    (duel) => {
      if (!duel.players.some((pl) => pl.id === userId)) return { reason: 'not_your_match' };
      switch (move.type) {
        case 'set_word':
          return { type: 'SetWord', data: { playerId: userId, word: move.word, at } };
        case 'guess':
          return { type: 'GuessLetter', data: { playerId: userId, letter: move.letter, at } };
        case 'hint':
          return { type: 'UseHint', data: { playerId: userId, at } };
        default:
          return { reason: 'move_not_for_this_game' };
      }
    },
    userId,
  );
}

export function timeoutTurn(
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'TimeoutTurn'>,
  roomCode: string,
): Promise<HandlerResult> {
  return runDuelCommand(
    deps,
    command,
    p.matchId,
    roomCode,
    (duel, room) => {
      if (duel.status !== 'playing' || duel.turn !== p.turn) return null; // stale timer: the turn moved on
      const deadline = effectiveTurnDeadline(duel, room);
      if (!deadline) return null;
      if (Date.parse(command.issuedAt) < Date.parse(deadline)) return { reason: 'deadline_not_reached', details: { deadline } };
      return { type: 'TimeoutTurn', data: { turn: p.turn, at: command.issuedAt } };
    },
    null,
  );
}

export function endMatchOnTime(
  deps: HandlerDeps,
  command: CommandEnvelope,
  p: GameEngineCommandPayload<'EndMatchOnTime'>,
  roomCode: string,
): Promise<HandlerResult> {
  return runDuelCommand(
    deps,
    command,
    p.matchId,
    roomCode,
    (duel) => (duel.status !== 'playing' ? null : { type: 'EndOnTime', data: { at: command.issuedAt } }),
    null,
  );
}

/** The view of a duel for one viewer (null: a spectator's). */
export const duelView = (state: DuelState, viewerId: string | null): DuelView => duelViewFor(state, viewerId);
