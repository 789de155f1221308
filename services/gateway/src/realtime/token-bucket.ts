/**
 * A token bucket: at most `burst` tokens, refilled continuously at `perSecond`; each `take` spends one if there is
 * one. `now` is a monotonic clock in milliseconds (performance.now), not the business clock a test may hold still.
 */
export function createTokenBucket(burst: number, perSecond: number, now: () => number) {
  let tokens = burst;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export type TokenBucket = ReturnType<typeof createTokenBucket>;
