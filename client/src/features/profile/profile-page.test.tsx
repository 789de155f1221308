import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { readStoredSession, writeStoredSession } from '../../lib/auth/session-storage.ts';
import { aUser } from '../../testing/fixtures.ts';
import { aCatalogue } from '../../testing/catalogue-fixtures.ts';

type Call = { method: string; path: string };
let calls: Call[] = [];

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(url).replace(/^\/api\/v1/, '');
      calls.push({ method, path });
      const data =
        path === '/auth/logout-all'
          ? { sessions: 3 }
          : path === '/user'
            ? aUser()
            : path.startsWith('/fairness')
              ? { clientSeed: 'seed', serverSeedHash: 'a'.repeat(64), nonce: 0 }
              : aCatalogue();
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
});

beforeAll(() => {
  writeStoredSession(localStorage, { token: 't', user: aUser(), authenticatedAt: Date.now() });
  authActor.start();
});
beforeEach(() => {
  calls = [];
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
const find = { timeout: 15_000 };

// Page tests load lazy chunks and translations; other helpers share the 2 cores, so allow more than 5 s.
describe('profile: sign out everywhere', { timeout: 30_000 }, () => {
  // Signing out ends the test's session: this test comes first.
  it('speaks Amharic on the Amharic page', async () => {
    renderAt('/am/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'ከሁሉም መሣሪያዎች ይውጡ' }, find));
    expect(screen.getByText('ይህንን ጨምሮ ከሁሉም መሣሪያዎች ይወጣሉ?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'አዎ፣ ከሁሉም እወጣለሁ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ይቅር' })).toBeTruthy();
  });

  it('asks once more, then ends every session and forgets this one', async () => {
    renderAt('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }, find));
    expect(screen.getByText('Sign out on every device, this one included?')).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/auth/logout-all')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await waitFor(() => expect(authActor.getSnapshot().matches('signedOut')).toBe(true), find);
    expect(calls.filter((c) => c.path === '/auth/logout-all')).toEqual([{ method: 'POST', path: '/auth/logout-all' }]);
    // The server ended the session already: nothing is sent to revoke it again, and nothing is kept here.
    expect(calls.some((c) => c.path === '/auth/logout')).toBe(false);
    expect(readStoredSession(localStorage, Date.now())).toBeNull();
  });
});
