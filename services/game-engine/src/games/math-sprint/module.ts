/** Math Sprint, quick arithmetic against the clock, as an arcade game: the registry's entry (decisions in rules.ts). */
import { MATCH_STREAM_PREFIX, MATH_SPRINT_LEVELS, type GameMove, type MathSprintLevel } from '@qal/events';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import type { ArcadeGameModule } from '../module.ts';
import { deadlineOf, evolve, fold, resultOf, startEvents, step } from './decider.ts';
import { MATH_ANSWER_MOVE, MathSprintEvent, type MathSprintCommand, type MathSprintOptions, type MathSprintRejection } from './messages.ts';
import { MATH_SPRINT_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import type { MathSprintState } from './state.ts';
import { viewFor, type MathSprintPlay } from './view.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLevel = (value: unknown): value is MathSprintLevel => (MATH_SPRINT_LEVELS as readonly unknown[]).includes(value);

/** `{ level? }`: the level, medium when none is given. */
export function parseOptions(input: unknown): MathSprintOptions | MathSprintRejection {
  if (input === undefined || input === null) return { level: rules.MATH_SPRINT_LEVEL_DEFAULT };
  if (!isRecord(input)) return 'invalid_options';
  const { level } = input;
  if (level === undefined) return { level: rules.MATH_SPRINT_LEVEL_DEFAULT };
  return isLevel(level) ? { level } : 'unknown_level';
}

/** `{ type: 'math_answer', problem: <index>, value: <whole number> }` as the decider's command (decision 4). */
export function moveCommand(move: GameMove, playerId: string, at: string): MathSprintCommand | MathSprintRejection {
  if (move.type !== MATH_ANSWER_MOVE) return 'move_not_for_this_game';
  const { problem, value } = move as Record<string, unknown>;
  if (typeof problem !== 'number' || !Number.isSafeInteger(problem) || problem < 0) return 'invalid_answer_move';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'answer_not_a_number';
  if (!Number.isSafeInteger(value)) return 'answer_not_whole';
  return { type: 'AnswerProblem', data: { playerId, problem, value, at } };
}

export const mathSprintModule: ArcadeGameModule<MathSprintState, MathSprintEvent, MathSprintCommand, MathSprintPlay, MathSprintOptions> = {
  kind: 'arcade',
  id: 'math-sprint',
  rules,
  costTokens: rules.MATH_SPRINT_COST_TOKENS,
  dailyPlayLimit: rules.MATH_SPRINT_DAILY_PLAY_LIMIT,
  ownMoves: [MATH_ANSWER_MOVE],
  stream: {
    streamType: 'math-sprint-match',
    prefix: MATCH_STREAM_PREFIX,
    events: MathSprintEvent,
    startType: 'MathSprintStarted',
    fold,
    evolve,
  },
  parseOptions,
  start: startEvents,
  step,
  moveCommand,
  expireCommand: (at) => ({ type: 'ExpireGame', data: { at } }),
  deadlineOf,
  resultOf,
  viewFor,
  rejections: MATH_SPRINT_REJECTION_TEXTS,
  leaderboard: { category: 'math', maxScore: rules.MATH_SPRINT_MAX_SCORE },
  texts: catalogueEntry('math-sprint'),
};
