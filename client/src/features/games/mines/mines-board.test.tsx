import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { MinesPlay } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { MineCountPicker, MinesBoard, neighbour, tileLook } from './mines-board.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['mines']);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** A fresh 3-mine board as the engine shows it. */
const play = (overrides: Partial<MinesPlay> = {}): MinesPlay => ({
  gridSide: 5,
  tiles: 25,
  mines: 3,
  revealed: [],
  safeTilesLeft: 22,
  multiplier: null,
  cashOutTokens: 0,
  canCashOut: false,
  next: { safeChance: 22 / 25, multiplier: 1.1022727, cashOutTokens: 1 },
  costTokens: 1,
  houseEdgePercent: 3,
  tokensMax: 5,
  end: null,
  hitTile: null,
  minePositions: null,
  ...overrides,
});

/** After tile 12 opened safe. */
const opened = (): MinesPlay =>
  play({
    revealed: [12],
    safeTilesLeft: 21,
    multiplier: 1.1022727,
    cashOutTokens: 1,
    canCashOut: true,
    next: { safeChance: 21 / 24, multiplier: 1.2597, cashOutTokens: 1 },
  });

const renderBoard = (p: MinesPlay, busy = false) => {
  const onReveal = vi.fn();
  const onCashOut = vi.fn();
  render(<MinesBoard play={p} busy={busy} onReveal={onReveal} onCashOut={onCashOut} />);
  return { onReveal, onCashOut };
};

describe('the board (pure)', () => {
  it('shows a tile as hidden, safe, a mine at the end, or the mine hit', () => {
    const over = play({ revealed: [12], hitTile: 18, minePositions: [18, 15, 0], end: { reason: 'mine_hit', at: 'x' } });
    expect([12, 18, 15, 3].map((tile) => tileLook(over, tile))).toEqual(['safe', 'hit', 'mine', 'hidden']);
    expect(tileLook(play(), 18)).toBe('hidden');
  });

  it('moves with the arrow keys within the 5 × 5 grid, stopping at its edges', () => {
    expect(neighbour(12, 'ArrowRight', 5)).toBe(13);
    expect(neighbour(12, 'ArrowDown', 5)).toBe(17);
    expect(neighbour(4, 'ArrowRight', 5)).toBe(4);
    expect(neighbour(0, 'ArrowUp', 5)).toBe(0);
    expect(neighbour(20, 'ArrowLeft', 5)).toBe(20);
    expect(neighbour(12, 'Enter', 5)).toBeNull();
  });
});

describe('the Mines board', () => {
  it('shows 25 tiles, the next tile’s odds, and no cash-out before the first safe tile', () => {
    const { onReveal, onCashOut } = renderBoard(play());
    expect(screen.getAllByRole('button', { name: /^Tile \d-\d, hidden$/ })).toHaveLength(25);
    expect(screen.getByTestId('multiplier').textContent).toBe('—');
    expect(screen.getByTestId('next-tile').textContent).toBe('Next tile: 88% safe → ×1.10');
    const cashOut = screen.getByTestId('cash-out') as HTMLButtonElement;
    expect(cashOut.textContent).toBe('Open a tile to start winning');
    expect(cashOut.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Tile 3-3, hidden' }));
    expect(onReveal).toHaveBeenCalledWith(12);
    expect(onCashOut).not.toHaveBeenCalled();
  });

  it('shows the multiplier and what a cash-out pays, and cashes out', () => {
    const { onReveal, onCashOut } = renderBoard(opened());
    expect(screen.getByTestId('multiplier').textContent).toBe('×1.10');
    expect(screen.getByTestId('pays').textContent).toBe('Pays 1 token');
    expect(screen.getByRole('button', { name: 'Tile 3-3, safe' })).toBeTruthy();
    expect(screen.getByText('3 mines · 21 safe tiles left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tile 3-3, safe' }));
    expect(onReveal).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 1 token' }));
    expect(onCashOut).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while a move is on its way', () => {
    const { onReveal } = renderBoard(opened(), true);
    fireEvent.click(screen.getByTestId('tile-0'));
    expect(onReveal).not.toHaveBeenCalled();
    expect((screen.getByTestId('cash-out') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('mines-board').getAttribute('aria-busy')).toBe('true');
  });

  it('says when a cash-out reaches the 5-token cap', () => {
    renderBoard(
      play({
        revealed: [1, 2],
        multiplier: 4.8,
        cashOutTokens: 4,
        canCashOut: true,
        next: { safeChance: 0.5, multiplier: 9.6, cashOutTokens: 5 },
      }),
    );
    expect(screen.getByTestId('cap').textContent).toBe('A cash-out pays at most 5 tokens');
  });

  it('shows every mine and the one hit once the game is over, with nothing left to press', () => {
    const { onReveal } = renderBoard(
      play({ revealed: [12], hitTile: 18, minePositions: [18, 15, 0], next: null, end: { reason: 'mine_hit', at: 'x' } }),
    );
    expect(screen.getByRole('button', { name: 'Tile 4-4, the mine you hit' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /mine$/ }).map((b) => b.getAttribute('data-testid'))).toEqual(['tile-0', 'tile-15']);
    expect(screen.queryByTestId('cash-out')).toBeNull();
    fireEvent.click(screen.getByTestId('tile-3'));
    expect(onReveal).not.toHaveBeenCalled();
  });

  it('moves the focus with the arrow keys and opens the focused tile with the keyboard', () => {
    const { onReveal } = renderBoard(play());
    const first = screen.getByTestId('tile-0');
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('tile-6'));
    expect(screen.getByTestId('tile-6').tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.click(document.activeElement!);
    expect(onReveal).toHaveBeenCalledWith(6);
  });

  it('speaks Amharic', async () => {
    await i18n.changeLanguage('am');
    renderBoard(opened());
    expect(screen.getByRole('button', { name: '1 ቶከን ይውሰዱ' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'የፈንጂ ሰሌዳ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ሳጥን 3-3፣ ደህና' })).toBeTruthy();
  });
});

describe('the choice of mines', () => {
  function Picker({ initial }: { initial: number }) {
    const [value, setValue] = useState(initial);
    return <MineCountPicker value={value} onChange={setValue} />;
  }

  it('steps between 1 and 24 with − and +, and jumps with the slider', () => {
    render(<Picker initial={2} />);
    const count = () => screen.getByTestId('mine-count').textContent;
    expect(count()).toBe('2 mines');
    fireEvent.click(screen.getByRole('button', { name: 'Fewer mines' }));
    expect(count()).toBe('1 mine');
    expect((screen.getByRole('button', { name: 'Fewer mines' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('mine-slider'), { target: { value: '24' } });
    expect(count()).toBe('24 mines');
    expect((screen.getByRole('button', { name: 'More mines' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fewer mines' }));
    expect(count()).toBe('23 mines');
  });
});
