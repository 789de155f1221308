import type { ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import { TOAST_DEDUPE_WINDOW_MS, TOAST_DURATION_MS } from '../config/constants.ts';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export type ToastOptions = {
  description?: string;
  action?: { label: string; onClick: () => void };
  duration?: number;
};

/** Returns true the first time a key is seen within the window, false for repeats inside it. */
export function createDeduper(windowMs: number, now: () => number = Date.now): (key: string) => boolean {
  const lastShown = new Map<string, number>();
  return (key) => {
    const at = now();
    for (const [seenKey, seenAt] of lastShown) {
      if (at - seenAt >= windowMs) lastShown.delete(seenKey);
    }
    if (lastShown.has(key)) return false;
    lastShown.set(key, at);
    return true;
  };
}

export function durationFor(kind: ToastKind): number {
  if (kind === 'error') return TOAST_DURATION_MS.error;
  if (kind === 'warning') return TOAST_DURATION_MS.warning;
  return TOAST_DURATION_MS.default;
}

const isFirstShow = createDeduper(TOAST_DEDUPE_WINDOW_MS);

type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | null = null;
const wantedListeners = new Set<() => void>();

/**
 * The toast library, a chunk of its own fetched with the first toast rather than with the first page (most visits
 * show none); a failed fetch is tried again with the next toast.
 */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner').catch((error: unknown) => {
      sonner = null;
      throw error;
    });
    for (const listener of wantedListeners) listener();
  }
  return sonner;
}

/** Whether a toast was asked for yet, for the app's Toaster to mount then (a useSyncExternalStore source). */
export const toastsWanted = {
  subscribe(listener: () => void) {
    wantedListeners.add(listener);
    return () => {
      wantedListeners.delete(listener);
    };
  },
  get: () => sonner !== null,
};

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (!message) return;
  if (!isFirstShow(`${kind}\u0000${message}\u0000${options.description ?? ''}`)) return;
  const sonnerOptions: { description?: ReactNode; duration: number; action?: ToastOptions['action'] } = {
    duration: options.duration ?? durationFor(kind),
  };
  if (options.description) sonnerOptions.description = options.description;
  if (options.action) sonnerOptions.action = options.action;
  // Shown once the library is here; the Toaster shows what was raised before it mounted.
  loadToasts().then(
    ({ toast }) => toast[kind](message, sonnerOptions),
    () => undefined,
  );
}

/** The app's only way to raise a toast: fixed durations per kind, identical toasts within 2 s shown once. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
