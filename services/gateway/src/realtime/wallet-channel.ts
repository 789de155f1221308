import {
  accountStreamId,
  USER_CHANNEL_PREFIX,
  userChannel,
  userOfChannel,
  walletAccountId,
  type EventStore,
  type StoredEvent,
} from '@qal/events';
import type { LedgerQueries, WalletBalance } from '../platform/ledger-port.ts';
import type { ChannelKind, Hub } from './hub.ts';

const WALLET_STREAM_PREFIX = accountStreamId(walletAccountId(''));

/** The user whose wallet an event changed, or null (a wallet leg lives in `account-wallet:<userId>`). */
export function walletOwner(event: Pick<StoredEvent, 'streamId'>): string | null {
  return event.streamId.startsWith(WALLET_STREAM_PREFIX) ? event.streamId.slice(WALLET_STREAM_PREFIX.length) : null;
}

/** Wallet legs carry the running totals, so the view comes from the event itself, never from a lagging read model. */
export function walletAfter(event: Pick<StoredEvent, 'data'>): WalletBalance | null {
  const { balanceAfter, heldAfter } = event.data;
  if (typeof balanceAfter !== 'number' || typeof heldAfter !== 'number') return null;
  return { balance: balanceAfter, held: heldAfter, available: balanceAfter - heldAfter };
}

const EMPTY_WALLET: WalletBalance = { balance: 0, held: 0, available: 0 };

/** `user:<id>`: only its owner may follow it; its view is the wallet at the wallet stream's last event. */
export function userChannelKind(deps: { store: EventStore; queries: LedgerQueries }): ChannelKind {
  return {
    prefix: USER_CHANNEL_PREFIX,
    // Invitations are pushed here too, versioned by room events: they must not be dropped behind a wallet version.
    separateEvents: ['invitation'],
    authorize: (userId, channel) => channel === userChannel(userId),
    async view(channel) {
      const userId = userOfChannel(channel) ?? '';
      const [last] = await deps.store.readStream(accountStreamId(walletAccountId(userId)), { direction: 'backward', limit: 1 });
      if (!last) return { version: 0, snapshot: EMPTY_WALLET };
      const wallet = walletAfter(last) ?? (await deps.queries.wallet(userId)) ?? EMPTY_WALLET;
      return { version: Number(last.globalPosition), snapshot: wallet };
    },
  };
}

/** Pushes `wallet` on `user:<id>` for every wallet change in a batch of events (the last one per user wins). */
export async function pushWalletChanges(hub: Hub, events: readonly StoredEvent[], queries: LedgerQueries): Promise<void> {
  const latest = new Map<string, StoredEvent>();
  for (const event of events) {
    const owner = walletOwner(event);
    if (owner) latest.set(owner, event);
  }
  for (const [userId, event] of latest) {
    const channel = userChannel(userId);
    if (!hub.hasFollowers(channel)) continue;
    const wallet = walletAfter(event) ?? (await queries.wallet(userId)) ?? EMPTY_WALLET;
    hub.publish(channel, 'wallet', Number(event.globalPosition), wallet);
  }
}
