import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, matchRoutes } from 'react-router';
import { authActor } from '../lib/auth/auth-live.ts';
import { routes } from './routes.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const leafPath = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { games: [] } }), { status: 200 })),
  );
  authActor.start();
});

afterEach(cleanup);

describe('routes declared once, mounted under / and /am', () => {
  it('reaches the same page with and without the Amharic prefix', () => {
    expect(leafPath('/wallet')).toBe('wallet');
    expect(leafPath('/am/wallet')).toBe('wallet');
    expect(leafPath('/am/login')).toBe('login');
    expect(leafPath('/auth/login')).toBe('auth/login');
  });

  it('does not take other first segments for a language', () => {
    expect(leafPath('/amx/wallet')).toBe('*');
    expect(leafPath('/xx/wallet')).toBe('*');
  });

  it('mounts the multiplayer pages under both prefixes', () => {
    expect(leafPath('/multiplayer')).toBe('multiplayer');
    expect(leafPath('/am/multiplayer/room/ABC234')).toBe('multiplayer/room/:code');
    expect(leafPath('/multiplayer/join/ABC234')).toBe('multiplayer/join/:code');
    expect(leafPath('/am/multiplayer/game/ABC234')).toBe('multiplayer/game/:code');
    expect(leafPath('/multiplayer/history')).toBe('multiplayer/history');
    expect(leafPath('/multiplayer/invitations')).toBe('multiplayer/invitations');
    expect(leafPath('/am/multiplayer/replay/m-1')).toBe('multiplayer/replay/:matchId');
  });
});

describe('pages', () => {
  it("shows 'Page Not Found' with the path for an unknown address", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Page Not Found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Page not found: /no/such/page')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });

  it("mounts each single-player game at its path from the game registry, and 'Page Not Found' for a path no game has", async () => {
    expect(leafPath('/hangman')).toBe(':game');
    expect(leafPath('/am/hangman')).toBe(':game');
    renderAt('/no-such-game');
    expect(await screen.findByText('Page Not Found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Page not found: /no-such-game')).toBeTruthy();
  });

  it('sends a signed-out player from a login-only page to /login, keeping the way back', async () => {
    const router = renderAt('/am/wallet');
    await screen.findByTestId('phone-input', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/am/login');
    expect(router.state.location.search).toBe('?redirect=%2Fam%2Fwallet');
  });

  it('asks a signed-out player to log in before any multiplayer page', async () => {
    const router = renderAt('/multiplayer/join/ABC234');
    await screen.findByTestId('phone-input', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fmultiplayer%2Fjoin%2FABC234');
  });

  it('renders the Amharic shell under /am and sets the document language', async () => {
    renderAt('/am');
    expect(await screen.findByText('ጨዋታዎች በቅርቡ ይመጣሉ', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('am'));
    expect(screen.getAllByText('ዋሌት').length).toBeGreaterThan(0);
    expect(screen.getByTestId('login-button').textContent).toBe('ይግቡ');
  });

  it('switches language on the same page by swapping the prefix and remembers it in the lng cookie', async () => {
    const router = renderAt('/');
    await screen.findByText('Games are on their way', {}, { timeout: 5000 });
    act(() => screen.getByTestId('language-menu').click());
    act(() => screen.getByTestId('lang-am').click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/am'));
    expect(document.cookie).toContain('lng=am');
  });
});
