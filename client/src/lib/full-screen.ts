import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a game in play has the whole screen: the app shell then hides its header and bottom bar for a compact strip
 * (app/shell/game-strip.tsx), so everything a move needs fits a phone without scrolling. A page asks for it while
 * its game is on (useFullScreenWhile) and gives it back when it ends or unmounts.
 */
let holders = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useFullScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => holders > 0,
    () => false,
  );

export function useFullScreenWhile(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders += 1;
    notify();
    return () => {
      holders -= 1;
      notify();
    };
  }, [active]);
}
