/** The word duel as a room game: the registry's entry for multiplayer Hangman (docs/product-rules.md, word duel). */
import { DUEL_STREAM_PREFIX, isListedMove } from '@qal/events';
import { HANGMAN_COST_TOKENS } from '../../config.ts';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import type { RoomGameModule } from '../module.ts';
import { stateAfter } from '../event-run.ts';
import { decide, evolve, fold, startEvents } from './decider.ts';
import { DuelEvent, isDuelRejection, type DuelCommand } from './messages.ts';
import { DUEL_REJECTION_TEXTS } from './rejections.ts';
import { replaySteps } from './replay.ts';
import * as rules from './rules.ts';
import type { DuelState } from './state.ts';
import { viewFor, type DuelView } from './view.ts';

export const duelModule: RoomGameModule<DuelState, DuelEvent, DuelCommand, DuelView> = {
  kind: 'room',
  id: 'hangman-duel',
  roomGame: 'hangman',
  viewKind: 'duel',
  players: { min: rules.DUEL_PLAYERS_MIN, max: rules.DUEL_PLAYERS_MAX },
  entryFeeMin: HANGMAN_COST_TOKENS,
  rules,
  stream: { streamType: 'duel-match', prefix: DUEL_STREAM_PREFIX, events: DuelEvent, startType: 'DuelStarted', fold, evolve },
  start: ({ matchId, roomCode, language, players, gameDuration, startedAt }, serverSeed) =>
    startEvents({ matchId, roomCode, language, players, ...rules.duelTimesOf(gameDuration), startedAt }, serverSeed),
  step(command, state) {
    const events = decide(command, state);
    return isDuelRejection(events) ? events : { events, state: stateAfter(state, events, evolve) };
  },
  moveCommand(move, playerId, at) {
    if (!isListedMove(move)) return 'move_not_for_this_game';
    switch (move.type) {
      case 'set_word':
        return { type: 'SetWord', data: { playerId, word: move.word, at } };
      case 'guess':
        return { type: 'GuessLetter', data: { playerId, letter: move.letter, at } };
      case 'hint':
        return { type: 'UseHint', data: { playerId, at } };
      default:
        return 'move_not_for_this_game';
    }
  },
  timeoutCommand: (turn, at) => ({ type: 'TimeoutTurn', data: { turn, at } }),
  endOnTimeCommand: (at) => ({ type: 'EndOnTime', data: { at } }),
  leaveCommand: (playerId, at) => ({ type: 'RemovePlayer', data: { playerId, at, reason: 'left' } }),
  playerIds: (state) => state.players.map((p) => p.id),
  roomCodeOf: (state) => state.roomCode,
  clockOf: (state) => ({
    status: state.status,
    turn: state.turn,
    currentPlayer: state.currentPlayer,
    turnDeadline: state.turnDeadline,
    turnMs: state.turnMs,
    matchDeadline: state.matchDeadline,
  }),
  outcomeOf: (state, events) =>
    state.status === 'finished' && events.some((e) => e.type === 'DuelFinished')
      ? { winners: state.winners, scores: state.scores, finishedAt: state.finishedAt }
      : null,
  removedForTimeouts: (events) =>
    events.flatMap((e) =>
      e.type === 'PlayerRemoved' && e.data.reason === 'timeouts' ? [{ playerId: e.data.playerId, at: e.data.at }] : [],
    ),
  viewFor: (state, viewerId) => viewFor(state, viewerId),
  replay: (events, state) => ({ final: viewFor(state, null, { revealWord: true }), steps: replaySteps(events, { revealWord: true }) }),
  rejections: DUEL_REJECTION_TEXTS,
  texts: catalogueEntry('hangman'),
  leaderboard: { category: 'word', maxScore: null },
};
