/**
 * What the player sees of a Math Sprint game at an instant: the problem shown now (never the next one, never its
 * answer), the score and the streak, and the last answer with its right answer. Once the game is over: every
 * problem drawn at the start and every answer, so the player and the verifier see the whole game.
 */
import { MathSprintPlay, type MathSprintAnswer } from '@qal/events';
import { MATH_SPRINT_POINTS } from './rules.ts';
import type { AnswerRecord, MathSprintState } from './state.ts';

export { MathSprintPlay };

function answerView(state: MathSprintState, record: AnswerRecord): MathSprintAnswer {
  const { op, x, y, answer } = state.problems[record.problem]!;
  return {
    index: record.problem,
    op,
    x,
    y,
    value: record.value,
    answer,
    right: record.right,
    points: record.points,
    streakBonus: record.streakBonus,
    speedBonus: record.speedBonus,
    streak: record.streak,
    elapsedMs: record.elapsedMs,
  };
}

export function viewFor(state: MathSprintState, now: string): MathSprintPlay {
  const over = state.status === 'over';
  const timeLeft = Date.parse(now) < Date.parse(state.endsAt);
  const problem = state.problems[state.current];
  const last = state.answers.at(-1);
  const view: MathSprintPlay = {
    level: state.level,
    endsAt: state.endsAt,
    current:
      !over && timeLeft && problem ? { index: state.current, op: problem.op, x: problem.x, y: problem.y, shownAt: state.shownAt } : null,
    answered: state.answers.length,
    right: state.rightAnswers,
    streak: state.streak,
    bestStreak: state.bestStreak,
    score: state.score,
    last: last ? answerView(state, last) : null,
    speedBonusMs: MATH_SPRINT_POINTS.speedWithinMs,
  };
  if (over) {
    view.endReason = state.endReason!;
    view.problems = state.problems.map(({ op, x, y, answer }) => ({ op, x, y, answer }));
    view.answers = state.answers.map((record) => answerView(state, record));
  }
  return view;
}
