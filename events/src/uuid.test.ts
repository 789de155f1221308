import { describe, expect, it } from 'vitest';
import { uuidFrom } from './uuid.ts';

describe('uuidFrom', () => {
  it('derives the ids it has always derived (stored events and ledger entries are keyed by them)', () => {
    expect(uuidFrom('daily-bonus', '0b8e2f7c-1111-4222-8333-944445555666', '2026-11-26')).toBe('faaf8ea4-c862-5c28-a662-8c69a22d2c8f');
    expect(uuidFrom('ሀሁ', '')).toBe('28761d50-2d88-5202-9724-3621e6594cc4');
  });

  it('keeps parts apart: the same text split differently is another id', () => {
    expect(uuidFrom('ab', 'c')).not.toBe(uuidFrom('a', 'bc'));
    expect(uuidFrom('a|1:b')).not.toBe(uuidFrom('a', 'b'));
  });
});
