import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArcadeView, MinesPlay } from '@qal/events/contracts';
import { FIND, fakeArcadeApi, renderArcadePage } from '../../../testing/arcade-page.tsx';
import { aUser } from '../../../testing/fixtures.ts';
import MinesPage from './mines-page.tsx';

/** A small stand-in for the engine: the mines are the first `mines` of this list, the odds as the engine counts them. */
const MINE_ORDER = [18, 15, 0, 7, 10];
let mines: number[] = [];
let revealed: number[] = [];
let end: MinesPlay['end'] = null;
let options: Record<string, unknown> = {};

const multiplierAfter = (n: number): number | null => {
  if (n === 0) return null;
  let chance = 1;
  for (let k = 0; k < n; k++) chance *= (25 - mines.length - k) / (25 - k);
  return 0.97 / chance;
};

function minesPlay(): MinesPlay {
  const over = end !== null;
  const multiplier = multiplierAfter(revealed.length);
  const safeChance = (25 - mines.length - revealed.length) / (25 - revealed.length);
  const next = multiplierAfter(revealed.length + 1)!;
  return {
    gridSide: 5,
    tiles: 25,
    mines: mines.length,
    revealed,
    safeTilesLeft: 25 - mines.length - revealed.length,
    multiplier,
    cashOutTokens: multiplier === null ? 0 : Math.min(5, Math.floor(multiplier)),
    canCashOut: !over && multiplier !== null,
    next: over ? null : { safeChance, multiplier: next, cashOutTokens: Math.min(5, Math.floor(next)) },
    costTokens: 1,
    houseEdgePercent: 3,
    tokensMax: 5,
    end,
    hitTile: end?.reason === 'mine_hit' ? revealed.find((tile) => mines.includes(tile))! : null,
    minePositions: over ? mines : null,
  };
}

const arcadeView = (): ArcadeView => {
  const status = end === null ? 'playing' : end.reason === 'mine_hit' ? 'lost' : 'won';
  return {
    mode: 'arcade',
    game: 'mines',
    matchId: 'mines.1',
    status,
    startedAt: '2026-03-01T09:00:00.000Z',
    deadline: status === 'playing' ? new Date(Date.now() + 1_800_000).toISOString() : null,
    serverNow: new Date().toISOString(),
    cost: 1,
    options,
    fairness: {
      commitment: 'ab'.repeat(32),
      clientSeed: 'qal-player',
      nonce: 7,
      serverSeed: status === 'playing' ? null : 'cd'.repeat(32),
    },
    outcome: status === 'won' ? { score: 113, tokens: 1, xp: 6, finishedAt: new Date().toISOString() } : null,
    play: minesPlay(),
  } as ArcadeView;
};

function move(body: { type: string; tile?: number }) {
  if (body.type === 'reveal' && body.tile !== undefined) {
    revealed = [...revealed, body.tile];
    if (mines.includes(body.tile)) end = { reason: 'mine_hit', at: new Date().toISOString() };
  } else if (body.type === 'cash_out') {
    end = { reason: 'cashed_out', at: new Date().toISOString() };
  }
  return { view: arcadeView() };
}

function answer(method: string, path: string, body: unknown): unknown {
  if (path === '/user') return aUser({ id: 'u-1' });
  if (path === '/games')
    return {
      games: [
        {
          slug: 'mines',
          category: 'mines',
          title: { en: 'Mines', am: 'ፈንጂ' },
          description: { en: 'Find the safe tiles and stop before a mine.', am: 'ደህና ሳጥኖችን ያግኙ፤ ፈንጂ ሳይነኩ ያቁሙ።' },
          instructions: { en: 'Open tiles on a 5×5 grid.', am: 'ሳጥኖችን ይክፈቱ።' },
          cost: 1,
        },
      ],
      categories: [],
    };
  if (path === '/games/mines/current') return { match: null, plays: { day: '2026-03-01', played: 2, limit: 15 } };
  if (path === '/games/mines/play' && method === 'POST') {
    options = (body as { options: Record<string, unknown> }).options;
    mines = MINE_ORDER.slice(0, Number(options.mines));
    return { matchId: 'mines.1', view: arcadeView() };
  }
  if (path === '/matches/mines.1/moves' && method === 'POST') return move(body as { type: string; tile?: number });
  if (path === '/matches/mines.1') return { view: arcadeView() };
  throw new Error(`unexpected ${method} ${path}`);
}

const api = fakeArcadeApi(answer);
beforeAll(() => api.install(['mines', 'arcade']));

beforeEach(() => {
  api.reset();
  revealed = [];
  end = null;
});
afterEach(cleanup);

const renderPage = () => renderArcadePage('/mines', MinesPage);
const find = FIND;
const posted = api.posted;
const idle = () => waitFor(() => expect(screen.getByTestId('mines-board').getAttribute('aria-busy')).toBe('false'), find);

describe('/mines', { timeout: 30_000 }, () => {
  it('starts with the chosen number of mines, opens tiles, cashes out and shows every mine', async () => {
    renderPage();
    const start = await screen.findByTestId('start-game', {}, find);
    expect(screen.getByTestId('mine-count').textContent).toBe('3 mines');
    fireEvent.click(screen.getByRole('button', { name: 'More mines' }));
    fireEvent.click(start);
    await waitFor(() => expect(posted('/games/mines/play')).toEqual([{ options: { mines: 4 } }]), find);

    await screen.findByTestId('mines-board', {}, find);
    expect(screen.getByTestId('next-tile').textContent).toBe('Next tile: 84% safe → ×1.15');
    fireEvent.click(screen.getByRole('button', { name: 'Tile 3-3, hidden' }));
    await waitFor(() => expect(posted('/matches/mines.1/moves')).toEqual([{ type: 'reveal', tile: 12 }]), find);
    expect(await screen.findByRole('button', { name: 'Tile 3-3, safe' }, find)).toBeTruthy();
    expect(screen.getByTestId('multiplier').textContent).toBe('×1.15');

    await idle();
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 1 token' }));
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(posted('/matches/mines.1/moves').at(-1)).toEqual({ type: 'cash_out' });
    expect(within(result).getByTestId('result-title').textContent).toBe('Cashed out at ×1.15');
    expect(within(result).getByTestId('result-tokens').textContent).toBe('1');
    expect(screen.getAllByRole('button', { name: /, mine$/ })).toHaveLength(4);
    expect(within(result).getByTestId('verify-game')).toBeTruthy();
  });

  it('ends on a mine, showing it', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('start-game', {}, find));
    await screen.findByTestId('mines-board', {}, find);
    fireEvent.click(screen.getByRole('button', { name: 'Tile 4-4, hidden' }));
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(within(result).getByTestId('result-title').textContent).toBe('You hit a mine');
    expect(screen.getByRole('button', { name: 'Tile 4-4, the mine you hit' })).toBeTruthy();
  });
});
