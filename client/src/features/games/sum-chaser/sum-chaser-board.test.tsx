import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SumChaserPlay } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { SumChaserBoard, callOfKey } from './sum-chaser-board.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['sum-chaser']);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const option = (winningDigits: number, multiplier: number) => ({ chance: winningDigits / 10, winningDigits, multiplier, cashOutTokens: 5 });

/** A fresh game as the engine shows it: line 4.5, each call 50 % for ×1.94. */
const play = (overrides: Partial<SumChaserPlay> = {}): SumChaserPlay => ({
  digitCount: 3,
  revealed: [],
  sum: 0,
  line: 4.5,
  options: { over: option(5, 1.94), under: option(5, 1.94) },
  multiplier: null,
  cashOutTokens: 0,
  canCashOut: false,
  calls: [],
  costTokens: 5,
  houseEdgePercent: 3,
  tokensMax: 5,
  end: null,
  drawnDigits: null,
  ...overrides,
});

/** After a 7 called over: sum 7, line 9.5 (over wins on 3…9, under on 0…2). */
const afterSeven = (): SumChaserPlay =>
  play({
    revealed: [7],
    sum: 7,
    line: 9.5,
    options: { over: option(7, 1.94 / 0.7), under: option(3, 1.94 / 0.3) },
    multiplier: 1.94,
    cashOutTokens: 5,
    canCashOut: true,
    calls: [{ call: 'over', line: 4.5, digit: 7, sum: 7, right: true }],
  });

const renderBoard = (p: SumChaserPlay, busy = false) => {
  const onCall = vi.fn();
  const onCashOut = vi.fn();
  render(<SumChaserBoard play={p} busy={busy} onCall={onCall} onCashOut={onCashOut} />);
  return { onCall, onCashOut };
};

describe('the Sum Chaser board', () => {
  it('shows three hidden digits, the line and both calls with their chance and multiplier', () => {
    const { onCall } = renderBoard(play());
    expect(screen.getAllByRole('listitem').map((slot) => slot.getAttribute('aria-label'))).toEqual([
      'Digit 1: not revealed yet',
      'Digit 2: not revealed yet',
      'Digit 3: not revealed yet',
    ]);
    expect(screen.getByTestId('question').textContent).toBe('Will the sum be over or under 4.5?');
    expect(screen.getByTestId('odds-over').textContent).toBe('50% · ×1.94');
    expect(screen.getByTestId('odds-under').textContent).toBe('50% · ×1.94');
    expect((screen.getByTestId('cash-out') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('call-under'));
    expect(onCall).toHaveBeenCalledWith('under');
  });

  it('shows the revealed digit with its call, the sum, the multiplier, and cashes out', () => {
    const { onCall, onCashOut } = renderBoard(afterSeven());
    expect(screen.getByTestId('slot-0').getAttribute('aria-label')).toBe('Digit 1: 7');
    expect(screen.getByTestId('slot-0').textContent).toContain('right');
    expect(screen.getByTestId('sum').textContent).toBe('7');
    expect(screen.getByTestId('line').textContent).toBe('9.5');
    expect(screen.getByTestId('multiplier').textContent).toBe('×1.94');
    expect(screen.getByTestId('odds-under').textContent).toBe('30% · ×6.47');
    expect(screen.getByTestId('call-over').textContent).toContain('Over 9.5');
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 5 tokens' }));
    expect(onCashOut).toHaveBeenCalledTimes(1);
    expect(onCall).not.toHaveBeenCalled();
  });

  it('calls with ↑ and ↓, and sends nothing while a move is on its way', () => {
    expect(callOfKey('ArrowUp')).toBe('over');
    expect(callOfKey('ArrowDown')).toBe('under');
    expect(callOfKey('Enter')).toBeNull();
    const first = renderBoard(play());
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(first.onCall).toHaveBeenCalledWith('over');
    cleanup();
    const busy = renderBoard(play(), true);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.click(screen.getByTestId('call-over'));
    expect(busy.onCall).not.toHaveBeenCalled();
  });

  it('shows every digit once the game is over, the wrong call marked, and no calls left', () => {
    renderBoard(
      play({
        revealed: [7],
        sum: 7,
        line: null,
        options: null,
        calls: [{ call: 'under', line: 4.5, digit: 7, sum: 7, right: false }],
        end: { reason: 'wrong_call', at: 'x' },
        drawnDigits: [7, 1, 1],
      }),
    );
    expect(screen.getAllByRole('listitem').map((slot) => slot.getAttribute('aria-label'))).toEqual([
      'Digit 1: 7',
      'Digit 2: 1',
      'Digit 3: 1',
    ]);
    expect(screen.getByTestId('slot-0').className).toContain('sum-chaser-slot-wrong');
    expect(screen.getByTestId('slot-1').className).toContain('sum-chaser-slot-unplayed');
    expect(screen.queryByTestId('call-over')).toBeNull();
    expect(screen.queryByTestId('cash-out')).toBeNull();
  });

  it('speaks Amharic', async () => {
    await i18n.changeLanguage('am');
    renderBoard(afterSeven());
    expect(screen.getByTestId('question').textContent).toBe('ድምሩ ከ9.5 በላይ ይሆናል ወይስ በታች?');
    expect(screen.getByRole('button', { name: '5 ቶከን ይውሰዱ' })).toBeTruthy();
    expect(screen.getByTestId('call-under').textContent).toContain('ከ9.5 በታች');
  });
});
