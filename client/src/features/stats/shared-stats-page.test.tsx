import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';

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
      const data = path.includes('/stats/share/') ? shared : { games: [], categories: [] };
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  authActor.start();
});
afterEach(cleanup);

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
