/** What the engine's handlers share: loading a match, appending to it, and optimistic-concurrency retries. */
import {
  comparePositions,
  uuidFrom,
  WrongExpectedVersionError,
  type CommandEnvelope,
  type CommandSender,
  type EventStore,
  type JsonObject,
  type KeyedLock,
  type Position,
  type StoredEvent,
  type StreamAppend,
} from '@qal/events';
import { MAX_APPEND_ATTEMPTS } from '../config.ts';
import type { GameRegistry } from '../games/registry.ts';
import {
  commandIdOf,
  MATCH_STREAM_TYPE,
  matchStreamId,
  parseMatchEvent,
  parsePlaysEvent,
  playsStreamId,
  type MatchEvent,
} from './events.ts';

import { foldMatch, type MatchRecord } from './match.ts';

/** Structured logger (pino-compatible). Handlers log ids and outcomes, never event data: it holds the word. */
export interface Logger {
  info(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface HandlerDeps {
  readonly store: EventStore;
  /** Sends commands to the ledger (in-process in the embedded mode, over the bus in the distributed one). */
  readonly ledger: CommandSender;
  readonly locks: KeyedLock;
  readonly logger: Logger;
  /**
   * Draws the secret server seed of a Hangman game or a room match (64 lowercase hex, fairness/server-seed.ts by
   * default): its word, hints, deal or reshuffles are drawn from it; only its commitment is shown before the end.
   */
  readonly newSeed: () => string;
  /** Draws an arcade game's server seed (fairness/server-seed.ts by default); a test may fix it. */
  readonly newServerSeed?: () => string;
  /** The games this engine plays (games/registry.ts). */
  readonly games: GameRegistry;
}

export interface LoadedMatch {
  readonly match: MatchRecord | null;
  readonly version: number | null;
  /** Commands whose events are stored already: a retry of one answers without a second effect. */
  readonly commandIds: ReadonlySet<string>;
  readonly events: readonly MatchEvent[];
  readonly stored: readonly StoredEvent[];
}

export async function loadMatch(store: EventStore, matchId: string): Promise<LoadedMatch> {
  const stored = await store.readStream(matchStreamId(matchId));
  const events: MatchEvent[] = [];
  const commandIds = new Set<string>();
  for (const event of stored) {
    const parsed = parseMatchEvent(event);
    if (parsed) events.push(parsed);
    const commandId = commandIdOf(event);
    if (commandId) commandIds.add(commandId);
  }
  return { match: foldMatch(events), version: stored.at(-1)?.streamPosition ?? null, commandIds, events, stored };
}

export interface DailyPlays {
  readonly version: number | null;
  /** Matches holding a slot of the day (taken and not released). */
  readonly active: ReadonlySet<string>;
}

export const loadDailyPlays = (store: EventStore, userId: string, day: string): Promise<DailyPlays> =>
  loadPlays(store, playsStreamId(userId, day));

/** The slots taken on a daily plays stream (Hangman's, or an arcade game's). */
export async function loadPlays(store: EventStore, streamId: string): Promise<DailyPlays> {
  const stored = await store.readStream(streamId);
  const active = new Set<string>();
  for (const event of stored) {
    const parsed = parsePlaysEvent(event);
    if (parsed?.type === 'PlaySlotTaken') active.add(parsed.data.matchId);
    if (parsed?.type === 'PlaySlotReleased') active.delete(parsed.data.matchId);
  }
  return { version: stored.at(-1)?.streamPosition ?? null, active };
}

/**
 * Events of one command for one stream. Their ids come from the command (and the stream), so the same command
 * appended twice is a duplicate, never a second effect; the metadata names the command for later retries.
 */
export function eventsOf(
  command: Pick<CommandEnvelope, 'commandId' | 'correlationId' | 'actorId'>,
  streamId: string,
  events: readonly { type: string; data: object }[],
): StreamAppend['events'] {
  const metadata: JsonObject = { commandId: command.commandId, correlationId: command.correlationId, actorId: command.actorId };
  return events.map((event, index) => ({
    eventId: uuidFrom('engine-event', streamId, command.commandId, event.type, String(index)),
    type: event.type,
    data: event.data as JsonObject,
    metadata,
  }));
}

export const matchAppend = (
  matchId: string,
  expectedVersion: StreamAppend['expectedVersion'],
  command: Pick<CommandEnvelope, 'commandId' | 'correlationId' | 'actorId'>,
  events: readonly { type: string; data: object }[],
): StreamAppend => ({
  streamId: matchStreamId(matchId),
  streamType: MATCH_STREAM_TYPE,
  expectedVersion,
  events: eventsOf(command, matchStreamId(matchId), events),
});

/** The position of the last event an append stored, or null when it was a duplicate. */
export async function appendAll(store: EventStore, appends: readonly StreamAppend[]): Promise<Position | null> {
  const result = await store.append(appends);
  return result.outcome === 'duplicate' ? null : lastPosition(result.events);
}

/** The position of the last of these events in commit order; null when there are none. */
export function lastPosition(events: readonly Position[]): Position | null {
  let last: Position | null = null;
  for (const event of events) if (!last || comparePositions(event, last) > 0) last = event;
  return last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : null;
}

/** Returned by an attempt that lost a race: run it again on fresh state. */
export const AGAIN = Symbol('again');

export async function withRetries<T>(attempt: () => Promise<T | typeof AGAIN>): Promise<T> {
  for (let n = 1; n <= MAX_APPEND_ATTEMPTS; n += 1) {
    try {
      const result = await attempt();
      if (result !== AGAIN) return result;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.random() * 2 * n)));
  }
  throw new Error(`gave up after ${MAX_APPEND_ATTEMPTS} attempts lost to concurrent writers`);
}
