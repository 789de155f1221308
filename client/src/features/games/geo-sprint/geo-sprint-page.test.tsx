import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArcadeView, GeoSprintPlay, GeoSprintQuestion, GeoSprintResult } from '@qal/events/contracts';
import { notify } from '../../../lib/notify.ts';
import { FIND, fakeArcadeApi, renderArcadePage } from '../../../testing/arcade-page.tsx';
import { aUser } from '../../../testing/fixtures.ts';
import GeoSprintPage from './geo-sprint-page.tsx';

/**
 * A small stand-in for the engine: a round of two questions whose answers are B then D. After an answer the result
 * shows and the next question is put in the view only once its show time (REVEAL_MS later) has come, as the engine does.
 */
const REVEAL_MS = 1000;
const QUESTIONS = [
  {
    en: { question: 'What is the capital city of Ethiopia?', options: ['Adama', 'Addis Ababa', 'Gondar', 'Hawassa'] },
    am: { question: 'የኢትዮጵያ ዋና ከተማ የትኛው ነው?', options: ['አዳማ', 'አዲስ አበባ', 'ጎንደር', 'ሀዋሳ'] },
    answer: 1,
    explanation: 'Addis Ababa is the capital and the seat of the African Union.',
  },
  {
    en: { question: 'Which lake does the Blue Nile flow out of?', options: ['Lake Abaya', 'Lake Ziway', 'Lake Hawassa', 'Lake Tana'] },
    am: { question: 'አባይ ወንዝ የሚወጣው ከየትኛው ሐይቅ ነው?', options: ['አባያ', 'ዝዋይ', 'ሀዋሳ', 'ጣና'] },
    answer: 3,
    explanation: 'The Blue Nile leaves Lake Tana at Bahir Dar.',
  },
];

let position = 0;
let shownAt = 0;
let results: GeoSprintResult[] = [];
let removed: number[] = [];

const iso = (ms: number) => new Date(ms).toISOString();
const over = () => position >= QUESTIONS.length;

function currentQuestion(): GeoSprintQuestion | null {
  if (over() || Date.now() < shownAt) return null;
  const q = QUESTIONS[position]!;
  return {
    index: position,
    category: 'ethiopia',
    difficulty: 'easy',
    en: q.en,
    am: q.am,
    shownAt: iso(shownAt),
    deadline: iso(shownAt + 15_000),
    removed,
    hint: null,
  };
}

function play(): GeoSprintPlay {
  const right = results.filter((r) => r.correct).length;
  return {
    category: 'ethiopia',
    questionCount: QUESTIONS.length,
    secondsPerQuestion: 15,
    rightToWin: 1,
    position,
    current: currentQuestion(),
    nextAt: !over() && Date.now() < shownAt ? iso(shownAt) : null,
    results,
    lifelines: { fiftyFifty: removed.length === 0 && !over(), geoHint: !over() },
    score: results.reduce((sum, r) => sum + r.points.total, 0),
    right,
    streak: right,
    bestStreak: right,
    draw: over()
      ? {
          plan: ['ethiopia', 'ethiopia'],
          pools: [],
          fiftyFifty: [
            [0, 2],
            [0, 1],
          ],
        }
      : null,
  };
}

const arcadeView = (): ArcadeView => ({
  mode: 'arcade',
  game: 'geo-sprint',
  matchId: 'm-1',
  status: over() ? 'won' : 'playing',
  startedAt: '2026-03-01T09:00:00.000Z',
  deadline: over() ? null : iso(shownAt + 15_000),
  serverNow: new Date().toISOString(),
  cost: 8,
  options: { category: 'ethiopia' },
  fairness: { commitment: 'ab'.repeat(32), clientSeed: 'qal-player', nonce: 7, serverSeed: over() ? 'cd'.repeat(32) : null },
  outcome: over() ? { score: 250, tokens: 1, xp: 5, finishedAt: new Date().toISOString() } : null,
  play: play(),
});

function move(body: { type: string; question?: number; choice?: number }) {
  if (body.type === 'fifty_fifty') removed = [0, 2];
  if (body.type === 'next_question') shownAt = Date.now();
  if (body.type === 'answer') {
    const q = QUESTIONS[position]!;
    const correct = body.choice === q.answer;
    const total = correct ? 125 : 0;
    results = [
      ...results,
      {
        index: position,
        id: `et-00${position + 1}`,
        category: 'ethiopia',
        difficulty: 'easy',
        en: { ...q.en, explanation: q.explanation },
        am: { ...q.am, explanation: 'ማብራሪያ።' },
        source: 'https://example.org',
        answer: q.answer,
        choice: body.choice ?? null,
        correct,
        points: { base: correct ? 100 : 0, speed: correct ? 25 : 0, streak: 0, total },
        streak: correct ? 1 : 0,
        at: new Date().toISOString(),
        removed,
        hint: null,
      },
    ];
    position += 1;
    removed = [];
    shownAt = Date.now() + REVEAL_MS;
  }
  return { view: arcadeView() };
}

function answer(method: string, path: string, body: unknown): unknown {
  if (path === '/user') return aUser({ id: 'u-1' });
  if (path === '/games') return { games: [], categories: [] };
  if (path === '/games/geo-sprint/current') return { match: null, plays: { day: '2026-03-01', played: 0, limit: 15 } };
  if (path === '/games/geo-sprint/play' && method === 'POST') {
    shownAt = Date.now();
    return { matchId: 'm-1', view: arcadeView() };
  }
  if (path === '/matches/m-1/moves' && method === 'POST') return move(body as { type: string });
  if (path === '/matches/m-1') return { view: arcadeView() };
  throw new Error(`unexpected ${method} ${path}`);
}

const api = fakeArcadeApi(answer);
beforeAll(() => api.install(['geo-sprint', 'arcade']));

beforeEach(() => {
  api.reset();
  position = 0;
  results = [];
  removed = [];
});
afterEach(cleanup);

const renderPage = () => renderArcadePage('/geo-sprint', GeoSprintPage);
const find = FIND;
const posted = api.posted;
const idle = () => waitFor(() => expect(screen.getByTestId('geo-board').getAttribute('aria-busy')).toBe('false'), find);

describe('/geo-sprint', { timeout: 30_000 }, () => {
  it('starts with the chosen category, answers, shows the result, then the next question when its time comes, then the end', async () => {
    const problems = vi.spyOn(notify, 'error');
    renderPage();
    const start = await screen.findByTestId('start-game', {}, find);
    fireEvent.click(screen.getByTestId('category-ethiopia'));
    fireEvent.click(start);
    await waitFor(() => expect(posted('/games/geo-sprint/play')).toEqual([{ options: { category: 'ethiopia' } }]), find);

    // Question 1: the 50/50, then the right answer by a tap.
    expect(await screen.findByText('What is the capital city of Ethiopia?', {}, find)).toBeTruthy();
    expect(screen.getByTestId('geo-progress').textContent).toBe('1/2');
    await idle();
    fireEvent.click(screen.getByTestId('fifty-fifty'));
    await waitFor(() => expect((screen.getByTestId('option-2') as HTMLButtonElement).disabled).toBe(true), find);
    await idle();
    fireEvent.click(screen.getByTestId('option-1'));
    await waitFor(
      () =>
        expect(posted('/matches/m-1/moves')).toEqual([
          { type: 'fifty_fifty', question: 0 },
          { type: 'answer', question: 0, choice: 1 },
        ]),
      find,
    );

    // The result stays until the next question's show time; then the page asks the server, which shows it.
    expect((await screen.findByTestId('geo-verdict', {}, find)).textContent).toContain('Right!');
    expect(screen.getByTestId('geo-explanation').textContent).toContain('African Union');
    expect(screen.queryByText('Which lake does the Blue Nile flow out of?')).toBeNull();
    expect(await screen.findByText('Which lake does the Blue Nile flow out of?', {}, find)).toBeTruthy();
    expect(screen.getByTestId('geo-progress').textContent).toBe('2/2');

    // Question 2 from the keyboard: D is the answer.
    await idle();
    fireEvent.keyDown(window, { key: 'd' });
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(posted('/matches/m-1/moves').at(-1)).toEqual({ type: 'answer', question: 1, choice: 3 });
    expect(within(result).getByTestId('geo-explanation').textContent).toContain('Lake Tana');
    expect(within(result).getByTestId('summary-right').textContent).toBe('2 of 2');
    expect(within(result).getByTestId('verify-game')).toBeTruthy();
    expect(problems).not.toHaveBeenCalled();
  });

  it('lets the player go on before the reveal ends', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('start-game', {}, find));
    await screen.findByText('What is the capital city of Ethiopia?', {}, find);
    await idle();
    fireEvent.click(screen.getByTestId('option-0'));
    expect((await screen.findByTestId('geo-verdict', {}, find)).textContent).toContain('Wrong');
    fireEvent.click(await screen.findByTestId('next-question', {}, find));
    await waitFor(() => expect(posted('/matches/m-1/moves').at(-1)).toEqual({ type: 'next_question' }), find);
    expect(await screen.findByText('Which lake does the Blue Nile flow out of?', {}, find)).toBeTruthy();
  });
});
