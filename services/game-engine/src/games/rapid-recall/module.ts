/** Rapid Recall, remembering ever longer sequences, as an arcade game: the registry's entry (decisions in rules.ts). */
import { MATCH_STREAM_PREFIX, RAPID_RECALL_KINDS, type GameMove, type RapidRecallKind } from '@qal/events';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import type { ArcadeGameModule } from '../module.ts';
import { deadlineOf, evolve, fold, resultOf, startEvents, step } from './decider.ts';
import {
  RECALL_ITEMS_MAX,
  RECALL_MOVE,
  RapidRecallEvent,
  type RapidRecallCommand,
  type RapidRecallOptions,
  type RapidRecallRejection,
} from './messages.ts';
import { RAPID_RECALL_REJECTION_TEXTS } from './rejections.ts';
import * as rules from './rules.ts';
import type { RapidRecallState } from './state.ts';
import { viewFor, type RapidRecallPlay } from './view.ts';

/** An item id is short (a colour's name, a digit, a fidel). */
const ITEM_ID_LENGTH_MAX = 12;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isKind = (value: unknown): value is RapidRecallKind => (RAPID_RECALL_KINDS as readonly unknown[]).includes(value);
const isItemId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= ITEM_ID_LENGTH_MAX;

/** `{ kind? }`: the kind of items, mixed when none is given. */
export function parseOptions(input: unknown): RapidRecallOptions | RapidRecallRejection {
  if (input === undefined || input === null) return { kind: rules.RAPID_RECALL_KIND_DEFAULT };
  if (!isRecord(input)) return 'invalid_options';
  const { kind } = input;
  if (kind === undefined) return { kind: rules.RAPID_RECALL_KIND_DEFAULT };
  return isKind(kind) ? { kind } : 'unknown_kind';
}

/** `{ type: 'recall', round: <n>, items: [<item id>…] }` as the decider's command (decision 5). */
export function moveCommand(move: GameMove, playerId: string, at: string): RapidRecallCommand | RapidRecallRejection {
  if (move.type !== RECALL_MOVE) return 'move_not_for_this_game';
  const { round, items } = move as Record<string, unknown>;
  if (typeof round !== 'number' || !Number.isSafeInteger(round) || round < 1) return 'invalid_recall_move';
  if (!Array.isArray(items) || !items.every(isItemId)) return 'invalid_recall_move';
  if (items.length === 0 || items.length > RECALL_ITEMS_MAX) return 'wrong_length';
  return { type: 'RecallSequence', data: { playerId, round, items, at } };
}

export const rapidRecallModule: ArcadeGameModule<
  RapidRecallState,
  RapidRecallEvent,
  RapidRecallCommand,
  RapidRecallPlay,
  RapidRecallOptions
> = {
  kind: 'arcade',
  id: 'rapid-recall',
  rules,
  costTokens: rules.RAPID_RECALL_COST_TOKENS,
  dailyPlayLimit: rules.RAPID_RECALL_DAILY_PLAY_LIMIT,
  ownMoves: [RECALL_MOVE],
  stream: {
    streamType: 'rapid-recall-match',
    prefix: MATCH_STREAM_PREFIX,
    events: RapidRecallEvent,
    startType: 'RapidRecallStarted',
    fold,
    evolve,
  },
  parseOptions,
  start: startEvents,
  step,
  moveCommand,
  expireCommand: (at) => ({ type: 'ExpireRound', data: { at } }),
  deadlineOf,
  resultOf,
  viewFor,
  rejections: RAPID_RECALL_REJECTION_TEXTS,
  leaderboard: { category: 'memory', maxScore: rules.RAPID_RECALL_MAX_SCORE },
  texts: catalogueEntry('rapid-recall'),
};
