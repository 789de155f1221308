import { playerStreamId } from '../events/identity.ts';
import { accountStreamId, holdStreamId, purchaseStreamId, transferStreamId } from '../events/ledger.ts';
import {
  CRAZY_STREAM_PREFIX,
  DUEL_STREAM_PREFIX,
  MATCH_STREAM_PREFIX,
  PLAYS_STREAM_PREFIX,
  ROOM_STREAM_PREFIX,
  ARCADE_PLAYS_STREAM_PREFIX,
  FAIRNESS_STREAM_PREFIX,
  ARCADE_MEMORY_STREAM_PREFIX,
} from '../contracts/streams.ts';

/**
 * The event topics the relay publishes to: one per context, so a consumer reads only the contexts it cares
 * about (the gateways: ledger and engine, for pushes). Each event is keyed by its stream id, so one stream's
 * events stay in order.
 */
export const EVENT_TOPICS = {
  identity: 'events.identity',
  ledger: 'events.ledger',
  engine: 'events.engine',
  /** A stream whose prefix is not mapped below: still published, never dropped. */
  other: 'events.other',
} as const;

export type EventContext = keyof typeof EVENT_TOPICS;

/**
 * Stream id prefix → context. The engine's prefixes are named in contracts/streams.ts (@qal/events cannot depend
 * on the engine); the distributed fault tests check that every stream they create maps to a real context.
 */
export const STREAM_PREFIX_CONTEXTS: readonly (readonly [prefix: string, context: EventContext])[] = [
  [playerStreamId(''), 'identity'],
  [accountStreamId(''), 'ledger'],
  [transferStreamId(''), 'ledger'],
  [holdStreamId(''), 'ledger'],
  [purchaseStreamId(''), 'ledger'],
  [MATCH_STREAM_PREFIX, 'engine'],
  [PLAYS_STREAM_PREFIX, 'engine'],
  [ROOM_STREAM_PREFIX, 'engine'],
  [ARCADE_PLAYS_STREAM_PREFIX, 'engine'],
  [FAIRNESS_STREAM_PREFIX, 'engine'],
  [ARCADE_MEMORY_STREAM_PREFIX, 'engine'],
  /** A room's word duel (the gateway pushes its views). */
  [DUEL_STREAM_PREFIX, 'engine'],
  /** A room's Crazy match (the gateway pushes its views). */
  [CRAZY_STREAM_PREFIX, 'engine'],
];

export function eventContextOf(streamId: string): EventContext {
  for (const [prefix, context] of STREAM_PREFIX_CONTEXTS) if (streamId.startsWith(prefix)) return context;
  return 'other';
}

export const eventTopicFor = (streamId: string): string => EVENT_TOPICS[eventContextOf(streamId)];

export const ALL_EVENT_TOPICS: readonly string[] = Object.values(EVENT_TOPICS);
