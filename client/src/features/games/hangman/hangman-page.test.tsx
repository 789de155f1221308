import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../../app/routes.tsx';
import { authActor } from '../../../lib/auth/auth-live.ts';

const options = {
  cost: 9,
  dailyPlayLimit: 20,
  languages: [
    {
      language: 'en',
      categories: [{ id: 'animals', label: { en: 'Animals', am: 'እንስሳት' } }],
      difficulties: [{ id: 'easy', label: { en: 'Easy', am: 'ቀላል' } }],
      keys: ['a', 'b'],
    },
    {
      language: 'am',
      categories: [{ id: 'animals', label: { en: 'Animals', am: 'እንስሳት' } }],
      difficulties: [{ id: 'easy', label: { en: 'Easy', am: 'ቀላል' } }],
      keys: ['ሀ', 'ለ'],
    },
  ],
};

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = String(url).endsWith('/games/hangman/options') ? options : { games: [], categories: [] };
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    }),
  );
  authActor.start();
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

describe('/hangman', () => {
  it('is open without login, titled and described for search and sharing, and asks a signed-out player to sign in to play', async () => {
    renderAt('/hangman');
    expect(await screen.findByTestId('sign-in-to-play', {}, { timeout: 5000 })).toBeTruthy();
    // The page sets its title and description once it has drawn (an effect): waited for, as under /am.
    await waitFor(() => expect(document.title).toBe('Hangman Game'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Play the classic Hangman word guessing game');
    // The form is drawn before the options arrive; their categories fill it in.
    expect(await screen.findByRole('option', { name: 'Animals' })).toBeTruthy();
    expect((screen.getByTestId('language-en') as HTMLInputElement).checked).toBe(true);
  });

  it('speaks Amharic under /am', async () => {
    renderAt('/am/hangman');
    expect(await screen.findByText('ለመጫወት ይግቡ', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('የሃንግማን ጨዋታ'));
    expect(await screen.findByRole('option', { name: 'እንስሳት' })).toBeTruthy();
    expect((screen.getByTestId('language-am') as HTMLInputElement).checked).toBe(true);
  });

  it('shows how to play and the sign-in button while the server has not answered yet', async () => {
    const answering = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    try {
      renderAt('/hangman');
      expect(await screen.findByTestId('sign-in-to-play', {}, { timeout: 5000 })).toBeTruthy();
      expect(await screen.findByText('How to play', {}, { timeout: 5000 })).toBeTruthy();
      expect((screen.getByTestId('category-select') as HTMLSelectElement).disabled).toBe(true);
    } finally {
      vi.stubGlobal('fetch', answering);
    }
  });
});
