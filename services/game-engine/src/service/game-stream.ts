/**
 * A room game's own stream (`<prefix><matchId>`, games/module.ts): its id, the parse of its stored events against the
 * game's zod event union, and the folded load every command and query starts from. One copy for every game, so the
 * games cannot drift apart in how a stream is named, read or cached.
 */
import type { EventStore, StoredEvent } from '@qal/events';
import type { GameStreamSpec } from '../games/module.ts';
import { commandIdOf } from './events.ts';
import { createFoldedCache, type FoldedCache } from './folded-cache.ts';

export interface LoadedGame<E, S> {
  readonly state: S | null;
  readonly events: readonly E[];
  readonly version: number | null;
  readonly commandIds: ReadonlySet<string>;
  /** Global position of the stream's last event (views are versioned by it); null when there is none. */
  readonly globalPosition: bigint | null;
}

/** A decider's step as it was appended: its events, the state it folded them to, and the stored events. */
export interface AppendedFold<E, S> {
  readonly events: readonly E[];
  readonly state: S;
  readonly commandId: string;
  readonly stored: readonly Pick<StoredEvent, 'streamId' | 'streamPosition' | 'globalPosition'>[];
}

export interface GameStream<E, S> {
  readonly STREAM_TYPE: string;
  readonly PREFIX: string;
  readonly streamId: (matchId: string) => string;
  /** The game's event, null for an event of another kind on the stream; throws when a stored event fails its schema. */
  readonly parse: (stored: Pick<StoredEvent, 'type' | 'data'>) => E | null;
  readonly load: (store: EventStore, matchId: string) => Promise<LoadedGame<E, S>>;
  /**
   * What this process just appended to a match it had loaded (`from`), folded as its decider folded it: the next
   * load finds it so without reading and parsing the events back. Only onto `from` as the cache still holds it, and
   * only when `stored` (the append's events of this stream, in order) follow it exactly; otherwise the next load reads.
   */
  readonly remember: (store: EventStore, matchId: string, from: LoadedGame<E, S>, appended: AppendedFold<E, S>) => void;
  /** What load() folded last for this store and match, without reading the store (undefined when nothing is cached). */
  readonly cached: (store: EventStore, matchId: string) => LoadedGame<E, S> | undefined;
  /** How many matches are kept folded for this store, in play and over: for tests. */
  readonly held: (store: EventStore) => { readonly inPlay: number; readonly atRest: number };
}

/** Matches in play kept folded per store and game (more than a busy platform plays at once); the one folded longest ago goes first. */
const FOLDED_MAX = 2_000;
/**
 * Matches over kept folded per store and game (folded-cache.ts): the reads that follow the end (each player's last
 * view, the read model's row, a retried last move) come within a second or two; a later replay reads the store.
 */
export const FOLDED_OVER_MAX = 100;

/** `isOver`: whether a match's state is final (it then leaves the matches in play). */
export function gameStream<E, S>(spec: GameStreamSpec<E, S>, isOver: (state: S) => boolean): GameStream<E, S> {
  const { streamType, prefix, events: union } = spec;
  const streamId = (matchId: string) => `${prefix}${matchId}`;
  const types: ReadonlySet<string> = new Set(union.options.map((o) => o.shape.type.value));

  function parse(stored: Pick<StoredEvent, 'type' | 'data'>): E | null {
    if (!types.has(stored.type)) return null;
    const parsed = union.safeParse({ type: stored.type, data: stored.data });
    if (!parsed.success) throw new Error(`stored ${stored.type} does not match its schema`);
    return parsed.data;
  }

  /**
   * Folded matches by store: a load reads only the events after the ones folded already (a stream only grows, and a
   * match's appends are at exact versions, so what was read stays true). Only a cache: the store decides.
   */
  const folded = new WeakMap<EventStore, FoldedCache<LoadedGame<E, S>>>();
  const over = (loaded: LoadedGame<E, S>) => loaded.state !== null && isOver(loaded.state);

  async function load(store: EventStore, matchId: string): Promise<LoadedGame<E, S>> {
    let cache = folded.get(store);
    if (!cache) folded.set(store, (cache = createFoldedCache({ inPlay: FOLDED_MAX, atRest: FOLDED_OVER_MAX }, over)));
    const cached = cache.get(matchId);
    const stored = await store.readStream(streamId(matchId), cached?.version ? { after: cached.version } : {});
    if (cached && stored.length === 0) return cached;
    const events = [...(cached?.events ?? [])];
    const commandIds = new Set(cached?.commandIds ?? []);
    let state: S | null = cached?.state ?? null;
    for (const event of stored) {
      const parsed = parse(event);
      if (parsed) {
        events.push(parsed);
        state = state ? spec.evolve(state, parsed) : spec.fold([parsed]);
      }
      const commandId = commandIdOf(event);
      if (commandId) commandIds.add(commandId);
    }
    const last = stored.at(-1);
    const loaded: LoadedGame<E, S> = {
      state,
      events,
      version: last?.streamPosition ?? cached?.version ?? null,
      commandIds,
      globalPosition: last?.globalPosition ?? cached?.globalPosition ?? null,
    };
    if (loaded.version !== null) cache.set(matchId, loaded);
    return loaded;
  }

  function remember(store: EventStore, matchId: string, from: LoadedGame<E, S>, appended: AppendedFold<E, S>) {
    const cache = folded.get(store);
    const stored = appended.stored.filter((event) => event.streamId === streamId(matchId));
    const last = stored.at(-1);
    if (!cache || cache.get(matchId) !== from || !last || stored.length !== appended.events.length) return;
    if (stored.some((event, i) => event.streamPosition !== (from.version ?? 0) + i + 1)) return;
    cache.set(matchId, {
      state: appended.state,
      events: [...from.events, ...appended.events],
      version: last.streamPosition,
      commandIds: new Set(from.commandIds).add(appended.commandId),
      globalPosition: last.globalPosition,
    });
  }

  const cached = (store: EventStore, matchId: string) => folded.get(store)?.get(matchId);
  const held = (store: EventStore) => folded.get(store)?.held() ?? { inPlay: 0, atRest: 0 };

  return { STREAM_TYPE: streamType, PREFIX: prefix, streamId, parse, load, remember, cached, held };
}
