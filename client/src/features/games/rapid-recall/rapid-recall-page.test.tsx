import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RAPID_RECALL_POOLS, type ArcadeView } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import type { ArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';

const game = vi.hoisted(() => ({ current: null as unknown as ArcadeGame }));
vi.mock('../../../lib/arcade/use-arcade-game.ts', () => ({ useArcadeGame: () => game.current }));

const { default: RapidRecallPage } = await import('./rapid-recall-page.tsx');

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['rapid-recall', 'arcade']);
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

const NOW = Date.parse('2026-03-01T09:00:11.300Z');

function aGame(overrides: Partial<ArcadeGame> = {}): ArcadeGame {
  return {
    phase: 'setup',
    view: null,
    plays: { day: '2026-03-01', played: 0, limit: 15 },
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

const showing = {
  kind: 'digit',
  pad: [...RAPID_RECALL_POOLS.digit],
  round: 1,
  length: 3,
  lives: 3,
  livesMax: 3,
  score: 0,
  longest: 0,
  winLength: 6,
  lengthMax: 15,
  phase: 'showing',
  roundStartsAt: '2026-03-01T09:00:10.000Z',
  itemMs: 1000,
  inputOpensAt: '2026-03-01T09:00:13.000Z',
  inputClosesAt: '2026-03-01T09:00:22.500Z',
  showing: { index: 1, item: '7' },
  nextChangeAt: '2026-03-01T09:00:12.000Z',
  last: null,
};

function aView(play: object, overrides: Partial<ArcadeView> = {}): ArcadeView {
  return {
    mode: 'arcade',
    game: 'rapid-recall',
    matchId: 'rapid-recall.1',
    status: 'playing',
    startedAt: '2026-03-01T09:00:08.500Z',
    deadline: '2026-03-01T09:00:22.500Z',
    serverNow: '2026-03-01T09:00:11.300Z',
    cost: 8,
    options: { kind: 'digit' },
    fairness: { commitment: 'cd'.repeat(32), clientSeed: 'player-seed', nonce: 3, serverSeed: null },
    outcome: null,
    play: play as ArcadeView['play'],
    ...overrides,
  };
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/rapid-recall']}>
      <RapidRecallPage />
    </MemoryRouter>,
  );

describe('/rapid-recall', () => {
  it('starts a game with the kind chosen', () => {
    game.current = aGame();
    renderPage();
    fireEvent.click(screen.getByTestId('kind-fidel'));
    fireEvent.click(screen.getByTestId('start-game'));
    expect(game.current.start).toHaveBeenCalledWith({ kind: 'fidel' });
  });

  it('asks the server again when the next item is due, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    game.current = aGame({ phase: 'playing', view: aView(showing) });
    renderPage();
    expect(screen.getByTestId('shown-item').getAttribute('aria-label')).toBe('7');
    act(() => vi.advanceTimersByTime(650));
    expect(game.current.refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(game.current.refresh).toHaveBeenCalledOnce();
  });

  it('keeps asking while a closed window waits for the server to take the life', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    game.current = aGame({ phase: 'playing', view: aView({ ...showing, phase: 'timed_out', showing: null, nextChangeAt: null }) });
    renderPage();
    act(() => vi.advanceTimersByTime(1_000));
    expect(game.current.refresh).toHaveBeenCalledOnce();
  });

  it('sends the sequence as a recall move, and shows the answer window’s countdown', () => {
    game.current = aGame({
      phase: 'playing',
      view: aView({ ...showing, phase: 'input', showing: null, nextChangeAt: showing.inputClosesAt }),
    });
    renderPage();
    expect(screen.getByTestId('countdown').textContent).toContain('12');
    for (const id of ['3', '7', '1']) fireEvent.click(screen.getByTestId(`pad-${id}`));
    expect(game.current.move).toHaveBeenCalledWith({ type: 'recall', round: 1, items: ['3', '7', '1'] });
  });

  it('shows the result with the longest sequence once over', () => {
    const rounds = [{ round: 1, length: 3, outcome: 'timed_out', points: 0, sequence: ['3', '7', '1'], answer: null }];
    const over = {
      ...showing,
      phase: 'over',
      showing: null,
      nextChangeAt: null,
      lives: 0,
      last: rounds[0],
      endReason: 'out_of_lives',
      rounds,
      sequences: [['3', '7', '1']],
    };
    const outcome = { score: 0, tokens: 0, xp: 0, finishedAt: '2026-03-01T09:00:40.000Z' };
    game.current = aGame({ phase: 'over', view: aView(over, { status: 'lost', outcome, deadline: null }) });
    renderPage();
    expect(screen.getByTestId('result-title').textContent).toBe('Game over');
    expect(screen.getByTestId('summary-longest').textContent).toBe('0');
  });
});
