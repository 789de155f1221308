import { useCallback, useSyncExternalStore } from 'react';

/**
 * An optional buzz (navigator.vibrate) when a card is refused or the player's turn starts in a room game: off unless
 * the player turns it on in the profile, the choice kept in this browser's localStorage.
 */
export const VIBRATION_STORAGE_KEY = 'qal.vibration';

const listeners = new Set<() => void>();

export function isVibrationOn(): boolean {
  try {
    return localStorage.getItem(VIBRATION_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setVibrationOn(on: boolean): void {
  try {
    if (on) localStorage.setItem(VIBRATION_STORAGE_KEY, 'on');
    else localStorage.removeItem(VIBRATION_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVibrationSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isVibrationOn, () => false);
  return [on, useCallback((value: boolean) => setVibrationOn(value), [])];
}

/** The patterns: a short tap when the turn starts, a double buzz for a refused card. */
export const VIBRATIONS = { turn: [40], wrong: [60, 60, 60] } as const;

/** Buzzes when the player turned vibration on and the device can; never throws. */
export function vibrate(kind: keyof typeof VIBRATIONS): void {
  if (!isVibrationOn()) return;
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([...VIBRATIONS[kind]]);
  } catch {
    // Some browsers refuse without a user gesture: nothing to do.
  }
}
