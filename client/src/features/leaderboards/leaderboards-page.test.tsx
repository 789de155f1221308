import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { aCatalogue } from '../../testing/catalogue-fixtures.ts';

const entry = (rank: number, name: string, score: number, badge: string | null) => ({
  rank,
  user: { id: `id-${name}`, name, avatar: null },
  score,
  badge,
});
const requests: string[] = [];
/** The keys the server gives each period's board (the day, Monday, month and year in Addis Ababa; Ethiopian ones too). */
const PERIOD_KEYS: Record<string, string> = {
  day: '2025-09-11',
  week: '2025-09-08',
  month: '2025-09',
  year: '2025',
  all: 'all',
  'ethiopian-month': '2018-01',
  'ethiopian-year': '2018',
};

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      requests.push(path);
      let data: unknown = aCatalogue();
      if (path.includes('/leaderboards')) {
        const period = new URLSearchParams(path.split('?')[1]).get('period');
        const periodKey = PERIOD_KEYS[period ?? 'week'];
        data = path.includes('period=day')
          ? { periodKey, entries: [], nextCursor: null }
          : {
              periodKey,
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

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};
const boardRequests = () => requests.filter((r) => r.includes('/leaderboards?'));

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

  it('has a board for every game that ranks scores, titled, each reachable by its tab and by its address', async () => {
    const router = renderAt('/leaderboards');
    const tabs = await screen.findByTestId('game-tab-mines', {}, { timeout: 5000 });
    expect(
      within(screen.getByTestId('game-tabs'))
        .getAllByRole('button')
        .map((tab) => tab.textContent),
    ).toEqual(['All games', 'Hangman', 'Codebreaker', 'Mines', 'Sum Chaser', 'Geo Sprint', 'Math Sprint', 'Rapid Recall']);
    // Crazy is played in rooms only: its scores never rank, so it has no tab.
    expect(screen.queryByTestId('game-tab-crazy')).toBeNull();
    expect(screen.getByTestId('board-title').textContent).toBe('All games · This week');

    fireEvent.click(tabs);
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('Mines · This week'));
    expect(tabs.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(boardRequests().at(-1)).toContain('game=mines'));
    expect(router.state.location.search).toBe('?game=mines');
    fireEvent.click(screen.getByTestId('period-all'));
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('Mines · All time'));
    expect(router.state.location.search).toBe('?game=mines&period=all');
    // Signing in comes back to the same board.
    expect(screen.getByRole('link', { name: 'Log in to see your rank' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/leaderboards?game=mines&period=all')}`,
    );
    await waitFor(() => expect(boardRequests().at(-1)).toMatch(/period=all.*game=mines|game=mines.*period=all/));
  });

  it('opens a game’s board from a link, in Amharic', async () => {
    renderAt('/am/leaderboards?game=geo-sprint&period=day');
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('የጂኦግራፊ ሩጫ · ዛሬ'), { timeout: 5000 });
    expect(screen.getByTestId('game-tab-geo-sprint').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('game-tab-mines').textContent).toBe('ፈንጂ');
    expect(boardRequests().some((r) => r.includes('game=geo-sprint') && r.includes('period=day'))).toBe(true);
  });

  it('shows the Ethiopian month board in Amharic, named with its Gregorian days on hover; the Gregorian month in English', async () => {
    renderAt('/am/leaderboards?period=month');
    const label = await screen.findByTestId('board-period', {}, { timeout: 5000 });
    await waitFor(() => expect(label.firstChild?.textContent).toBe('መስከረም 2018 ዓ.ም.'));
    expect(boardRequests().at(-1)).toContain('period=ethiopian-month');
    expect(label.getAttribute('title')).toBe('11 ሴፕቴምበር – 10 ኦክቶበር 2025 እ.ኤ.አ.');
    // Screen readers, out of reach of a hover text, hear the Gregorian days too.
    expect(label.textContent).toContain('(11 ሴፕቴምበር – 10 ኦክቶበር 2025 እ.ኤ.አ.)');
    cleanup();

    renderAt('/leaderboards?period=month');
    await waitFor(() => expect(screen.getByTestId('board-period').textContent).toBe('September 2025'), { timeout: 5000 });
    expect(boardRequests().at(-1)).toContain('period=month');
    fireEvent.click(screen.getByTestId('period-all'));
    await waitFor(() => expect(screen.queryByTestId('board-period')).toBeNull());
  });

  it('shows the global board for a game without one', async () => {
    renderAt('/leaderboards?game=crazy');
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('All games · This week'), { timeout: 5000 });
    expect(screen.getByTestId('game-tab-global').getAttribute('aria-pressed')).toBe('true');
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
