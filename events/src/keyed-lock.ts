/**
 * Serializes work on the same keys inside this process (commands on one wallet or moves on one match wait for each other instead of
 * racing and retrying). Keys are taken in sorted order, so two callers can never wait on each other in a
 * cycle. Other processes are kept out by the store's expected versions, not by this.
 */
export interface KeyedLock {
  run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T>;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>();
  return {
    async run(keys, work) {
      const releases: (() => void)[] = [];
      try {
        for (const key of [...new Set(keys)].sort()) {
          const previous = tails.get(key) ?? Promise.resolve();
          let release!: () => void;
          const mine = new Promise<void>((resolve) => (release = resolve));
          const tail = previous.then(() => mine);
          tails.set(key, tail);
          releases.push(() => {
            release();
            if (tails.get(key) === tail) tails.delete(key);
          });
          await previous;
        }
        return await work();
      } finally {
        for (const release of releases) release();
      }
    },
  };
}
