import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { authActor } from '../../lib/auth/auth-live.ts';
import { routes } from '../routes.tsx';
import { nextVisit } from './offline-gate.tsx';

const WAIT = { timeout: 5000 };

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { games: [], categories: [] } }), { status: 200 })),
  );
  authActor.start();
});

afterEach(cleanup);

describe('the offline page', () => {
  it('stands in for a page opened offline, in English and in Amharic, and gives way once the connection is back', async () => {
    setOnline(false);
    renderAt('/leaderboards');
    expect(await screen.findByRole('heading', { name: 'You are offline' }, WAIT)).toBeTruthy();
    cleanup();

    renderAt('/am/leaderboards');
    expect(await screen.findByRole('heading', { name: 'ከኢንተርኔት ጋር አልተገናኙም' }, WAIT)).toBeTruthy();
    expect(screen.getByText(/ግንኙነትዎ ሲመለስ ይህ ገጽ በራሱ ይከፈታል/)).toBeTruthy();

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'የደረጃ ሰንጠረዦች' }, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('offline-page')).toBeNull();
  });

  it('never replaces a page that was already showing when the connection drops', async () => {
    setOnline(true);
    const router = renderAt('/no/such/page');
    expect(await screen.findByText('Page Not Found', {}, WAIT)).toBeTruthy();
    setOnline(false);
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(screen.queryByTestId('offline-page')).toBeNull();

    // The next page asked for while offline is the offline page; the player may open it anyway.
    await act(() => router.navigate('/another/missing/page'));
    expect(await screen.findByTestId('offline-page', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the page anyway' }));
    expect(screen.getByText('Page not found: /another/missing/page')).toBeTruthy();
  });
});

describe('which page is held back', () => {
  it('holds back a page opened offline until the connection returns, then never again', () => {
    const opened = nextVisit({ key: 'a', heldBack: false }, 'b', false);
    expect(opened).toEqual({ key: 'b', heldBack: true });
    const back = nextVisit(opened, 'b', true);
    expect(back).toEqual({ key: 'b', heldBack: false });
    expect(nextVisit(back, 'b', false)).toBe(back);
  });
});
