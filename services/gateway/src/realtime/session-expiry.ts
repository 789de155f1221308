import type { Clock } from '../clock.ts';

/** setTimeout's longest delay (about 24.8 days); a session lasts longer, so a long wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `onExpired` once the clock passes `expiresAt`. The timer only wakes the check; the clock decides, so a
 * test's manual clock expires a session when it is moved past it (at the next wake-up). Returns the cancel function.
 */
export function watchExpiry(expiresAt: Date, clock: Clock, onExpired: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const left = expiresAt.getTime() - clock().getTime();
    if (left <= 0) {
      onExpired();
      return;
    }
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  check();
  return () => clearTimeout(timer);
}
