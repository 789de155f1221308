import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';

const entry = (rank: number, name: string, score: number, badge: string | null) => ({
  rank,
  user: { id: `id-${name}`, name, avatar: null },
  score,
  badge,
});
const requests: string[] = [];

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      requests.push(path);
      let data: unknown = { games: [{ slug: 'hangman', category: 'word', title: { en: 'Hangman', am: 'ሃንግማን' } }], categories: [] };
      if (path.includes('/leaderboards')) {
        data = path.includes('period=day')
          ? { entries: [], nextCursor: null }
          : {
              entries: [entry(1, 'Abebe', 900, 'emperor'), entry(1, 'Sara', 900, 'emperor'), entry(3, 'Kebede', 700, 'ras')],
              nextCursor: null,
            };
      }
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  authActor.start();
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

describe('/leaderboards', () => {
  it('lists ranks with shared ties and badges, and switches game and period tabs', async () => {
    renderAt('/leaderboards');
    const board = await screen.findByTestId('board', {}, { timeout: 5000 });
    const rows = within(board).getAllByTestId('board-row');
    expect(rows.map((row) => row.querySelector('.board-rank')?.textContent)).toEqual(['1', '1', '3']);
    expect(within(rows[0]!).getByRole('img', { name: 'Emperor' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('img', { name: 'Ras' })).toBeTruthy();
    expect(requests.at(-1)).toContain('period=week');

    fireEvent.click(await screen.findByTestId('game-tab-hangman'));
    await waitFor(() => expect(requests.some((r) => r.includes('game=hangman'))).toBe(true));
    fireEvent.click(screen.getByTestId('period-day'));
    expect(await screen.findByTestId('board-empty')).toBeTruthy();
    expect(screen.getByText('Log in to see your rank')).toBeTruthy();
  });

  it('speaks Amharic under /am, badge names included', async () => {
    renderAt('/am/leaderboards');
    // The page may show before the language switch lands: wait for the Amharic heading.
    expect(await screen.findByRole('heading', { name: 'የደረጃ ሰንጠረዦች' }, { timeout: 5000 })).toBeTruthy();
    const board = await screen.findByTestId('board', {}, { timeout: 5000 });
    expect(within(board).getAllByRole('img', { name: 'ንጉሠ ነገሥት' })).toHaveLength(2);
    expect(screen.getByTestId('period-all').textContent).toBe('የሁሉም ጊዜ');
  });
});
