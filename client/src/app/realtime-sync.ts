import * as z from 'zod/mini';
import { authActor } from '../lib/auth/auth-live.ts';
import type { ChannelUpdate } from '../lib/realtime/connection.ts';
import { userChannel, walletViewSchema } from '../lib/realtime/protocol.ts';
import { realtime } from '../lib/realtime/realtime.ts';
import { resetWallet, setWallet } from '../lib/wallet-store.ts';
import { refreshPendingInvitations, resetPendingInvitations, setPendingInvitations } from '../lib/invitations-store.ts';

const walletInSnapshot = z.object({ wallet: walletViewSchema });
/** `invitation` pushes carry the pending list (or `{ invitations }`); a snapshot may carry it too. */
const invitationList = z.array(z.unknown());
const invitationsIn = z.object({ invitations: invitationList });

function applyInvitations(update: ChannelUpdate): void {
  const list = invitationList.safeParse(update.data);
  if (list.success) return setPendingInvitations(list.data.length, update.version);
  const nested = invitationsIn.safeParse(update.data);
  if (nested.success) setPendingInvitations(nested.data.invitations.length, update.version);
}

function applyUserChannel(update: ChannelUpdate): void {
  if (update.kind === 'snapshot' || update.event === 'invitation') applyInvitations(update);
  if (update.kind === 'push' && update.event !== 'wallet') return;
  const direct = walletViewSchema.safeParse(update.data);
  if (direct.success) {
    setWallet(direct.data, update.version);
    return;
  }
  const nested = walletInSnapshot.safeParse(update.data);
  if (nested.success) setWallet(nested.data.wallet, update.version);
}

/** Socket follows the session: connect when a token appears, drop it when the token is lost. */
export function startRealtimeSync(): void {
  let token: string | null = null;
  let userId: string | null = null;
  let leaveUserChannel: (() => void) | null = null;

  authActor.subscribe((snapshot) => {
    const nextToken = snapshot.context.token;
    const nextUserId = snapshot.context.user?.id ?? null;
    if (nextUserId !== userId) {
      leaveUserChannel?.();
      leaveUserChannel = null;
      resetWallet();
      resetPendingInvitations();
      userId = nextUserId;
      if (userId) leaveUserChannel = realtime.subscribe(userChannel(userId), applyUserChannel);
    }
    if (nextToken !== token) {
      token = nextToken;
      if (token) realtime.connect(token);
      else realtime.disconnect();
    }
  });

  // Invitation pushes missed while the socket was away are not replayed with the snapshot: read the count again.
  realtime.onStateChange((state) => {
    if (state === 'connected' && userId) refreshPendingInvitations().catch(() => undefined);
  });

  window.addEventListener('online', () => realtime.reconnect());
}
