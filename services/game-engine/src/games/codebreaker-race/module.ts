/** The Codebreaker race: a room game (games/module.ts) on the single-player game's code, feedback and hints. */
import { MATCH_STREAM_PREFIX } from '@qal/events';
import { z } from 'zod';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import { stepOf } from '../event-run.ts';
import type { RoomGameModule } from '../module.ts';
import { SHARED_GAME_REJECTIONS } from '../rejections.ts';
import { decideRace, evolve, foldRace, startRace, type CodeRaceState } from './decider.ts';
import { CodeRaceEvent, type CodeRaceCommand } from './messages.ts';
import { CODE_RACE_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import { raceViewFor } from './view.ts';
import type { CodeRaceView } from '@qal/events';

const GuessMove = z.object({ type: z.literal('guess_code'), digits: z.string().max(20) });
const HintMove = z.object({ type: z.literal('code_hint') });

export const codebreakerRaceModule: RoomGameModule<CodeRaceState, CodeRaceEvent, CodeRaceCommand, CodeRaceView> = {
  kind: 'room',
  id: 'codebreaker-race',
  roomGame: 'codebreaker',
  viewKind: 'codebreaker-race',
  players: { min: rules.CODE_RACE_PLAYERS_MIN, max: rules.CODE_RACE_PLAYERS_MAX },
  entryFeeMin: rules.CODE_RACE_ENTRY_FEE_MIN,
  rules: { ...rules },
  ownMoves: ['guess_code', 'code_hint'],
  stream: {
    streamType: 'codebreaker-race-match',
    prefix: MATCH_STREAM_PREFIX,
    events: CodeRaceEvent,
    startType: 'CodeRaceStarted',
    fold: foldRace,
    evolve,
  },
  start: startRace,
  step: stepOf(decideRace, evolve),
  moveCommand(move, playerId, at) {
    const guess = GuessMove.safeParse(move);
    if (guess.success) return { type: 'GuessRaceCode', playerId, digits: guess.data.digits, at };
    return HintMove.safeParse(move).success ? { type: 'TakeRaceHint', playerId, at } : 'move_not_for_this_game';
  },
  // No turns: every player guesses at their own pace, so no turn ever times out.
  timeoutCommand: (_turn, at) => ({ type: 'EndRaceOnTime', at }),
  endOnTimeCommand: (at) => ({ type: 'EndRaceOnTime', at }),
  leaveCommand: (playerId, at) => ({ type: 'LeaveRace', playerId, at }),
  playerIds: (state) => state.racers.map((r) => r.id),
  roomCodeOf: (state) => state.start.roomCode,
  clockOf: (state) => ({
    status: state.finishedAt ? 'finished' : 'playing',
    turn: 0,
    currentPlayer: null,
    turnDeadline: null,
    turnMs: 0,
    matchDeadline: state.start.deadline,
  }),
  outcomeOf(state, events) {
    if (!state.finishedAt || !events.some((e) => e.type === 'CodeRaceFinished')) return null;
    return {
      winners: [...state.winners],
      scores: Object.fromEntries(state.racers.map((r) => [r.id, r.score])),
      finishedAt: state.finishedAt,
    };
  },
  removedForTimeouts: () => [],
  viewFor: raceViewFor,
  replay(events, state) {
    const steps = events.map((event, index) => ({
      event: event.type,
      playerId: 'playerId' in event.data ? event.data.playerId : null,
      view: raceViewFor(foldRace(events.slice(0, index + 1)), null, true),
    }));
    return { final: raceViewFor(state, null), steps };
  },
  rejections: { ...CODE_RACE_REJECTION_TEXTS, ...SHARED_GAME_REJECTIONS },
  // A room match counts wins, not a board score: the single-player game's maximum is Codebreaker's on the global board.
  leaderboard: { category: 'code_breaker', maxScore: null },
  texts: catalogueEntry('codebreaker'),
};
