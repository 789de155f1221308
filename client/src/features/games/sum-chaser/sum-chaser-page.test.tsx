import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArcadeView, SumChaserCallName, SumChaserPlay } from '@qal/events/contracts';
import { FIND, fakeArcadeApi, renderArcadePage } from '../../../testing/arcade-page.tsx';
import { aUser } from '../../../testing/fixtures.ts';
import SumChaserPage from './sum-chaser-page.tsx';
import { lineFor } from './verify.ts';

/** A small stand-in for the engine: the digits 7, 1, 1, lines and odds as the engine counts them. */
const DIGITS = [7, 1, 1];
let made: SumChaserPlay['calls'] = [];
let end: SumChaserPlay['end'] = null;

const sumNow = () => made.at(-1)?.sum ?? 0;
const winning = (call: SumChaserCallName, line: number, sum: number) =>
  Array.from({ length: 10 }, (_, d) => sum + d).filter((s) => (call === 'over' ? s > line : s < line)).length;
const multiplierNow = (): number | null => {
  if (made.length === 0 || made.some((c) => !c.right)) return null;
  return made.reduce((m, c) => (m * 10) / winning(c.call, c.line, c.sum - c.digit), 0.97);
};

function sumChaserPlay(): SumChaserPlay {
  const over = end !== null;
  const sum = sumNow();
  const line = over ? null : lineFor(made.length, sum);
  const multiplier = multiplierNow();
  const option = (call: SumChaserCallName) => {
    const count = winning(call, line!, sum);
    return { chance: count / 10, winningDigits: count, multiplier: ((multiplier ?? 0.97) * 10) / count, cashOutTokens: 5 };
  };
  return {
    digitCount: 3,
    revealed: made.map((c) => c.digit),
    sum,
    line,
    options: line === null ? null : { over: option('over'), under: option('under') },
    multiplier,
    cashOutTokens: multiplier === null ? 0 : 5,
    canCashOut: !over && multiplier !== null,
    calls: made,
    costTokens: 5,
    houseEdgePercent: 3,
    tokensMax: 5,
    end,
    drawnDigits: over ? DIGITS : null,
  };
}

const arcadeView = (): ArcadeView => {
  const status = end === null ? 'playing' : end.reason === 'wrong_call' ? 'lost' : 'won';
  return {
    mode: 'arcade',
    game: 'sum-chaser',
    matchId: 'sum-chaser.1',
    status,
    startedAt: '2026-03-01T09:00:00.000Z',
    deadline: status === 'playing' ? new Date(Date.now() + 1_800_000).toISOString() : null,
    serverNow: new Date().toISOString(),
    cost: 5,
    options: {},
    fairness: {
      commitment: 'ab'.repeat(32),
      clientSeed: 'qal-player',
      nonce: 7,
      serverSeed: status === 'playing' ? null : 'cd'.repeat(32),
    },
    outcome: status === 'won' ? { score: 194, tokens: 5, xp: 6, finishedAt: new Date().toISOString() } : null,
    play: sumChaserPlay(),
  } as ArcadeView;
};

function move(body: { type: string; call?: SumChaserCallName }) {
  if (body.type === 'predict' && body.call) {
    const k = made.length;
    const line = lineFor(k, sumNow());
    const sum = sumNow() + DIGITS[k]!;
    const right = body.call === 'over' ? sum > line : sum < line;
    made = [...made, { call: body.call, line, digit: DIGITS[k]!, sum, right }];
    if (!right) end = { reason: 'wrong_call', at: new Date().toISOString() };
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
          slug: 'sum-chaser',
          category: 'prediction',
          title: { en: 'Sum Chaser', am: 'ድምር አሳዳጅ' },
          description: { en: 'Call whether the sum lands over or under the line.', am: 'ድምሩ ከመስመሩ በላይ ወይስ በታች እንደሚሆን ይገምቱ።' },
          instructions: { en: 'Three digits are revealed one by one.', am: 'ሦስት አሃዞች ይገለጣሉ።' },
          cost: 5,
        },
      ],
      categories: [],
    };
  if (path === '/games/sum-chaser/current') return { match: null, plays: { day: '2026-03-01', played: 0, limit: 15 } };
  if (path === '/games/sum-chaser/play' && method === 'POST') return { matchId: 'sum-chaser.1', view: arcadeView() };
  if (path === '/matches/sum-chaser.1/moves' && method === 'POST') return move(body as { type: string; call?: SumChaserCallName });
  if (path === '/matches/sum-chaser.1') return { view: arcadeView() };
  throw new Error(`unexpected ${method} ${path}`);
}

const api = fakeArcadeApi(answer);
beforeAll(() => api.install(['sum-chaser', 'arcade']));

beforeEach(() => {
  api.reset();
  made = [];
  end = null;
});
afterEach(cleanup);

const renderPage = () => renderArcadePage('/sum-chaser', SumChaserPage);
const find = FIND;
const posted = api.posted;
const idle = () => waitFor(() => expect(screen.getByTestId('sum-chaser-board').getAttribute('aria-busy')).toBe('false'), find);

describe('/sum-chaser', { timeout: 30_000 }, () => {
  it('starts, api.calls over, cashes out, and shows every digit at the end', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('start-game', {}, find));
    await waitFor(() => expect(posted('/games/sum-chaser/play')).toEqual([{ options: {} }]), find);
    await screen.findByTestId('sum-chaser-board', {}, find);
    expect(screen.getByTestId('odds-over').textContent).toBe('50% · ×1.94');

    fireEvent.click(screen.getByTestId('call-over'));
    await waitFor(() => expect(posted('/matches/sum-chaser.1/moves')).toEqual([{ type: 'predict', call: 'over' }]), find);
    await waitFor(() => expect(screen.getByTestId('sum').textContent).toBe('7'), find);
    expect(screen.getByTestId('line').textContent).toBe('9.5');
    expect(screen.getByTestId('slot-1').getAttribute('aria-label')).toBe('Digit 2: not revealed yet');

    await idle();
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 5 tokens' }));
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(within(result).getByTestId('result-title').textContent).toBe('Cashed out at ×1.94');
    expect(screen.getAllByRole('listitem').map((slot) => slot.getAttribute('aria-label'))).toEqual([
      'Digit 1: 7',
      'Digit 2: 1',
      'Digit 3: 1',
    ]);
  });

  it('api.calls with the arrow keys and ends on a wrong call', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('start-game', {}, find));
    await screen.findByTestId('sum-chaser-board', {}, find);
    await idle();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    const result = await screen.findByTestId('arcade-result', {}, find);
    expect(posted('/matches/sum-chaser.1/moves')).toEqual([{ type: 'predict', call: 'under' }]);
    expect(within(result).getByTestId('result-title').textContent).toBe('Wrong call: the sum was 7');
  });
});
