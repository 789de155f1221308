import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArcadeView, CodebreakerPlay } from '@qal/events/contracts';
import { FIND, fakeArcadeApi, renderArcadePage } from '../../../testing/arcade-page.tsx';
import { aUser } from '../../../testing/fixtures.ts';
import CodebreakerPage from './codebreaker-page.tsx';
import { notify } from '../../../lib/notify.ts';
import { feedbackOf } from './verify.ts';

/** A small stand-in for the engine: one easy game with the code 046, pegs counted as the engine counts them. */
const CODE = '046';
let play: CodebreakerPlay;
let status: ArcadeView['status'];

const startPlay = (): CodebreakerPlay => ({
  level: 'easy',
  codeLength: 3,
  repeatsAllowed: false,
  attemptsMax: 12,
  attemptsUsed: 0,
  guesses: [],
  hintsMax: 2,
  hintsUsed: 0,
  hintCostPoints: 100,
  hints: [],
  timeLimitSeconds: 300,
  code: null,
  allHints: null,
  endReason: null,
});

const arcadeView = (): ArcadeView => ({
  mode: 'arcade',
  game: 'codebreaker',
  matchId: 'm-1',
  status,
  startedAt: '2026-03-01T09:00:00.000Z',
  deadline: status === 'playing' ? new Date(Date.now() + 300_000).toISOString() : null,
  serverNow: new Date().toISOString(),
  cost: 5,
  options: { level: 'easy' },
  fairness: { commitment: 'ab'.repeat(32), clientSeed: 'qal-player', nonce: 7, serverSeed: status === 'playing' ? null : 'cd'.repeat(32) },
  outcome: status === 'won' ? { score: 530, tokens: 5, xp: 10, finishedAt: new Date().toISOString() } : null,
  play,
});

function move(body: { type: string; digits?: string }) {
  if (body.type === 'code_hint') {
    play = { ...play, hintsUsed: play.hintsUsed + 1, hints: [...play.hints, { kind: 'digit_in_code', digit: '4' }] };
  } else if (body.type === 'guess_code' && body.digits) {
    const pegs = feedbackOf(CODE, body.digits);
    const guesses = [...play.guesses, { digits: body.digits, ...pegs, at: new Date().toISOString() }];
    play = { ...play, guesses, attemptsUsed: guesses.length };
    if (pegs.exact === CODE.length) {
      status = 'won';
      play = { ...play, code: CODE, endReason: 'solved', allHints: [] };
    }
  }
  return { view: arcadeView() };
}

function answer(method: string, path: string, body: unknown): unknown {
  if (path === '/user') return aUser({ id: 'u-1' });
  if (path === '/games')
    return {
      games: [
        {
          slug: 'codebreaker',
          category: 'code_breaker',
          title: { en: 'Codebreaker', am: 'ኮድ ሰባሪ' },
          description: { en: 'Crack the secret code by logic.', am: 'ሚስጥራዊውን ኮድ በማመዛዘን ይፍቱ።' },
          instructions: { en: 'Crack the secret code of digits 0 to 9.', am: 'ኮዱን ይፍቱ።' },
          cost: 5,
        },
      ],
      categories: [],
    };
  if (path === '/games/codebreaker/current') return { match: null, plays: { day: '2026-03-01', played: 2, limit: 15 } };
  if (path === '/games/codebreaker/play' && method === 'POST') return { matchId: 'm-1', view: arcadeView() };
  if (path === '/matches/m-1/moves' && method === 'POST') return move(body as { type: string; digits?: string });
  if (path === '/matches/m-1') return { view: arcadeView() };
  throw new Error(`unexpected ${method} ${path}`);
}

const api = fakeArcadeApi(answer);
beforeAll(() => api.install(['codebreaker', 'arcade']));

beforeEach(() => {
  api.reset();
  play = startPlay();
  status = 'playing';
});
afterEach(cleanup);

const renderPage = () => renderArcadePage('/codebreaker', CodebreakerPage);
const find = FIND;
const posted = api.posted;

describe('/codebreaker', { timeout: 30_000 }, () => {
  it('starts at the chosen level, plays guesses and a hint from the keypad and the keyboard, and shows the code at the end', async () => {
    const problems = vi.spyOn(notify, 'error');
    renderPage();
    const start = await screen.findByRole('button', { name: 'Play for 5 tokens' }, find);
    expect(screen.getByTestId('plays-today').textContent).toBe('Played today: 2 of 15');
    fireEvent.click(screen.getByTestId('level-easy'));
    fireEvent.click(start);
    await waitFor(() => expect(posted('/games/codebreaker/play')).toEqual([{ options: { level: 'easy' } }]), find);

    // The keypad: three digits, then Guess.
    await screen.findByTestId('keypad', {}, find);
    expect(screen.getByTestId('attempts').textContent).toBe('Attempt 0 of 12');
    for (const digit of ['1', '2', '4']) fireEvent.click(screen.getByRole('button', { name: digit }));
    fireEvent.click(screen.getByRole('button', { name: 'Guess' }));
    await waitFor(() => expect(posted('/matches/m-1/moves')).toEqual([{ type: 'guess_code', digits: '124' }]), find);
    const row = await screen.findByTestId('guess-1', {}, find);
    expect(row.getAttribute('aria-label')).toBe('Guess 1: 1 2 4. 0 in the right place, 1 in the wrong place.');
    expect(screen.getByTestId('entry').textContent).toBe('');

    // A hint, shown as text.
    fireEvent.click(screen.getByTestId('hint'));
    expect(await screen.findByText('Hint: 4 is in the code.', {}, find)).toBeTruthy();

    // The physical keyboard solves it.
    await waitFor(() => expect(screen.getByTestId('codebreaker-board').getAttribute('aria-busy')).toBe('false'), find);
    for (const key of ['0', '4', '6', 'Enter']) fireEvent.keyDown(window, { key });
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(posted('/matches/m-1/moves').at(-1)).toEqual({ type: 'guess_code', digits: '046' });
    expect(within(result).getByTestId('result-title').textContent).toBe('Cracked in 2 attempts!');
    expect(within(result).getByTestId('code').getAttribute('aria-label')).toBe('The code was 0 4 6');
    expect(within(result).getByTestId('result-score').textContent).toBe('530');
    expect(within(result).getByTestId('verify-game')).toBeTruthy();
    expect(screen.queryByTestId('keypad')).toBeNull();
    expect(problems).not.toHaveBeenCalled();
  });
});
