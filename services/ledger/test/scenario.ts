import { escrowAccountId, uuidFrom, walletAccountId } from '@qal/events';
import type { Ledger } from '../src/index.ts';
import { sandboxReference } from '../src/payments/sandbox.ts';
import { command, data } from './support.ts';

/**
 * A small day of the economy: sign-ups, bonuses, a purchase, a room match settled as rooms settle (two entry fees of
 * 50 posted into its escrow, a third voided; the house's rake of 10 % of the fees, the rest to the winner), an expiry.
 */
export async function runScenario(ledger: Ledger, prefix = 'sc'): Promise<void> {
  const users = ['abebe', 'bethlehem', 'chala'].map((u) => `${prefix}-${u}`);
  for (const userId of users) data(await ledger.handle(command('OpenWallet', { userId })));
  for (const userId of users) data(await ledger.handle(command('ClaimDailyBonus', { userId })));

  const purchaseId = `${prefix}-purchase-1`;
  data(await ledger.handle(command('StartPurchase', { userId: users[0], purchaseId, packageId: 'tokens_500' })));
  data(await ledger.handle(command('ConfirmPurchase', { purchaseId, providerReference: sandboxReference(purchaseId) })));

  const matchId = `${prefix}-match-1`;
  const escrow = escrowAccountId(matchId);
  for (const userId of users) {
    data(
      await ledger.handle(
        command('PlaceHold', {
          holdId: uuidFrom(matchId, userId, 'entry'),
          from: walletAccountId(userId),
          to: escrow,
          amount: 50,
          reason: 'entry_fee',
          matchId,
          expiresAt: '2026-03-01T10:00:00.000Z',
        }),
      ),
    );
  }
  data(await ledger.handle(command('PostHold', { holdId: uuidFrom(matchId, users[0]!, 'entry') })));
  data(await ledger.handle(command('PostHold', { holdId: uuidFrom(matchId, users[1]!, 'entry') })));
  data(await ledger.handle(command('VoidHold', { holdId: uuidFrom(matchId, users[2]!, 'entry') })));
  data(
    await ledger.handle(
      command('Transfer', {
        transferId: uuidFrom(matchId, 'payout'),
        from: escrow,
        to: walletAccountId(users[1]!),
        amount: 90,
        reason: 'payout',
        matchId,
      }),
    ),
  );
  data(
    await ledger.handle(
      command('Transfer', { transferId: uuidFrom(matchId, 'rake'), from: escrow, to: 'house', amount: 10, reason: 'rake', matchId }),
    ),
  );

  data(
    await ledger.handle(
      command('PlaceHold', {
        holdId: uuidFrom(prefix, 'late-hold'),
        from: walletAccountId(users[2]!),
        to: 'house',
        amount: 5,
        reason: 'game_fee',
        expiresAt: '2026-03-01T09:05:00.000Z',
      }),
    ),
  );
  data(await ledger.handle(command('ExpireHolds', {}, { issuedAt: '2026-03-01T09:10:00.000Z' })));
}
