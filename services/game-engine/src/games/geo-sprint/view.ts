/**
 * What the player sees of a round at `now` (the contract: @qal/events contracts/arcade/geo-sprint.ts). The current
 * question only once it has shown, without its answer or explanation; a question's answer only in its result; the
 * draw (pools, every 50/50 draw) only once the round is over.
 */
import { GeoSprintPlay, type GeoSprintDraw, type GeoSprintQuestion, type GeoSprintResult } from '@qal/events';
import { currentDeadline, isOver, type GeoSprintState } from './decider.ts';
import { GEO_SPRINT_RIGHT_TO_WIN } from './rules.ts';

export { GeoSprintPlay };

export function viewFor(state: GeoSprintState, now: string): GeoSprintPlay {
  const over = isOver(state);
  const shown = !over && Date.parse(now) >= Date.parse(state.shownAt[state.position]!);
  return {
    category: state.category,
    questionCount: state.questions.length,
    secondsPerQuestion: Math.round(state.questionMs / 1000),
    rightToWin: GEO_SPRINT_RIGHT_TO_WIN,
    position: state.position,
    current: shown ? currentView(state) : null,
    nextAt: over || shown ? null : state.shownAt[state.position]!,
    results: state.results.map((_, index) => resultView(state, index)),
    lifelines: { fiftyFifty: !over && state.fiftyFiftyOn === null, geoHint: !over && state.hint === null },
    score: state.score,
    right: state.right,
    streak: state.streak,
    bestStreak: state.bestStreak,
    draw: over ? drawView(state) : null,
  };
}

const removedOn = (state: GeoSprintState, index: number): number[] => (state.fiftyFiftyOn === index ? [...state.fiftyFifty[index]!] : []);
const hintOn = (state: GeoSprintState, index: number) => (state.hint?.question === index ? state.hint.hints : null);

function currentView(state: GeoSprintState): GeoSprintQuestion {
  const index = state.position;
  const question = state.questions[index]!;
  return {
    index,
    category: question.category,
    difficulty: question.difficulty,
    en: { question: question.en.question, options: [...question.en.options] },
    am: { question: question.am.question, options: [...question.am.options] },
    shownAt: state.shownAt[index]!,
    deadline: currentDeadline(state),
    removed: removedOn(state, index),
    hint: hintOn(state, index),
  };
}

function resultView(state: GeoSprintState, index: number): GeoSprintResult {
  const question = state.questions[index]!;
  const result = state.results[index]!;
  return {
    index,
    id: question.id,
    category: question.category,
    difficulty: question.difficulty,
    en: { question: question.en.question, options: [...question.en.options], explanation: question.en.explanation },
    am: { question: question.am.question, options: [...question.am.options], explanation: question.am.explanation },
    source: question.source,
    answer: question.answer,
    choice: result.choice,
    correct: result.correct,
    points: { ...result.points },
    streak: result.streak,
    at: result.at,
    removed: removedOn(state, index),
    hint: hintOn(state, index),
  };
}

function drawView(state: GeoSprintState): GeoSprintDraw {
  return {
    plan: [...state.plan],
    pools: state.pools.map((pool) => ({ ...pool })),
    fiftyFifty: state.fiftyFifty.map((removed) => [...removed]),
  };
}
