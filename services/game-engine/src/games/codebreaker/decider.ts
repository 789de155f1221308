/**
 * Codebreaker as a pure decider. startEvents() draws the whole game from the match's fairness stream, decide() turns
 * a command into events or a named rejection, evolve() folds events into state. Time comes in on every command; the
 * rule decisions are listed in rules.ts. A command is answered with every event it causes (a solving guess carries
 * CodebreakerFinished), so the stored state is never left half-way.
 */
import { stepOf } from '../event-run.ts';
import { tokensForScore, xpForScore } from '../../catalogue/rewards.ts';
import type { FairRandom } from '../../fairness/fairness.ts';
import { drawGame } from './draw.ts';
import type {
  CodebreakerCommand,
  CodebreakerEvent,
  CodebreakerFinished,
  CodebreakerRejection,
  CodebreakerStarted,
  ExpireCodebreaker,
  GuessCode,
  TakeCodeHint,
} from './messages.ts';
import {
  CODEBREAKER_HINTS,
  CODEBREAKER_LEVEL_RULES,
  CODEBREAKER_SCORE,
  CODEBREAKER_TIME_LIMIT_MS,
  codebreakerScore,
  feedbackOf,
  type CodebreakerLevel,
} from './rules.ts';
import { elapsedMsAt, isOver, isTimeUp, type CodebreakerState } from './state.ts';

export interface CodebreakerSetup {
  readonly matchId: string;
  readonly playerId: string;
  readonly startedAt: string;
  readonly level: CodebreakerLevel;
}

export type CodebreakerOutcome = CodebreakerEvent[] | CodebreakerRejection;

const DIGITS_ONLY = /^[0-9]*$/;

/** The game's first event: the level's numbers, and the code and hints drawn from `random` (draw.ts). */
export function startEvents(setup: CodebreakerSetup, random: FairRandom): CodebreakerEvent[] {
  if (Number.isNaN(Date.parse(setup.startedAt))) throw new RangeError('codebreaker: startedAt is not an instant');
  const { codeLength, attemptsMax, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[setup.level];
  const { code, hints } = drawGame(random, setup.level);
  return [
    {
      type: 'CodebreakerStarted',
      data: {
        matchId: setup.matchId,
        playerId: setup.playerId,
        level: setup.level,
        codeLength,
        repeatsAllowed,
        attemptsMax,
        timeLimitMs: CODEBREAKER_TIME_LIMIT_MS,
        hintCostPoints: CODEBREAKER_SCORE.hintCostPoints,
        startedAt: setup.startedAt,
        code,
        hints: hints.slice(0, CODEBREAKER_HINTS),
      },
    },
  ];
}

/** Folds a whole stream, which starts with CodebreakerStarted. */
export function fold(events: readonly CodebreakerEvent[]): CodebreakerState {
  const [first, ...rest] = events;
  if (first?.type !== 'CodebreakerStarted') throw new Error('a Codebreaker stream starts with CodebreakerStarted');
  return rest.reduce(evolve, fromStarted(first));
}

export function decide(command: CodebreakerCommand, state: CodebreakerState): CodebreakerOutcome {
  switch (command.type) {
    case 'GuessCode':
      return guess(command, state);
    case 'TakeCodeHint':
      return takeHint(command, state);
    case 'ExpireCodebreaker':
      return expire(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** decide() and the state after its events. */
export const step = stepOf(decide, evolve);

export function evolve(state: CodebreakerState, event: CodebreakerEvent): CodebreakerState {
  switch (event.type) {
    case 'CodebreakerStarted':
      return fromStarted(event);
    case 'CodeGuessed': {
      const { digits, exact, misplaced, at } = event.data;
      return { ...state, guesses: [...state.guesses, { digits, exact, misplaced, at }] };
    }
    case 'CodeHintTaken':
      return { ...state, hintsUsed: state.hintsUsed + 1 };
    case 'CodebreakerFinished': {
      const { reason, won, score, tokens, xp, at } = event.data;
      return { ...state, status: won ? 'won' : 'lost', endReason: reason, score, tokens, xp, finishedAt: at };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function fromStarted(event: CodebreakerStarted): CodebreakerState {
  const d = event.data;
  return {
    status: 'playing',
    matchId: d.matchId,
    playerId: d.playerId,
    level: d.level,
    codeLength: d.codeLength,
    repeatsAllowed: d.repeatsAllowed,
    attemptsMax: d.attemptsMax,
    timeLimitMs: d.timeLimitMs,
    hintCostPoints: d.hintCostPoints,
    startedAt: d.startedAt,
    deadline: new Date(Date.parse(d.startedAt) + d.timeLimitMs).toISOString(),
    code: d.code,
    hints: d.hints,
    hintsUsed: 0,
    guesses: [],
    endReason: null,
    score: 0,
    tokens: 0,
    xp: 0,
    finishedAt: null,
  };
}

/** What refuses any move of the player: someone else's game, a game over, or the time up. */
function moveRejection(state: CodebreakerState, playerId: string, at: string): CodebreakerRejection | null {
  if (playerId !== state.playerId) return 'not_your_match';
  if (isOver(state)) return 'game_over';
  if (isTimeUp(state, at)) return 'time_up';
  return null;
}

function guess({ data }: GuessCode, state: CodebreakerState): CodebreakerOutcome {
  const refused = moveRejection(state, data.playerId, data.at);
  if (refused) return refused;
  if (!DIGITS_ONLY.test(data.digits)) return 'guess_not_digits';
  if (data.digits.length !== state.codeLength) return 'guess_wrong_length';
  const { exact, misplaced } = feedbackOf(state.code, data.digits);
  const guessed: CodebreakerEvent = { type: 'CodeGuessed', data: { digits: data.digits, exact, misplaced, at: data.at } };
  const attempts = state.guesses.length + 1;
  if (exact === state.codeLength) {
    const score = codebreakerScore({
      level: state.level,
      attempts,
      elapsedMs: elapsedMsAt(state, data.at),
      hintsUsed: state.hintsUsed,
      timeLimitMs: state.timeLimitMs,
    });
    return [guessed, finished('solved', score, data.at)];
  }
  if (attempts >= state.attemptsMax) return [guessed, finished('out_of_attempts', 0, data.at)];
  return [guessed];
}

function takeHint({ data }: TakeCodeHint, state: CodebreakerState): CodebreakerOutcome {
  const refused = moveRejection(state, data.playerId, data.at);
  if (refused) return refused;
  const hint = state.hints[state.hintsUsed];
  if (!hint) return 'no_hints_left';
  return [{ type: 'CodeHintTaken', data: { hint, at: data.at } }];
}

function expire({ data }: ExpireCodebreaker, state: CodebreakerState): CodebreakerOutcome {
  if (isOver(state)) return 'game_over';
  if (!isTimeUp(state, data.at)) return 'deadline_not_reached';
  return [finished('time_up', 0, data.at)];
}

/** The last event: a win pays by its score (catalogue/rewards.ts), a loss pays nothing. */
function finished(reason: CodebreakerFinished['data']['reason'], score: number, at: string): CodebreakerFinished {
  const won = reason === 'solved';
  return {
    type: 'CodebreakerFinished',
    data: { reason, won, score: won ? score : 0, tokens: won ? tokensForScore(score) : 0, xp: won ? xpForScore(score) : 0, at },
  };
}
