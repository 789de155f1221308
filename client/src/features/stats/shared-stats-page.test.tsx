import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { aCatalogue } from '../../testing/catalogue-fixtures.ts';

const block = {
  games_played: 4,
  wins: 3,
  win_rate: 0.75,
  tokens_earned: 6,
  level: 1,
  xp: 21,
  average_score: 180,
  highest_score: 350,
  total_score: 720,
  rounds: 4,
  best_rank: 2,
  last_played: '2025-05-01T08:30:00.000Z',
  current_streak: 1,
  longest_streak: 2,
};
const shared = {
  shareId: 'abcdefghijklmnopqrstuv',
  user: { id: 'u-9', name: 'Sara', avatar: null, badge: 'ras', level: 1 },
  stats: {
    overall_stats: block,
    by_game: { hangman: block },
    by_category: { word: block },
    recent_plays: [{ at: '2025-05-01T08:30:00.000Z', game: 'hangman', category: 'word', score: 350, won: true }],
  },
};
/** A player of the arcade: the server lists games and categories in the order it first counted them. */
const arcadePlayer = {
  ...shared,
  shareId: 'arcadearcadearcadearca',
  stats: {
    ...shared.stats,
    by_game: { 'geo-sprint': { ...block, best_rank: 4 }, crazy: block, hangman: block, mines: block },
    by_category: { trivia: block, card: block, word: block, mines: { ...block, games_played: 9 } },
  },
};
let catalogueDown = false;

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path.includes('/stats/share/revoked')) {
        return new Response(
          JSON.stringify({ success: false, code: 'share_not_found', message: 'This statistics link does not exist or was revoked' }),
          { status: 404 },
        );
      }
      if (path.endsWith('/games') && catalogueDown) {
        return new Response(JSON.stringify({ success: false, code: 'internal_error', message: 'down' }), { status: 500 });
      }
      const data = path.includes('/stats/share/arcade') ? arcadePlayer : path.includes('/stats/share/') ? shared : aCatalogue();
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  authActor.start();
});
afterEach(() => {
  cleanup();
  catalogueDown = false;
});

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

describe('/stats/share/{id}', () => {
  it('shows the shared statistics without login, with social-card tags', async () => {
    renderAt('/stats/share/abcdefghijklmnopqrstuv');
    expect(await screen.findByTestId('stats-grid', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Sara/ })).toBeTruthy();
    expect(screen.getByTestId('badge-ras')).toBeTruthy();
    expect(screen.getByTestId('score-chart')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Sara’s statistics on Qal'),
    );
    expect(document.title).toBe('Sara’s statistics on Qal');
  });

  it('names every game and category in Amharic, in catalogue order, each game linked to its board', async () => {
    renderAt('/am/stats/share/arcadearcadearcadearca');
    const geo = await screen.findByTestId('game-stats-geo-sprint', {}, { timeout: 5000 });
    await waitFor(() => expect(within(geo).getByText('የጂኦግራፊ ሩጫ')).toBeTruthy());
    expect(within(geo).getByText('#4')).toBeTruthy();
    const rows = [...document.querySelectorAll('[data-testid^="game-stats-"]')].map((row) => row.querySelector('strong')?.textContent);
    expect(rows).toEqual(['ሃንግማን', 'ክሪዚ', 'ፈንጂ', 'የጂኦግራፊ ሩጫ']);
    const link = within(geo).getByRole('link', { name: 'የደረጃ ሰንጠረዥ፦ የጂኦግራፊ ሩጫ' });
    expect(link.getAttribute('href')).toBe('/am/leaderboards?game=geo-sprint');
    // Crazy is played in rooms only and has no board to link to.
    expect(within(screen.getByTestId('game-stats-crazy')).queryByRole('link')).toBeNull();
    const bars = [...screen.getByTestId('category-chart').querySelectorAll('.bar-label')].map((label) => label.textContent);
    expect(bars).toEqual(['ቃላት', 'ካርታ', 'ፈንጂ', 'ጥያቄና መልስ']);
  });

  it('still names the games in the page’s language when the catalogue cannot be read', async () => {
    catalogueDown = true;
    renderAt('/am/stats/share/arcadearcadearcadearca');
    const geo = await screen.findByTestId('game-stats-geo-sprint', {}, { timeout: 5000 });
    await waitFor(() => expect(within(geo).getByText('የጂኦግራፊ ሩጫ')).toBeTruthy());
    expect(within(screen.getByTestId('game-stats-mines')).getByText('ፈንጂ')).toBeTruthy();
    expect(within(screen.getByTestId('category-chart')).getByText('ጥያቄና መልስ')).toBeTruthy();
    expect(screen.queryByText('geo-sprint')).toBeNull();
  });

  it('says so when the link was revoked', async () => {
    renderAt('/am/stats/share/revoked');
    expect(await screen.findByTestId('share-gone', {}, { timeout: 5000 })).toBeTruthy();
    // The page may show before the language switch lands: wait for the Amharic text.
    expect(await screen.findByText('ይህ የስታቲስቲክስ ሊንክ የለም ወይም ተሰርዟል።', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps a player’s statistics behind login', async () => {
    renderAt('/stats/player/u-9');
    expect(await screen.findByTestId('phone-input', {}, { timeout: 5000 })).toBeTruthy();
  });
});
