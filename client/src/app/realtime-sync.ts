import * as z from 'zod/mini';
import { authActor } from '../lib/auth/auth-live.ts';
import type { ChannelUpdate } from '../lib/realtime/connection.ts';
import { userChannel, walletViewSchema } from '../lib/realtime/protocol.ts';
import { realtime } from '../lib/realtime/realtime.ts';
import { resetWallet, setWallet } from '../lib/wallet-store.ts';

const walletInSnapshot = z.object({ wallet: walletViewSchema });

function applyUserChannel(update: ChannelUpdate): void {
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
      userId = nextUserId;
      if (userId) leaveUserChannel = realtime.subscribe(userChannel(userId), applyUserChannel);
    }
    if (nextToken !== token) {
      token = nextToken;
      if (token) realtime.connect(token);
      else realtime.disconnect();
    }
  });

  window.addEventListener('online', () => realtime.reconnect());
}
