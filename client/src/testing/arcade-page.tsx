import { render } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { authActor } from '../lib/auth/auth-live.ts';
import { writeStoredSession } from '../lib/auth/session-storage.ts';
import { i18n } from '../lib/i18n.ts';
import { aUser } from './fixtures.ts';

export type ApiCall = { method: string; path: string; body: unknown };

/** How long a page test waits for the page to show something (the page, its translations and its calls load lazily). */
export const FIND = { timeout: 10_000 };

/**
 * The API as an arcade game's page tests see it: `answer` stands in for the engine (the data of a 200 answer, or a
 * throw for a 404), every call is kept, and a player is signed in.
 */
export function fakeArcadeApi(answer: (method: string, path: string, body: unknown) => unknown) {
  const calls: ApiCall[] = [];
  return {
    calls,
    /** Installs the fake fetch, signs a player in and loads the page's translations. */
    async install(namespaces: readonly string[]): Promise<void> {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          const method = init?.method ?? 'GET';
          const path = String(url).replace(/^\/api\/v1/, '');
          const body = init?.body ? JSON.parse(String(init.body)) : undefined;
          calls.push({ method, path, body });
          try {
            return new Response(JSON.stringify({ success: true, data: answer(method, path, body) }), { status: 200 });
          } catch {
            return new Response(JSON.stringify({ success: false, code: 'not_found', message: 'Not found' }), { status: 404 });
          }
        }),
      );
      writeStoredSession(localStorage, { token: 't', user: aUser({ id: 'u-1' }), authenticatedAt: Date.now() });
      authActor.start();
      await i18n.loadNamespaces([...namespaces]);
    },
    /** The bodies POSTed to `path`, in order. */
    posted: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body),
    reset: () => {
      calls.length = 0;
    },
  };
}

/** The game's page at `path`, with /fairness beside it (the result card links there). */
export const renderArcadePage = (path: string, Page: ComponentType) =>
  render(
    <Suspense fallback={null}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path, element: <Page /> },
            { path: '/fairness', element: <p>fairness</p> },
          ],
          { initialEntries: [path] },
        )}
      />
    </Suspense>,
  );
