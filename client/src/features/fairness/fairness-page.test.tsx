import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { writeStoredSession } from '../../lib/auth/session-storage.ts';
import { commitmentOf } from '../../lib/fairness/verify.ts';
import { aUser } from '../../testing/fixtures.ts';

/**
 * /fairness?match= for the games that are not arcade games: a Hangman game (its final view shows the draws), a Crazy
 * match (its verifier reads the replay), one still on, and one from before the games drew from the fairness module.
 */

/** The engine's game from its test seed 'verify-hangman' (as in features/games/hangman/verify.test.ts). */
const HANGMAN_SEED = '1f01d8fd948ae89ea11296a853ec73a5c054af82a282243a228eeb5854bb06fa';
const hangmanView = (fairness: unknown, draws?: unknown) => ({
  matchId: 'm-h',
  status: 'lost',
  language: 'en',
  category: 'animals',
  difficulty: 'easy',
  slots: ['f', null, 'o', 'g'],
  guessed: ['o', 'f'],
  missed: [],
  wrongGuesses: 7,
  livesLeft: 0,
  hintsLeft: 0,
  startedAt: '2026-03-01T09:00:00.000Z',
  deadline: '2026-03-01T09:02:00.000Z',
  fairness,
  word: 'frog',
  ...(draws ? { draws } : {}),
});
const CRAZY_SEED = 'b3d686ea91fd4aa1acae03e9295b21234eb62f65d5b7e854020582a86907ad61';

let views: Record<string, unknown> = {};
const replays: Record<string, unknown> = {};

function answer(path: string): unknown {
  if (path === '/user') return aUser({ id: 'u-2', name: 'Sara' });
  if (path === '/games') return { games: [], categories: [] };
  if (path === '/fairness') return { clientSeed: 'Qal-player_1', nextNonce: 8 };
  if (path === '/fairness/games') return { games: [] };
  const replay = /^\/matches\/(.+)\/replay$/.exec(path);
  if (replay) return replays[decodeURIComponent(replay[1]!)];
  const match = /^\/matches\/(.+)$/.exec(path);
  if (match && views[decodeURIComponent(match[1]!)]) return { view: views[decodeURIComponent(match[1]!)] };
  throw new Error(`unexpected ${path}`);
}

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url).replace(/^\/api\/v1/, '');
      try {
        return new Response(JSON.stringify({ success: true, data: answer(path) }), { status: 200 });
      } catch {
        return new Response(JSON.stringify({ success: false, code: 'not_found', message: 'Not found' }), { status: 404 });
      }
    }),
  );
  writeStoredSession(localStorage, { token: 't', user: aUser({ id: 'u-2', name: 'Sara' }), authenticatedAt: Date.now() });
  authActor.start();
  const hangmanFairness = { commitment: await commitmentOf(HANGMAN_SEED), serverSeed: HANGMAN_SEED, clientSeed: 'Qal-player_1', nonce: 7 };
  const crazyFairness = { commitment: await commitmentOf(CRAZY_SEED), serverSeed: CRAZY_SEED, clientSeed: 'crazy_7c1d', nonce: 0 };
  views = {
    'm-h': hangmanView(hangmanFairness, {
      word: { index: 6, count: 38 },
      hints: [
        { index: 2, count: 4 },
        { index: 0, count: 3 },
      ],
    }),
    'm-stacked': hangmanView(hangmanFairness, { word: { index: 5, count: 38 }, hints: [] }),
    'm-old': hangmanView(null),
    'crazy.7c1d': { mode: 'crazy', matchId: 'crazy.7c1d', status: 'finished', fairness: crazyFairness },
    'crazy.on': { mode: 'crazy', matchId: 'crazy.on', status: 'playing', fairness: { ...crazyFairness, serverSeed: null } },
  };
  // A replay that shows nothing of the deal: the verifier cannot find the deal the seeds give in it.
  replays['crazy.7c1d'] = { kind: 'crazy', matchId: 'crazy.7c1d', roomCode: 'ABC234', final: {}, steps: [] };
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
const find = { timeout: 15_000 };

describe('/fairness for Hangman and Crazy', { timeout: 30_000 }, () => {
  it('checks a Hangman game: the seed matches the commitment and the word and hints are the ones drawn', async () => {
    renderAt('/fairness?match=m-h');
    expect((await screen.findByTestId('fairness-verdict', {}, find)).textContent).toBe('This game was fair.');
    expect(screen.getByTestId('commitment-check').textContent).toContain('✓');
    expect(screen.getByTestId('outcome-check').textContent).toContain('word 7 of 38; hint 1: letter 3 of 4; hint 2: letter 1 of 3');
  });

  it('says so when a Hangman word was not the one drawn', async () => {
    renderAt('/fairness?match=m-stacked');
    expect((await screen.findByTestId('fairness-verdict', {}, find)).textContent).toBe('This game could not be verified.');
    expect(screen.getByTestId('outcome-check').textContent).toContain('✗');
  });

  it('checks a Crazy match from its replay, and says so when its deal is not the one drawn', async () => {
    renderAt('/fairness?match=crazy.7c1d');
    expect((await screen.findByTestId('fairness-verdict', {}, find)).textContent).toBe('This game could not be verified.');
    expect(screen.getByTestId('commitment-check').textContent).toContain('✓');
    expect(screen.getByTestId('outcome-check').textContent).toContain('no replay of the match');
  });

  it('shows the commitment of a match still on, and that a match from before fairness cannot be checked', async () => {
    renderAt('/fairness?match=crazy.on');
    expect(await screen.findByText('The game is still on: its seed is revealed when it ends.', {}, find)).toBeTruthy();
    cleanup();
    renderAt('/fairness?match=m-old');
    expect((await screen.findByTestId('fairness-check', {}, find)).textContent).toBe('This game could not be verified.');
  });
});
