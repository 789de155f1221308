import { asUserId, type Position, type StoredEvent, type UserId } from '@qal/events';
import { userIdOfWallet } from '../core/accounts.ts';

const WALLET_STREAM_PREFIX = 'account-wallet:';

/**
 * Which user's wallet an event changed, if any: the gateway pushes a fresh `queries.wallet(userId)` on the
 * user's channel, versioned by `position` (wait for `ledger.waitForProjection(position)` first so the read
 * model already shows it).
 */
export function walletChanges(event: StoredEvent): { userId: UserId; position: Position } | null {
  if (!event.streamId.startsWith(WALLET_STREAM_PREFIX)) return null;
  const userId = userIdOfWallet(event.streamId.slice('account-'.length));
  if (!userId) return null;
  return { userId: asUserId(userId), position: { transactionId: event.transactionId, globalPosition: event.globalPosition } };
}
