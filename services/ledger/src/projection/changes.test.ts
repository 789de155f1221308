import type { JsonObject, StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { changesOf } from './changes.ts';

let position = 0n;
function stored(streamId: string, type: string, data: JsonObject): StoredEvent {
  position += 1n;
  return {
    streamId,
    streamPosition: 1,
    eventId: `event-${position}`,
    type,
    schemaVersion: 1,
    data,
    metadata: {},
    recordedAt: new Date(Date.UTC(2026, 2, 1, 12, 0, Number(position))),
    transactionId: position,
    globalPosition: position,
  };
}

const hold = 'bet-1';
const leg = (accountId: string, counterpartyId: string) => ({
  holdId: hold,
  accountId,
  counterpartyId,
  amount: 30,
  reason: 'bet_stake',
  matchId: 'match-1',
  expiresAt: '2026-03-01T13:00:00.000Z',
  balanceAfter: null,
  heldAfter: null,
});
const placed = () => [
  stored(`hold-${hold}`, 'HoldPlaced', {
    holdId: hold,
    debitAccountId: 'wallet:ann',
    creditAccountId: 'escrow:match-1',
    amount: 30,
    reason: 'bet_stake',
    matchId: 'match-1',
    expiresAt: '2026-03-01T13:00:00.000Z',
  }),
  stored('account-wallet:ann', 'DebitReserved', leg('wallet:ann', 'escrow:match-1')),
  stored('account-escrow:match-1', 'CreditReserved', leg('escrow:match-1', 'wallet:ann')),
];
const voided = () => [
  stored(`hold-${hold}`, 'HoldVoided', { holdId: hold, amount: 30 }),
  stored('account-wallet:ann', 'ReservationReleased', { ...release('wallet:ann'), side: 'debit' }),
  stored('account-escrow:match-1', 'ReservationReleased', { ...release('escrow:match-1'), side: 'credit' }),
];
const release = (accountId: string) => ({ holdId: hold, accountId, amount: 30, resolution: 'voided', balanceAfter: null, heldAfter: null });

describe('a batch of ledger events as read-model changes', () => {
  it('a hold placed and voided in one batch inserts its rows voided, and sets the same statuses for rows stored before', () => {
    const changes = changesOf([...placed(), ...voided()]);
    expect(changes.entries.map((e) => [e.account_id, e.amount, e.status])).toEqual([
      ['wallet:ann', -30, 'voided'],
      ['escrow:match-1', 30, 'voided'],
    ]);
    expect(changes.entryStatuses).toEqual([
      { hold_id: hold, account_id: 'wallet:ann', status: 'voided' },
      { hold_id: hold, account_id: 'escrow:match-1', status: 'voided' },
    ]);
    expect(changes.holds.map((h) => h.hold_id)).toEqual([hold]);
    expect(changes.holdStatuses).toMatchObject([{ hold_id: hold, status: 'voided' }]);
    expect(changes.accounts.get('wallet:ann')).toMatchObject({ balance: 0, held: 0 });
  });

  it('a hold placed in one batch and voided in the next: the first inserts pending rows, the second only sets statuses', () => {
    const first = changesOf(placed());
    expect(first.entries.map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(first.entryStatuses).toEqual([]);
    expect(first.holdStatuses).toEqual([]);
    const second = changesOf(voided());
    expect(second.entries).toEqual([]);
    expect(second.holds).toEqual([]);
    expect(second.entryStatuses.map((s) => s.status)).toEqual(['voided', 'voided']);
    expect(second.holdStatuses).toMatchObject([{ hold_id: hold, status: 'voided' }]);
  });
});
