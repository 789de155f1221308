import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CodebreakerPlay } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { CodebreakerBoard, LevelPicker } from './codebreaker-board.tsx';
import { actionOfKey, isComplete, typed } from './entry.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['codebreaker']);
});
afterEach(cleanup);

const play = (overrides: Partial<CodebreakerPlay> = {}): CodebreakerPlay => ({
  level: 'medium',
  codeLength: 4,
  repeatsAllowed: false,
  attemptsMax: 10,
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
  ...overrides,
});

const renderBoard = (p: CodebreakerPlay, busy = false) => {
  const onGuess = vi.fn();
  const onHint = vi.fn();
  const result = render(<CodebreakerBoard play={p} busy={busy} onGuess={onGuess} onHint={onHint} />);
  return { ...result, onGuess, onHint };
};

const press = (...digits: string[]) => digits.forEach((d) => fireEvent.click(screen.getByTestId(`digit-${d}`)));
const entryText = () => screen.getByTestId('entry').textContent;

describe('the entry (pure)', () => {
  it('takes digits up to the length, takes one back, clears, and knows when it is complete', () => {
    let entry = '';
    for (const digit of ['1', '2', '3', '4', '5']) entry = typed(entry, { kind: 'digit', digit }, 4);
    expect(entry).toBe('1234');
    expect(isComplete(entry, 4)).toBe(true);
    expect(typed(entry, { kind: 'backspace' }, 4)).toBe('123');
    expect(typed(entry, { kind: 'clear' }, 4)).toBe('');
    expect(typed('12', { kind: 'digit', digit: 'x' }, 4)).toBe('12');
    expect(isComplete('123', 4)).toBe(false);
  });

  it('reads digits from the number row and the keypad, Backspace, Delete, Escape and Enter, nothing else', () => {
    expect(actionOfKey('7')).toEqual({ kind: 'digit', digit: '7' });
    expect(actionOfKey('Backspace')).toEqual({ kind: 'backspace' });
    expect(actionOfKey('Delete')).toEqual({ kind: 'backspace' });
    expect(actionOfKey('Escape')).toEqual({ kind: 'clear' });
    expect(actionOfKey('Enter')).toEqual({ kind: 'submit' });
    expect(actionOfKey('a')).toBeNull();
    expect(actionOfKey('F1')).toBeNull();
  });
});

describe('the codebreaker board', () => {
  it('has a ten-digit keypad that types the guess and sends it only when it has every digit', () => {
    const { onGuess } = renderBoard(play());
    for (const digit of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
      expect(screen.getByRole('button', { name: digit })).toBeTruthy();
    const submit = screen.getByTestId('submit-guess');
    press('1', '2', '3');
    expect(entryText()).toBe('123');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(submit);
    expect(onGuess).not.toHaveBeenCalled();
    press('3');
    expect(entryText()).toBe('1233');
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    // Full: more digits do nothing, and the keys say so.
    press('9');
    expect(entryText()).toBe('1233');
    expect(screen.getByTestId('digit-9').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(submit);
    expect(onGuess).toHaveBeenCalledWith('1233');
  });

  it('deletes the last digit with ⌫', () => {
    renderBoard(play());
    press('4', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the last digit' }));
    expect(entryText()).toBe('4');
  });

  it('works from a physical keyboard: digits, Backspace, Escape and Enter', () => {
    const { onGuess } = renderBoard(play({ level: 'easy', codeLength: 3 }));
    for (const key of ['9', '8', 'x', '7', '6']) fireEvent.keyDown(window, { key });
    expect(entryText()).toBe('987');
    fireEvent.keyDown(window, { key: 'Backspace' });
    fireEvent.keyDown(window, { key: '0' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onGuess).toHaveBeenCalledWith('980');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(entryText()).toBe('');
    fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    expect(entryText()).toBe('');
  });

  it('does not send while a move is on its way, and clears the entry once the guess is counted', () => {
    const { onGuess, rerender } = renderBoard(play(), true);
    press('1', '2', '3', '4');
    fireEvent.click(screen.getByTestId('submit-guess'));
    expect(onGuess).not.toHaveBeenCalled();
    const counted = play({ attemptsUsed: 1, guesses: [{ digits: '1234', exact: 0, misplaced: 2, at: '2026-03-01T09:00:10.000Z' }] });
    rerender(<CodebreakerBoard play={counted} busy={false} onGuess={onGuess} onHint={vi.fn()} />);
    expect(entryText()).toBe('');
  });

  it('lists past guesses newest first, each with its pegs and a spoken summary', () => {
    renderBoard(
      play({
        attemptsUsed: 2,
        guesses: [
          { digits: '1234', exact: 1, misplaced: 2, at: '2026-03-01T09:00:10.000Z' },
          { digits: '5678', exact: 0, misplaced: 0, at: '2026-03-01T09:00:20.000Z' },
        ],
      }),
    );
    const rows = screen.getByTestId('guesses').querySelectorAll('li');
    expect([...rows].map((row) => row.getAttribute('data-testid'))).toEqual(['guess-2', 'guess-1']);
    const first = screen.getByTestId('guess-1');
    expect(first.getAttribute('aria-label')).toBe('Guess 1: 1 2 3 4. 1 in the right place, 2 in the wrong place.');
    expect([...first.querySelectorAll('[data-peg]')].map((peg) => peg.getAttribute('data-peg'))).toEqual([
      'exact',
      'misplaced',
      'misplaced',
      'none',
    ]);
    expect(screen.getByTestId('attempts').textContent).toBe('Attempt 2 of 10');
  });

  it('asks for a hint, shows the hints taken as text, and runs out', () => {
    const { onHint, rerender } = renderBoard(play());
    const hint = screen.getByTestId('hint') as HTMLButtonElement;
    expect(hint.textContent).toContain('Hint (2 left)');
    expect(hint.textContent).toContain('−100 points');
    fireEvent.click(hint);
    expect(onHint).toHaveBeenCalledTimes(1);
    const both = play({
      hintsUsed: 2,
      hints: [
        { kind: 'digit_in_code', digit: '7' },
        { kind: 'digit_at_position', index: 2, digit: '5' },
      ],
    });
    rerender(<CodebreakerBoard play={both} busy={false} onGuess={vi.fn()} onHint={onHint} />);
    expect(screen.getByTestId('hints').textContent).toBe('Hint: 7 is in the code.Hint: position 3 is 5.');
    expect((screen.getByTestId('hint') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('hint').textContent).toBe('No hints left');
  });

  it('offers no keypad once the game is over', () => {
    renderBoard(play({ endReason: 'time_up', code: '0468', allHints: [] }));
    expect(screen.queryByTestId('keypad')).toBeNull();
    expect(screen.queryByTestId('submit-guess')).toBeNull();
  });

  it('speaks Amharic', async () => {
    await i18n.changeLanguage('am');
    try {
      renderBoard(play({ hintsUsed: 1, hints: [{ kind: 'digit_in_code', digit: '3' }] }));
      expect(screen.getByTestId('attempts').textContent).toBe('ሙከራ 0 ከ10');
      expect(screen.getByTestId('hints').textContent).toBe('ፍንጭ፦ 3 በኮዱ ውስጥ አለ።');
      expect(screen.getByRole('button', { name: 'ይገምቱ' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the level picker', () => {
  it('shows each level with its digits and attempts and reports the choice', () => {
    const onChange = vi.fn();
    render(<LevelPicker value="medium" onChange={onChange} />);
    expect((screen.getByTestId('level-medium') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('3 different digits · 12 attempts')).toBeTruthy();
    expect(screen.getByText('4 digits, may repeat · 8 attempts')).toBeTruthy();
    fireEvent.click(screen.getByTestId('level-hard'));
    expect(onChange).toHaveBeenCalledWith('hard');
  });
});
