/** Geo Sprint, the geography trivia round of the arcade: the registry's entry (decisions: rules.ts). */
import { MATCH_STREAM_PREFIX } from '@qal/events';
import { catalogueEntry } from '../../catalogue/catalogue.ts';
import type { ArcadeGameModule } from '../module.ts';
import { deadlineOf, evolve, fold, resultOf, start, step, type GeoSprintState } from './decider.ts';
import { geoSprintMemory, type GeoSprintMemory } from './memory.ts';
import {
  GEO_SPRINT_MOVE_TYPES,
  GEO_SPRINT_REJECTIONS,
  GeoSprintEvent,
  moveToCommand,
  parseOptions,
  type GeoSprintCommand,
  type GeoSprintOptions,
} from './messages.ts';
import * as rules from './rules.ts';
import { viewFor, type GeoSprintPlay } from './view.ts';

export const geoSprintModule: ArcadeGameModule<
  GeoSprintState,
  GeoSprintEvent,
  GeoSprintCommand,
  GeoSprintPlay,
  GeoSprintOptions,
  GeoSprintMemory
> = {
  kind: 'arcade',
  id: 'geo-sprint',
  rules,
  costTokens: rules.GEO_SPRINT_COST_TOKENS,
  dailyPlayLimit: rules.GEO_SPRINT_DAILY_PLAY_LIMIT,
  ownMoves: GEO_SPRINT_MOVE_TYPES,
  stream: {
    streamType: 'geo-sprint-match',
    prefix: MATCH_STREAM_PREFIX,
    events: GeoSprintEvent,
    startType: 'GeoSprintStarted',
    fold,
    evolve,
  },
  parseOptions,
  start,
  step,
  moveCommand: moveToCommand,
  expireCommand: (at) => ({ type: 'ExpireQuestion', data: { at } }),
  deadlineOf,
  resultOf,
  viewFor,
  memory: geoSprintMemory,
  rejections: GEO_SPRINT_REJECTIONS,
  leaderboard: { category: 'trivia', maxScore: rules.GEO_SPRINT_MAX_SCORE },
  texts: catalogueEntry('geo-sprint'),
};
