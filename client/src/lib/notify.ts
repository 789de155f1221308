import type { ReactNode } from 'react';
import { toast } from 'sonner';
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

function show(kind: ToastKind, message: string, options: ToastOptions = {}): void {
  if (!message) return;
  if (!isFirstShow(`${kind}\u0000${message}\u0000${options.description ?? ''}`)) return;
  const sonnerOptions: { description?: ReactNode; duration: number; action?: ToastOptions['action'] } = {
    duration: options.duration ?? durationFor(kind),
  };
  if (options.description) sonnerOptions.description = options.description;
  if (options.action) sonnerOptions.action = options.action;
  toast[kind](message, sonnerOptions);
}

/** The app's only way to raise a toast: fixed durations per kind, identical toasts within 2 s shown once. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
