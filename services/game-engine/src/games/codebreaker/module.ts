/** Codebreaker, a single-player arcade game: the registry's entry (rules: rules.ts). */
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import { MATCH_STREAM_PREFIX } from '@qal/events';
import { z } from 'zod';
import type { ArcadeGameModule } from '../module.ts';
import { evolve, fold, startEvents, step } from './decider.ts';
import { CODEBREAKER_OWN_MOVES, CodebreakerEvent, moveToCommand, type CodebreakerCommand, type CodebreakerRejection } from './messages.ts';
import { CODEBREAKER_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import { isOver, type CodebreakerState } from './state.ts';
import { viewFor, type CodebreakerPlay } from './view.ts';

export interface CodebreakerOptions {
  readonly level: rules.CodebreakerLevel;
}

const Options = z.strictObject({ level: z.unknown().optional() });

/** The start's options: `{ level?: 'easy' | 'medium' | 'hard' }` (medium when absent); nothing else. */
export function parseCodebreakerOptions(input: unknown): CodebreakerOptions | CodebreakerRejection {
  if (input === undefined || input === null) return { level: rules.CODEBREAKER_LEVEL_DEFAULT };
  const parsed = Options.safeParse(input);
  if (!parsed.success) return 'options_not_valid';
  const { level } = parsed.data;
  if (level === undefined) return { level: rules.CODEBREAKER_LEVEL_DEFAULT };
  return (rules.CODEBREAKER_LEVELS as readonly unknown[]).includes(level) ? { level: level as rules.CodebreakerLevel } : 'unknown_level';
}

export const codebreakerModule: ArcadeGameModule<
  CodebreakerState,
  CodebreakerEvent,
  CodebreakerCommand,
  CodebreakerPlay,
  CodebreakerOptions
> = {
  kind: 'arcade',
  id: 'codebreaker',
  rules,
  costTokens: rules.CODEBREAKER_COST_TOKENS,
  dailyPlayLimit: rules.CODEBREAKER_DAILY_PLAY_LIMIT,
  ownMoves: CODEBREAKER_OWN_MOVES,
  stream: {
    streamType: 'codebreaker-match',
    prefix: MATCH_STREAM_PREFIX,
    events: CodebreakerEvent,
    startType: 'CodebreakerStarted',
    fold,
    evolve,
  },
  parseOptions: parseCodebreakerOptions,
  start: ({ matchId, playerId, startedAt, options, random }) => startEvents({ matchId, playerId, startedAt, level: options.level }, random),
  step,
  moveCommand: moveToCommand,
  expireCommand: (at) => ({ type: 'ExpireCodebreaker', data: { at } }),
  deadlineOf: (state) => (isOver(state) ? null : state.deadline),
  resultOf: (state) =>
    isOver(state) && state.finishedAt !== null
      ? { won: state.status === 'won', score: state.score, tokens: state.tokens, xp: state.xp, finishedAt: state.finishedAt }
      : null,
  viewFor,
  rejections: CODEBREAKER_REJECTION_TEXTS,
  leaderboard: { category: 'code_breaker', maxScore: rules.CODEBREAKER_MAX_SCORE },
  texts: catalogueEntry('codebreaker'),
};
