import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a game in play has the whole screen: the app shell then hides its header and bottom bar for a compact strip
 * (app/shell/game-strip.tsx), so everything a move needs fits a phone without scrolling. A page asks for it while
 * its game is on (useFullScreenWhile) and gives it back when it ends or unmounts. A room game says where the strip's
 * way out leads (its lobby) and what the confirm asks; the table can show its turn and clock in the strip
 * (GameStripSlot in game-strip.tsx).
 */
export interface StripOptions {
  /** Where the strip's leave button goes (locale-free path); the games by default. */
  readonly leaveTo?: string;
  /** The confirm asked before leaving: 'game' (its clock keeps running) or 'match' (a room's running match). */
  readonly confirm?: 'game' | 'match';
}

interface Holder {
  readonly options: StripOptions;
}

const holders: Holder[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const DEFAULT_OPTIONS: StripOptions = {};

export const useFullScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => holders.length > 0,
    () => false,
  );

/** The newest holder's strip options. */
export const useStripOptions = (): StripOptions =>
  useSyncExternalStore(
    subscribe,
    () => holders.at(-1)?.options ?? DEFAULT_OPTIONS,
    () => DEFAULT_OPTIONS,
  );

export function useFullScreenWhile(active: boolean, options: StripOptions = DEFAULT_OPTIONS): void {
  const { leaveTo, confirm } = options;
  useEffect(() => {
    if (!active) return;
    const holder: Holder = { options: { leaveTo, confirm } };
    holders.push(holder);
    notify();
    return () => {
      holders.splice(holders.indexOf(holder), 1);
      notify();
    };
  }, [active, leaveTo, confirm]);
}

/** The strip's slot for a table's status (turn, clock), once the strip is on screen. */
let slot: HTMLElement | null = null;
const slotListeners = new Set<() => void>();

export function setStripSlot(element: HTMLElement | null): void {
  if (slot === element) return;
  slot = element;
  slotListeners.forEach((listener) => listener());
}

export const useStripSlot = (): HTMLElement | null =>
  useSyncExternalStore(
    (listener) => {
      slotListeners.add(listener);
      return () => slotListeners.delete(listener);
    },
    () => slot,
    () => null,
  );
