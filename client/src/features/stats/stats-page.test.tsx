import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { writeStoredSession } from '../../lib/auth/session-storage.ts';
import { aCatalogue } from '../../testing/catalogue-fixtures.ts';
import { aUser } from '../../testing/fixtures.ts';

// Joined at 03:00 on 1 January 2025 in Addis Ababa; last played on 1 May 2025.
const user = aUser({ created_at: '2025-01-01T00:00:00.000Z' });
const block = { games_played: 4, wins: 3, win_rate: 0.75, last_played: '2025-05-01T08:30:00.000Z' };
const page = {
  user: { id: user.id, name: user.name, avatar: null, badge: null, level: 1 },
  stats: { overall_stats: block, by_game: { hangman: block }, by_category: { word: block }, recent_plays: [] },
};

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      const data = path.includes('/stats/player/') ? page : path.endsWith('/user') ? user : aCatalogue();
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  writeStoredSession(localStorage, { token: 't', user, authenticatedAt: Date.now() });
  authActor.start();
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
const find = { timeout: 15_000 };
const lastPlayed = () => screen.getByText(/^(Last played|ለመጨረሻ ጊዜ የተጫወቱት)$/).nextElementSibling!;

// Page tests load lazy chunks and translations; other helpers share the 2 cores, so allow more than 5 s.
describe('/stats: dates on one’s own profile', { timeout: 30_000 }, () => {
  it('dates membership and the last game in the Ethiopian calendar in Amharic, the Gregorian date on hover', async () => {
    renderAt('/am/stats');
    const since = await screen.findByTestId('member-since', {}, find);
    await waitFor(() => expect(since.textContent).toBe('ከ23 ታኅሣሥ 2017 ዓ.ም. (1 ጃንዋሪ 2025 እ.ኤ.አ.) ጀምሮ አባል'));
    const joined = since.querySelector('time')!;
    expect(joined.getAttribute('title')).toBe('1 ጃንዋሪ 2025 እ.ኤ.አ.');
    expect(joined.getAttribute('dateTime')).toBe('2025-01-01T00:00:00.000Z');

    await screen.findByTestId('stats-grid', {}, find);
    const played = within(lastPlayed() as HTMLElement).getByText('23 ሚያዝያ 2017 ዓ.ም.');
    expect(played.closest('time')?.getAttribute('title')).toBe('1 ሜይ 2025 እ.ኤ.አ.');
  });

  it('keeps Gregorian dates in English', async () => {
    renderAt('/stats');
    const since = await screen.findByTestId('member-since', {}, find);
    await waitFor(() => expect(since.textContent).toBe('Member since 1 Jan 2025'));
    expect(since.querySelector('time')?.hasAttribute('title')).toBe(false);
    await screen.findByTestId('stats-grid', {}, find);
    expect(lastPlayed().textContent).toBe('1 May 2025');
  });
});
