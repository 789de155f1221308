/**
 * Geo Sprint as a pure decider (decisions: rules.ts): `start` deals the round from the fairness stream, `step`
 * decides a command against the state (its events and the state after them, or a named rejection with nothing
 * changed), `evolve` applies one event. Time comes on the commands; chance only at the start.
 */
import type { GeoSprintCategory, GeoSprintCategoryChoice, GeoSprintHints, GeoSprintPool, GeoSprintPoints } from '@qal/events';
import type { ArcadeResult, ArcadeSetup } from '../module.ts';
import { tokensForScore, xpForScore } from '../../catalogue/rewards.ts';
import type { Question } from './bank.ts';
import { dealRound } from './deal.ts';
import { hintFor } from './hint.ts';
import type { GeoSprintMemory } from './memory.ts';
import type {
  AnswerQuestion,
  ExpireQuestion,
  GeoSprintCommand,
  GeoSprintEvent,
  GeoSprintOptions,
  GeoSprintRejection,
  GeoSprintStarted,
  ShowNextQuestion,
  UseFiftyFifty,
  UseGeoHint,
} from './messages.ts';
import {
  GEO_SPRINT_QUESTION_MS,
  GEO_SPRINT_REVEAL_MS,
  GEO_SPRINT_RIGHT_TO_WIN,
  basePointsOf,
  rewardScoreOf,
  speedBonusOf,
  streakBonusOf,
} from './rules.ts';

/** A question answered (`choice`) or timed out (`choice` null). */
export interface QuestionResult {
  readonly choice: number | null;
  readonly correct: boolean;
  readonly points: GeoSprintPoints;
  readonly streak: number;
  readonly at: string;
}

export interface GeoSprintState {
  readonly matchId: string;
  readonly playerId: string;
  readonly category: GeoSprintCategoryChoice;
  readonly startedAt: string;
  readonly plan: readonly GeoSprintCategory[];
  readonly pools: readonly GeoSprintPool[];
  readonly questions: readonly Question[];
  readonly fiftyFifty: readonly (readonly number[])[];
  readonly questionMs: number;
  readonly revealMs: number;
  /** The question in play (the number resolved so far); questions.length once over. */
  readonly position: number;
  /** When each question up to `position` shows (or showed). */
  readonly shownAt: readonly string[];
  readonly results: readonly QuestionResult[];
  /** The question the 50/50 was used on, if it was. */
  readonly fiftyFiftyOn: number | null;
  readonly hint: { readonly question: number; readonly hints: GeoSprintHints } | null;
  readonly score: number;
  readonly right: number;
  readonly streak: number;
  readonly bestStreak: number;
  readonly won: boolean | null;
  readonly finishedAt: string | null;
}

export type StepResult = { readonly events: GeoSprintEvent[]; readonly state: GeoSprintState } | GeoSprintRejection;

const ms = (instant: string): number => Date.parse(instant);
const instant = (milliseconds: number): string => new Date(milliseconds).toISOString();

export const isOver = (state: GeoSprintState): boolean => state.finishedAt !== null;

/** The current question's deadline: its show instant plus its time. */
export const currentDeadline = (state: GeoSprintState): string => instant(ms(state.shownAt[state.position]!) + state.questionMs);

/** The round's first event, every chance drawn from the setup's fairness stream (deal.ts). */
export function start(setup: ArcadeSetup<GeoSprintOptions, GeoSprintMemory>): GeoSprintEvent[] {
  const round = dealRound(setup.random, setup.options.category, setup.memory);
  return [
    {
      type: 'GeoSprintStarted',
      data: {
        matchId: setup.matchId,
        playerId: setup.playerId,
        category: setup.options.category,
        startedAt: setup.startedAt,
        plan: [...round.plan],
        pools: round.pools.map((pool) => ({ ...pool })),
        questions: round.questions.map((question) => structuredClone(question)),
        fiftyFifty: round.fiftyFifty.map((removed) => [...removed]),
        questionMs: GEO_SPRINT_QUESTION_MS,
        revealMs: GEO_SPRINT_REVEAL_MS,
      },
    },
  ];
}

/** Folds a whole stream, which starts with GeoSprintStarted. */
export function fold(events: readonly GeoSprintEvent[]): GeoSprintState {
  const [first, ...rest] = events;
  if (first?.type !== 'GeoSprintStarted') throw new Error('a Geo Sprint stream starts with GeoSprintStarted');
  return rest.reduce(evolve, fromStarted(first));
}

function fromStarted(event: GeoSprintStarted): GeoSprintState {
  const { data } = event;
  return {
    matchId: data.matchId,
    playerId: data.playerId,
    category: data.category,
    startedAt: data.startedAt,
    plan: data.plan,
    pools: data.pools,
    questions: data.questions,
    fiftyFifty: data.fiftyFifty,
    questionMs: data.questionMs,
    revealMs: data.revealMs,
    position: 0,
    shownAt: [data.startedAt],
    results: [],
    fiftyFiftyOn: null,
    hint: null,
    score: 0,
    right: 0,
    streak: 0,
    bestStreak: 0,
    won: null,
    finishedAt: null,
  };
}

export function evolve(state: GeoSprintState, event: GeoSprintEvent): GeoSprintState {
  switch (event.type) {
    case 'GeoSprintStarted':
      return fromStarted(event);
    case 'QuestionAnswered': {
      const { choice, correct, points, streak, at } = event.data;
      return resolved(
        {
          ...state,
          score: state.score + points.total,
          right: state.right + (correct ? 1 : 0),
          streak,
          bestStreak: Math.max(state.bestStreak, streak),
        },
        { choice, correct, points, streak, at },
      );
    }
    case 'QuestionTimedOut':
      return resolved({ ...state, streak: 0 }, { choice: null, correct: false, points: NO_POINTS, streak: 0, at: event.data.at });
    case 'FiftyFiftyUsed':
      return { ...state, fiftyFiftyOn: event.data.question };
    case 'GeoHintUsed':
      return { ...state, hint: { question: event.data.question, hints: event.data.hint } };
    case 'NextQuestionShown':
      return { ...state, shownAt: state.shownAt.map((shown, index) => (index === event.data.question ? event.data.at : shown)) };
    case 'GeoSprintFinished':
      return { ...state, won: event.data.won, finishedAt: event.data.at };
  }
}

const NO_POINTS: GeoSprintPoints = { base: 0, speed: 0, streak: 0, total: 0 };

/** The current question resolved: its result kept, the next one current, shown after the reveal. */
function resolved(state: GeoSprintState, result: QuestionResult): GeoSprintState {
  const position = state.position + 1;
  const shownAt = position < state.questions.length ? [...state.shownAt, instant(ms(result.at) + state.revealMs)] : state.shownAt;
  return { ...state, results: [...state.results, result], position, shownAt };
}

/** One command decided: its events and the state after them, or a named rejection (nothing changed). */
export function step(command: GeoSprintCommand, state: GeoSprintState): StepResult {
  const events = decide(command, state);
  if (typeof events === 'string') return events;
  return { events, state: events.reduce(evolve, state) };
}

export function decide(command: GeoSprintCommand, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  if (isOver(state)) return 'game_over';
  switch (command.type) {
    case 'AnswerQuestion':
      return answer(command, state);
    case 'UseFiftyFifty':
      return useFiftyFifty(command, state);
    case 'UseGeoHint':
      return useGeoHint(command, state);
    case 'ShowNextQuestion':
      return showNext(command, state);
    case 'ExpireQuestion':
      return expire(command, state);
  }
}

/**
 * Why `playerId` may not act on question `question` (the current one when null), if they may not: it is another
 * player's round, or not the current question. timing() then checks the question has shown and its time is not up.
 */
function refusal(state: GeoSprintState, playerId: string, question: number | null): GeoSprintRejection | null {
  if (playerId !== state.playerId) return 'not_your_match';
  if (question !== null && question < state.position) {
    return state.results[question]?.choice === null ? 'question_timed_out' : 'question_already_answered';
  }
  if (question !== null && question > state.position) return 'question_not_current';
  return null;
}

function timing(state: GeoSprintState, at: string): GeoSprintRejection | null {
  if (ms(at) < ms(state.shownAt[state.position]!)) return 'question_not_shown_yet';
  if (ms(at) >= ms(currentDeadline(state))) return 'question_timed_out';
  return null;
}

function answer(command: AnswerQuestion, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  const { playerId, question, choice, at } = command.data;
  const refused = refusal(state, playerId, question) ?? timing(state, at);
  if (refused) return refused;
  if (state.fiftyFiftyOn === question && state.fiftyFifty[question]!.includes(choice)) return 'option_removed';
  const asked = state.questions[question]!;
  const correct = choice === asked.answer;
  const streak = correct ? state.streak + 1 : 0;
  const points = correct ? pointsFor(asked, ms(currentDeadline(state)) - ms(at), streak) : NO_POINTS;
  const answered: GeoSprintEvent = { type: 'QuestionAnswered', data: { question, choice, correct, points, streak, at } };
  return withFinish(state, answered, at);
}

export function pointsFor(question: Question, msLeft: number, streak: number): GeoSprintPoints {
  const base = basePointsOf(question.difficulty);
  const speed = speedBonusOf(msLeft);
  const streakBonus = streakBonusOf(streak);
  return { base, speed, streak: streakBonus, total: base + speed + streakBonus };
}

function useFiftyFifty(command: UseFiftyFifty, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  const { playerId, question, at } = command.data;
  const refused = refusal(state, playerId, question) ?? (state.fiftyFiftyOn !== null ? 'fifty_fifty_used' : null) ?? timing(state, at);
  if (refused) return refused;
  return [{ type: 'FiftyFiftyUsed', data: { question: state.position, removed: [...state.fiftyFifty[state.position]!], at } }];
}

function useGeoHint(command: UseGeoHint, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  const { playerId, question, at } = command.data;
  const refused = refusal(state, playerId, question) ?? (state.hint !== null ? 'geo_hint_used' : null) ?? timing(state, at);
  if (refused) return refused;
  return [{ type: 'GeoHintUsed', data: { question: state.position, hint: hintFor(state.questions[state.position]!), at } }];
}

function showNext(command: ShowNextQuestion, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  const { playerId, at } = command.data;
  if (playerId !== state.playerId) return 'not_your_match';
  if (ms(at) >= ms(state.shownAt[state.position]!)) return 'no_result_to_skip';
  return [{ type: 'NextQuestionShown', data: { question: state.position, at } }];
}

function expire(command: ExpireQuestion, state: GeoSprintState): GeoSprintEvent[] | GeoSprintRejection {
  const { at } = command.data;
  if (ms(at) < ms(currentDeadline(state))) return 'deadline_not_reached';
  return withFinish(state, { type: 'QuestionTimedOut', data: { question: state.position, at } }, at);
}

/** The question's event, and the round's end when it was the last question. */
function withFinish(state: GeoSprintState, event: GeoSprintEvent, at: string): GeoSprintEvent[] {
  if (state.position + 1 < state.questions.length) return [event];
  const after = evolve(state, event);
  const won = after.right >= GEO_SPRINT_RIGHT_TO_WIN;
  return [event, { type: 'GeoSprintFinished', data: { score: after.score, right: after.right, won, at } }];
}

/** The next instant the game acts on its own: the current question's deadline; null once over. */
export const deadlineOf = (state: GeoSprintState): string | null => (isOver(state) ? null : currentDeadline(state));

/** The round's result once over: a win pays by the reward rule table (rules.ts), a loss pays nothing. */
export function resultOf(state: GeoSprintState): ArcadeResult | null {
  if (state.finishedAt === null) return null;
  const won = state.won === true;
  const rewardScore = rewardScoreOf(state.score);
  return {
    won,
    score: state.score,
    tokens: won ? tokensForScore(rewardScore) : 0,
    xp: won ? xpForScore(rewardScore) : 0,
    finishedAt: state.finishedAt,
  };
}
