/** Crazy, the Ethiopian card game, as a room game: the registry's entry (docs/product-rules.md, Crazy). */
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import { CRAZY_STREAM_PREFIX, type CrazyMove as WireCrazyMove, type GameMove } from '@qal/events';
import { CRAZY_ENTRY_FEE_TOKENS } from '../../config.ts';
import type { RejectionText, RoomGameModule } from '../module.ts';
import { evolve, fold, startEvents, step, winnersOf } from './decider.ts';
import { CRAZY_REJECTION_HTTP_STATUS, CRAZY_REJECTION_MESSAGES } from './messages.en-am.ts';
import { CRAZY_REJECTIONS, CrazyEvent, moveToCommand, type CrazyCommand, type CrazyRejection } from './messages.ts';
import { replaySteps } from './replay.ts';
import * as rules from './rules.ts';
import type { CrazyState } from './state.ts';
import { viewFor, type CrazyView } from './view.ts';

const CRAZY_MOVE_TYPES: ReadonlySet<string> = new Set<WireCrazyMove['type']>(['play', 'draw', 'pass', 'qeregn', 'crazy', 'face_penalty']);
const isCrazyMove = (move: GameMove): move is WireCrazyMove => CRAZY_MOVE_TYPES.has(move.type);

const rejections = Object.fromEntries(
  CRAZY_REJECTIONS.map((r) => [r, { status: CRAZY_REJECTION_HTTP_STATUS[r], ...CRAZY_REJECTION_MESSAGES[r] }]),
) as Record<CrazyRejection, RejectionText>;

export const crazyModule: RoomGameModule<CrazyState, CrazyEvent, CrazyCommand, CrazyView> = {
  kind: 'room',
  id: 'crazy',
  roomGame: 'crazy',
  viewKind: 'crazy',
  players: { min: rules.CRAZY_PLAYERS_MIN, max: rules.CRAZY_PLAYERS_MAX },
  entryFeeMin: CRAZY_ENTRY_FEE_TOKENS,
  rules,
  stream: { streamType: 'crazy-match', prefix: CRAZY_STREAM_PREFIX, events: CrazyEvent, startType: 'CrazyStarted', fold, evolve },
  start: ({ matchId, roomCode, players, gameDuration, startedAt }, serverSeed) =>
    startEvents({ matchId, roomCode, players, turnMs: rules.crazyTurnMsOf(gameDuration), startedAt }, serverSeed),
  step,
  moveCommand: (move, playerId, at) => (isCrazyMove(move) ? moveToCommand(move, playerId, at) : 'move_not_for_this_game'),
  timeoutCommand: (turn, at) => ({ type: 'TimeoutTurn', data: { turn, at } }),
  // Crazy has no match clock: only turns time out.
  endOnTimeCommand: () => null,
  leaveCommand: (playerId, at) => ({ type: 'RemovePlayer', data: { playerId, at, reason: 'left' } }),
  playerIds: (state) => state.players.map((p) => p.id),
  roomCodeOf: (state) => state.roomCode,
  clockOf: (state) => ({
    status: state.status,
    turn: state.turnNumber,
    currentPlayer: state.currentPlayer,
    turnDeadline: state.turnDeadline,
    turnMs: state.turnMs,
    matchDeadline: null,
  }),
  outcomeOf: (state, events) =>
    state.status === 'finished' && events.some((e) => e.type === 'CrazyFinished')
      ? { winners: winnersOf(state), scores: state.scores, finishedAt: state.finishedAt }
      : null,
  removedForTimeouts: (events) =>
    events.flatMap((e) =>
      e.type === 'PlayerRemoved' && e.data.reason === 'timeouts' ? [{ playerId: e.data.playerId, at: e.data.at }] : [],
    ),
  viewFor: (state, viewerId) => viewFor(state, viewerId),
  replay: (events, state) => ({ final: viewFor(state, null, { revealHands: true }), steps: replaySteps(events, { revealHands: true }) }),
  rejections,
  texts: catalogueEntry('crazy'),
  leaderboard: { category: 'card', maxScore: null },
};
