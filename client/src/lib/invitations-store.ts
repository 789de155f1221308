import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { api } from './api-client.ts';

/**
 * How many room invitations wait for the signed-in player, for the badge on the Multiplayer link. Fed by the
 * `invitation` pushes on `user:<id>` (versioned, older ones dropped) and by the invitations page's own read.
 */
let count = 0;
let version = -1;
const listeners = new Set<() => void>();

export function setPendingInvitations(next: number, nextVersion?: number): void {
  if (nextVersion !== undefined) {
    if (nextVersion < version) return;
    version = nextVersion;
  }
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

export function resetPendingInvitations(): void {
  version = -1;
  setPendingInvitations(0);
}

const getCount = () => count;

export function usePendingInvitations(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getCount,
    getCount,
  );
}

const invitationsSchema = z.object({ invitations: z.array(z.unknown()) });

/** Re-reads the count (after a reconnect, pushes missed while away are not replayed; and while polling). */
export async function refreshPendingInvitations(): Promise<void> {
  const data = await api.request('/invitations', invitationsSchema, { requireSession: true });
  setPendingInvitations(data.invitations.length);
}
