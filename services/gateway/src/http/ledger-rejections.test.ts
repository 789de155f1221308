import { describe, expect, it } from 'vitest';
import { publicLedgerRejection } from './ledger-rejections.ts';

describe('publicLedgerRejection', () => {
  it('keeps only the details a player may see', () => {
    expect(publicLedgerRejection('insufficient_tokens', { accountId: 'wallet:u-1', available: 3, amount: 10 })).toEqual({
      code: 'insufficient_tokens',
      details: { available: 3, amount: 10 },
      filtered: true,
    });
    expect(publicLedgerRejection('daily_bonus_already_claimed', { day: '2026-03-02' })).toEqual({
      code: 'daily_bonus_already_claimed',
      details: { day: '2026-03-02' },
      filtered: false,
    });
  });

  it('names internal and provider reasons in our own words, without their details', () => {
    expect(publicLedgerRejection('payment_not_verified', { reason: 'Chapa verify answered HTTP 500' })).toEqual({
      code: 'payment_not_verified',
      details: {},
      filtered: true,
    });
    expect(publicLedgerRejection('transfer_id_conflict', { purchaseId: 'p-1' }).code).toBe('purchase_conflict');
    expect(publicLedgerRejection('account_not_found', { accountId: 'wallet:u-1' }).code).toBe('wallet_not_found');
    expect(publicLedgerRejection('hold_already_resolved', { holdId: 'h', status: 'posted' })).toEqual({
      code: 'request_refused',
      details: {},
      filtered: true,
    });
  });
});
