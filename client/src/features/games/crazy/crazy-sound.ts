import { useCallback, useSyncExternalStore } from 'react';

/**
 * Tiny WebAudio beeps for the Crazy table: off unless the player turns them on (RULES: sounds off by default), the
 * choice kept in localStorage. No audio files: an oscillator for a few milliseconds.
 */
export const SOUND_STORAGE_KEY = 'qal.crazy.sound';

const listeners = new Set<() => void>();

export function isSoundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    if (on) localStorage.setItem(SOUND_STORAGE_KEY, 'on');
    else localStorage.removeItem(SOUND_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isSoundOn, () => false);
  return [on, useCallback((value: boolean) => setSoundOn(value), [])];
}

export const BEEPS = { move: 660, turn: 880, penalty: 220, win: 1320 } as const;
export type Beep = keyof typeof BEEPS;

let context: AudioContext | null = null;

/** One short beep when sounds are on (and the browser has WebAudio). */
export function beep(kind: Beep): void {
  if (!isSoundOn()) return;
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = BEEPS[kind];
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.12);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.12);
  } catch {
    // No sound is never an error.
  }
}
