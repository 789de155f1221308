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

/** The wallet as of `event`, its last event so far, versioned by that event's global position (as its push is). */
async function walletAsOf(event: StoredEvent, userId: string, queries: LedgerQueries): Promise<WalletBalance & { version: number }> {
  const version = Number(event.globalPosition);
  const wallet = walletAfter(event) ?? (await queries.wallet(userId)) ?? EMPTY_WALLET;
  return { balance: wallet.balance, held: wallet.held, available: wallet.available, version };
}

/**
 * A user's wallet now, from the wallet stream's last event, with its version: every read of the wallet (GET, the
 * channel's snapshot) answers from the store the pushes come from, so a read served after a push is never older than
 * it (the ledger's read model may still lag), and one served before can be told older by its version.
 */
export async function currentWallet(
  deps: { store: EventStore; queries: LedgerQueries },
  userId: string,
): Promise<WalletBalance & { version: number }> {
  const [last] = await deps.store.readStream(accountStreamId(walletAccountId(userId)), { direction: 'backward', limit: 1 });
  return last ? walletAsOf(last, userId, deps.queries) : { ...EMPTY_WALLET, version: 0 };
}

/** `user:<id>`: only its owner may follow it; its view is the wallet at the wallet stream's last event. */
export function userChannelKind(deps: { store: EventStore; queries: LedgerQueries }): ChannelKind {
  return {
    prefix: USER_CHANNEL_PREFIX,
    // Invitations are pushed here too, versioned by room events: they must not be dropped behind a wallet version.
    separateEvents: ['invitation'],
    authorize: (userId, channel) => channel === userChannel(userId),
    async view(channel) {
      const wallet = await currentWallet(deps, userOfChannel(channel) ?? '');
      return { version: wallet.version, snapshot: wallet };
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
    const wallet = await walletAsOf(event, userId, queries);
    hub.publish(channel, 'wallet', wallet.version, wallet);
  }
}
