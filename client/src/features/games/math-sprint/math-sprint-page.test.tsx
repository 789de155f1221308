import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ArcadeView } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import type { ArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';

const game = vi.hoisted(() => ({ current: null as unknown as ArcadeGame }));
vi.mock('../../../lib/arcade/use-arcade-game.ts', () => ({ useArcadeGame: () => game.current }));

const { default: MathSprintPage } = await import('./math-sprint-page.tsx');

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['math-sprint', 'arcade']);
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { games: [], categories: [] } }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = Date.parse('2026-03-01T09:00:10.000Z');

function aGame(overrides: Partial<ArcadeGame> = {}): ArcadeGame {
  return {
    phase: 'setup',
    view: null,
    plays: { day: '2026-03-01', played: 2, limit: 15 },
    busy: false,
    signedIn: true,
    start: vi.fn(),
    move: vi.fn(),
    refresh: vi.fn(),
    again: vi.fn(),
    serverNow: () => NOW,
    ...overrides,
  };
}

function aView(play: object, overrides: Partial<ArcadeView> = {}): ArcadeView {
  return {
    mode: 'arcade',
    game: 'math-sprint',
    matchId: 'math-sprint.1',
    status: 'playing',
    startedAt: '2026-03-01T09:00:00.000Z',
    deadline: '2026-03-01T09:01:00.000Z',
    serverNow: '2026-03-01T09:00:10.000Z',
    cost: 10,
    options: { level: 'hard' },
    fairness: { commitment: 'ab'.repeat(32), clientSeed: 'player-seed', nonce: 7, serverSeed: null },
    outcome: null,
    play: play as ArcadeView['play'],
    ...overrides,
  };
}

const playing = {
  level: 'hard',
  endsAt: '2026-03-01T09:01:00.000Z',
  current: { index: 0, op: 'multiply', x: 15, y: 21, shownAt: '2026-03-01T09:00:00.000Z' },
  answered: 0,
  right: 0,
  streak: 0,
  bestStreak: 0,
  score: 0,
  last: null,
  speedBonusMs: 3000,
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/math-sprint']}>
      <MathSprintPage />
    </MemoryRouter>,
  );

describe('/math-sprint', () => {
  it('starts a game at the level chosen', () => {
    game.current = aGame();
    renderPage();
    fireEvent.click(screen.getByTestId('level-hard'));
    fireEvent.click(screen.getByTestId('start-game'));
    expect(game.current.start).toHaveBeenCalledWith({ level: 'hard' });
    expect(screen.getByTestId('start-game').textContent).toBe('Play for 10 tokens');
  });

  it('plays: the problem, the server’s countdown, and an answer sent as a math_answer move', () => {
    game.current = aGame({ phase: 'playing', view: aView(playing) });
    renderPage();
    expect(screen.getByTestId('problem').textContent).toContain('15 × 21 =');
    expect(screen.getByTestId('countdown').textContent).toContain('50');
    fireEvent.click(screen.getByTestId('key-3'));
    fireEvent.click(screen.getByTestId('key-1'));
    fireEvent.click(screen.getByTestId('key-5'));
    fireEvent.click(screen.getByTestId('key-submit'));
    expect(game.current.move).toHaveBeenCalledWith({ type: 'math_answer', problem: 0, value: 315 });
  });

  it('asks the server again while the time is up but the game not yet closed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    game.current = aGame({ phase: 'playing', view: aView({ ...playing, current: null }) });
    renderPage();
    expect(screen.getByTestId('time-up')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(game.current.refresh).toHaveBeenCalledOnce();
  });

  it('shows the result with the game in figures once over', () => {
    const answer = {
      index: 0,
      op: 'multiply',
      x: 15,
      y: 21,
      value: 315,
      answer: 315,
      right: true,
      points: 25,
      streakBonus: 0,
      speedBonus: 5,
      streak: 1,
      elapsedMs: 2000,
    };
    const over = {
      ...playing,
      current: null,
      answered: 1,
      right: 1,
      bestStreak: 1,
      score: 25,
      last: answer,
      endReason: 'time_up',
      problems: [{ op: 'multiply', x: 15, y: 21, answer: 315 }],
      answers: [answer],
    };
    const outcome = { score: 25, tokens: 0, xp: 0, finishedAt: '2026-03-01T09:01:00.000Z' };
    game.current = aGame({ phase: 'over', view: aView(over, { status: 'lost', outcome, deadline: null }) });
    renderPage();
    expect(screen.getByTestId('result-title').textContent).toBe('Game over');
    expect(screen.getByTestId('summary-right').textContent).toBe('1');
    expect(screen.getByTestId('result-score').textContent).toBe('25');
    fireEvent.click(screen.getByTestId('play-again'));
    expect(game.current.again).toHaveBeenCalled();
  });
});
