import { useSyncExternalStore } from 'react';
import type { WalletView } from './realtime/protocol.ts';

/**
 * The signed-in user's wallet as last seen from any source: websocket snapshot/push (with a version),
 * a REST read or the polling fallback (without). A versioned view older than the last one is dropped.
 */
let view: WalletView | null = null;
let version = -1;
const listeners = new Set<() => void>();

export function setWallet(next: WalletView, nextVersion?: number): void {
  if (nextVersion !== undefined) {
    if (nextVersion < version) return;
    version = nextVersion;
  }
  view = next;
  for (const listener of listeners) listener();
}

export function resetWallet(): void {
  view = null;
  version = -1;
  for (const listener of listeners) listener();
}

export function getWallet(): WalletView | null {
  return view;
}

export function useWallet(): WalletView | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getWallet,
    getWallet,
  );
}
