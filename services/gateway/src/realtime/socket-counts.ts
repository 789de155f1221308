/** Open sockets per key (a player's id, a guest's address), refusing one more past `max`. */
export function createSocketCounts(max: number) {
  const counts = new Map<string, number>();
  return {
    /** Counts one more socket of `key`; false, and nothing counted, when it already has `max` open. */
    admit(key: string): boolean {
      const count = counts.get(key) ?? 0;
      if (count >= max) return false;
      counts.set(key, count + 1);
      return true;
    },
    /** One socket `admit` counted has closed. */
    release(key: string): void {
      const count = (counts.get(key) ?? 0) - 1;
      if (count > 0) counts.set(key, count);
      else counts.delete(key);
    },
  };
}

export type SocketCounts = ReturnType<typeof createSocketCounts>;
