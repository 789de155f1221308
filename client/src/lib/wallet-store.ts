import { useSyncExternalStore } from 'react';
import type { WalletView } from './realtime/protocol.ts';

/**
 * The signed-in user's wallet as last seen from any source: the websocket's snapshot and pushes, a REST read (after a
 * game, a bonus or a purchase, the wallet page, the polling fallback). Views arrive out of order: a read answered
 * before a game's reward can reach the page after the reward's push, and taking it would show the older balance until
 * the wallet next changes. So a view older than the one shown, by its version, is dropped; the newest is kept
 * whichever came last. A view without a version (a server that sends none) is taken as it comes.
 */
let view: WalletView | null = null;
let version = -1;
const listeners = new Set<() => void>();

/** `nextVersion`: the view's own version unless the caller has it apart (a push's message version, the same number). */
export function setWallet(next: WalletView, nextVersion: number | undefined = next.version): void {
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
