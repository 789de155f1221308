/**
 * Math Sprint as a pure decider: startEvents() draws every problem from the match's fairness stream, decide() turns a
 * command into events or a named rejection, evolve() folds events into state. No clock and no chance after the start:
 * every command carries its time. The rule decisions are listed in rules.ts.
 */
import { stepOf } from '../event-run.ts';
import type { ArcadeResult, ArcadeSetup } from '../module.ts';
import { xpForScore, tokensForScore } from '../../catalogue/rewards.ts';
import type {
  AnswerProblem,
  ExpireGame,
  MathSprintCommand,
  MathSprintEvent,
  MathSprintOptions,
  MathSprintRejection,
  MathSprintStarted,
} from './messages.ts';
import { drawProblems } from './problems.ts';
import { MATH_SPRINT_TIME_LIMIT_MS, MATH_SPRINT_WIN_SCORE, pointsFor } from './rules.ts';
import type { MathSprintState } from './state.ts';

const ms = (instant: string): number => Date.parse(instant);
const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** The game's first event: the problems drawn in the order of rules.ts (decision 2) and the game's deadline. */
export function startEvents(setup: ArcadeSetup<MathSprintOptions, unknown>): MathSprintEvent[] {
  const { matchId, playerId, startedAt, options, random } = setup;
  if (Number.isNaN(ms(startedAt))) throw new RangeError('math-sprint: startedAt is not an instant');
  const started: MathSprintStarted = {
    type: 'MathSprintStarted',
    data: {
      matchId,
      playerId,
      level: options.level,
      problems: drawProblems(random, options.level),
      startedAt: iso(ms(startedAt)),
      endsAt: iso(ms(startedAt) + MATH_SPRINT_TIME_LIMIT_MS),
    },
  };
  return [started];
}

/** Folds a whole stream, which starts with MathSprintStarted. */
export function fold(events: readonly MathSprintEvent[]): MathSprintState {
  const [first, ...rest] = events;
  if (first?.type !== 'MathSprintStarted') throw new Error('a Math Sprint stream starts with MathSprintStarted');
  return rest.reduce(evolve, fromStarted(first));
}

function fromStarted({ data }: MathSprintStarted): MathSprintState {
  return {
    status: 'playing',
    matchId: data.matchId,
    playerId: data.playerId,
    level: data.level,
    problems: data.problems,
    startedAt: data.startedAt,
    endsAt: data.endsAt,
    current: 0,
    shownAt: data.startedAt,
    answers: [],
    rightAnswers: 0,
    streak: 0,
    bestStreak: 0,
    score: 0,
    endReason: null,
    finishedAt: null,
  };
}

export function evolve(state: MathSprintState, event: MathSprintEvent): MathSprintState {
  switch (event.type) {
    case 'MathSprintStarted':
      return fromStarted(event);
    case 'ProblemAnswered': {
      const { data } = event;
      const streak = data.right ? state.streak + 1 : 0;
      return {
        ...state,
        current: state.current + 1,
        shownAt: data.at,
        answers: [...state.answers, { ...data, streak }],
        rightAnswers: state.rightAnswers + (data.right ? 1 : 0),
        streak,
        bestStreak: Math.max(state.bestStreak, streak),
        score: state.score + data.points,
      };
    }
    case 'MathSprintEnded':
      return { ...state, status: 'over', endReason: event.data.reason, finishedAt: event.data.at };
  }
}

export function decide(command: MathSprintCommand, state: MathSprintState): MathSprintEvent[] | MathSprintRejection {
  if (state.status === 'over') return 'game_over';
  switch (command.type) {
    case 'AnswerProblem':
      return answer(command, state);
    case 'ExpireGame':
      return expire(command, state);
  }
}

/** One command decided: its events and the state after them, or its rejection (nothing changed). */
export const step = stepOf(decide, evolve);

function answer({ data }: AnswerProblem, state: MathSprintState): MathSprintEvent[] | MathSprintRejection {
  if (data.playerId !== state.playerId) return 'not_your_match';
  if (ms(data.at) >= ms(state.endsAt)) return 'time_up';
  if (!Number.isSafeInteger(data.value)) return 'answer_not_whole';
  if (data.problem !== state.current) return 'not_current_problem';
  const problem = state.problems[state.current]!;
  const right = data.value === problem.answer;
  // A command timed before the problem was shown (clocks never run backwards, but be safe) counts as instant.
  const elapsedMs = Math.max(0, ms(data.at) - ms(state.shownAt));
  const { points, streakBonus, speedBonus } = pointsFor(state.level, right, state.streak, elapsedMs);
  const events: MathSprintEvent[] = [
    {
      type: 'ProblemAnswered',
      data: { problem: data.problem, value: data.value, right, points, streakBonus, speedBonus, elapsedMs, at: data.at },
    },
  ];
  if (state.current + 1 === state.problems.length) events.push({ type: 'MathSprintEnded', data: { reason: 'all_answered', at: data.at } });
  return events;
}

function expire({ data }: ExpireGame, state: MathSprintState): MathSprintEvent[] | MathSprintRejection {
  if (ms(data.at) < ms(state.endsAt)) return 'deadline_not_reached';
  // The game ended when its clock ran out, however late the expiry comes (decision 1).
  return [{ type: 'MathSprintEnded', data: { reason: 'time_up', at: state.endsAt } }];
}

/** The next instant the game acts on its own: its deadline while it is played. */
export const deadlineOf = (state: MathSprintState): string | null => (state.status === 'playing' ? state.endsAt : null);

export const isWon = (state: MathSprintState): boolean => state.score >= MATH_SPRINT_WIN_SCORE;

/** The result once over (decisions 7 and 8): a loss pays nothing. */
export function resultOf(state: MathSprintState): ArcadeResult | null {
  if (state.status !== 'over' || state.finishedAt === null) return null;
  const won = isWon(state);
  return {
    won,
    score: state.score,
    tokens: won ? tokensForScore(state.score) : 0,
    xp: won ? xpForScore(state.score) : 0,
    finishedAt: state.finishedAt,
  };
}
