import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../../lib/i18n.ts';
import { formatSignedAmount, gameLinkOf, TransactionList } from './transaction-list.tsx';
import type { Transaction } from './wallet-api.ts';

beforeAll(async () => {
  await i18n.loadNamespaces('wallet');
});
afterEach(cleanup);

// The daily bonus, taken at 00:30 on 11 September 2025 in Addis Ababa: the first day of the Ethiopian year 2018.
const bonus: Transaction = {
  id: 't-1',
  amount: 10,
  reason: 'daily_bonus',
  status: 'posted',
  matchId: null,
  purchaseId: null,
  at: '2025-09-10T21:30:00.000Z',
};

describe('signed token amounts', () => {
  it('shows money in with a plus and money out with a minus sign', () => {
    expect(formatSignedAmount(100, 'en')).toBe('+100');
    expect(formatSignedAmount(-9, 'en')).toBe('\u22129');
    expect(formatSignedAmount(1500, 'en')).toBe('+1,500');
    expect(formatSignedAmount(0, 'en')).toBe('0');
  });
});

describe('the game a movement came from', () => {
  it('links a room match to its replay, an arcade game to its check, and single-player Hangman to its page', () => {
    expect(gameLinkOf('crazy.3f1c')).toEqual({ slug: 'crazy', to: '/multiplayer/replay/crazy.3f1c' });
    expect(gameLinkOf('hangman-duel.9a')).toEqual({ slug: 'hangman', to: '/multiplayer/replay/hangman-duel.9a' });
    expect(gameLinkOf('codebreaker-race.5')).toEqual({ slug: 'codebreaker', to: '/multiplayer/replay/codebreaker-race.5' });
    expect(gameLinkOf('mines.77')).toEqual({ slug: 'mines', to: '/fairness?match=mines.77' });
    expect(gameLinkOf('0b6f4c1e-1111-4222-8333-944445555666')).toEqual({ slug: 'hangman', to: '/hangman' });
  });
});

describe('when a movement happened', () => {
  it('is an Ethiopian date in Amharic, the Gregorian date and time on hover', () => {
    render(<TransactionList items={[bonus]} locale="am" />);
    const time = screen.getByTestId('tx-row').querySelector('time')!;
    expect(time.firstChild?.textContent).toBe('1 መስከረም 2018 ዓ.ም.፣ 12:30 ጥዋት');
    expect(time.getAttribute('title')).toBe('11 ሴፕቴምበር 2025 እ.ኤ.አ.፣ 12:30 ጥዋት');
    expect(time.getAttribute('dateTime')).toBe('2025-09-10T21:30:00.000Z');
  });

  it('is a Gregorian date in English, in Addis Ababa time', () => {
    render(<TransactionList items={[bonus]} locale="en" />);
    expect(screen.getByTestId('tx-row').querySelector('time')?.textContent).toMatch(/^11 Sept? 2025, 00:30$/);
  });
});
