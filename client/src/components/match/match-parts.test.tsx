import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { i18n } from '../../lib/i18n.ts';
import { aRoom } from '../../testing/room-fixtures.ts';
import { MatchSettlement } from './match-parts.tsx';

const settlement = {
  matchId: 'm-1',
  pot: 38,
  rake: 2,
  prize: 36,
  players: [
    { id: 'u-1', payout: 36, spent: 19, net: 17 },
    { id: 'u-2', payout: 0, spent: 19, net: -19 },
  ],
};

beforeAll(async () => {
  await i18n.loadNamespaces(['multiplayer']);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the settlement of a finished match', () => {
  it("shows the prize, every player's net and the house's share", () => {
    render(<MatchSettlement room={aRoom({ status: 'finished', settlement })} matchId="m-1" />);
    expect(screen.getByTestId('result-prize').textContent).toBe('Prize: 36 tokens');
    const rows = screen.getAllByTestId('net-row');
    expect(rows.map((row) => row.textContent)).toEqual(['Abebe+17', 'Sara-19']);
    expect(within(rows[1]!).getByTestId('net-tokens').className).toBe('tone-bad');
    expect(screen.getByText('House share: 2 tokens')).toBeTruthy();
  });

  it('in Amharic', async () => {
    await i18n.changeLanguage('am');
    await i18n.loadNamespaces(['multiplayer']);
    render(<MatchSettlement room={aRoom({ status: 'finished', settlement })} matchId="m-1" />);
    expect(screen.getByTestId('result-prize').textContent).toBe('ሽልማት፦ 36 ቶከን');
    expect(screen.getByText('የአዘጋጁ ድርሻ፦ 2 ቶከን')).toBeTruthy();
  });

  it('shows nothing before the end, or for another match', () => {
    const { container } = render(<MatchSettlement room={aRoom({ status: 'finished', settlement })} matchId="m-2" />);
    expect(container.textContent).toBe('');
    render(<MatchSettlement room={aRoom()} matchId="m-1" />);
    expect(screen.queryByTestId('match-settlement')).toBeNull();
  });
});
