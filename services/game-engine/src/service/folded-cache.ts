/**
 * What the engine keeps folded of one kind of stream (rooms, a game's matches) for one store: the streams still in
 * play, and a few that came to rest (a match over, a room finished or cancelled). Each part forgets the entry it
 * stored longest ago once full. A stream at rest is read again only now and then (a rematch, a replay), so keeping
 * it among the ones in play only fills the cache with finished work: a finished word duel's match weighs about 18 kB
 * folded (every event and command id) and its room about 5 kB, so 2,000 of each held some 46 MB that no move needed,
 * and a soak's heap grew by that much per duel played until they were full.
 */
export interface FoldedLimits {
  /** Streams in play kept: as many as are played at once on a busy platform. */
  readonly inPlay: number;
  /** Streams at rest kept: enough for the reads that follow an end within a second or two. */
  readonly atRest: number;
}

export interface FoldedCache<V> {
  get(key: string): V | undefined;
  /** Stores the stream's latest fold, in the part its state says (it moves when it comes to rest, or back). */
  set(key: string, value: V): void;
  /** How many are kept in each part: for tests. */
  held(): { readonly inPlay: number; readonly atRest: number };
}

export function createFoldedCache<V>(limits: FoldedLimits, atRest: (value: V) => boolean): FoldedCache<V> {
  const inPlay = new Map<string, V>();
  const rested = new Map<string, V>();
  return {
    get: (key) => inPlay.get(key) ?? rested.get(key),
    set(key, value) {
      inPlay.delete(key);
      rested.delete(key);
      const [part, max] = atRest(value) ? [rested, limits.atRest] : [inPlay, limits.inPlay];
      if (max <= 0) return;
      if (part.size >= max) part.delete(part.keys().next().value!);
      part.set(key, value);
    },
    held: () => ({ inPlay: inPlay.size, atRest: rested.size }),
  };
}
