import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MathSprintPlay } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { actionOfKey, canSubmit, fromField, typed } from './entry.ts';
import { LevelPicker, MathSprintBoard } from './math-sprint-board.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['math-sprint']);
});
afterEach(cleanup);

const SHOWN_AT = '2026-03-01T09:00:02.000Z';

const play = (overrides: Partial<MathSprintPlay> = {}): MathSprintPlay => ({
  level: 'medium',
  endsAt: '2026-03-01T09:01:00.000Z',
  current: { index: 1, op: 'divide', x: 30, y: 5, shownAt: SHOWN_AT },
  answered: 1,
  right: 1,
  streak: 1,
  bestStreak: 1,
  score: 20,
  last: {
    index: 0,
    op: 'subtract',
    x: 74,
    y: 18,
    value: 56,
    answer: 56,
    right: true,
    points: 20,
    streakBonus: 0,
    speedBonus: 5,
    streak: 1,
    elapsedMs: 2000,
  },
  speedBonusMs: 3000,
  ...overrides,
});

const renderBoard = (p: MathSprintPlay, busy = false) => {
  const onAnswer = vi.fn();
  const result = render(<MathSprintBoard play={p} busy={busy} onAnswer={onAnswer} serverNow={() => Date.parse(SHOWN_AT) + 1000} />);
  return { ...result, onAnswer };
};
const tap = (...keys: string[]) => keys.forEach((key) => fireEvent.click(screen.getByTestId(`key-${key}`)));
const field = () => screen.getByTestId('answer') as HTMLInputElement;

describe('the entry (pure)', () => {
  it('takes digits up to six, takes one back, clears, keeps only digits from the field', () => {
    let entry = '';
    for (const digit of '12345678') entry = typed(entry, { kind: 'digit', digit });
    expect(entry).toBe('123456');
    expect(typed(entry, { kind: 'backspace' })).toBe('12345');
    expect(typed(entry, { kind: 'clear' })).toBe('');
    expect(typed('1', { kind: 'digit', digit: 'x' })).toBe('1');
    expect(fromField(' -4a2.5')).toBe('425');
    expect(canSubmit('')).toBe(false);
    expect(canSubmit('0')).toBe(true);
    expect(actionOfKey('7')).toEqual({ kind: 'digit', digit: '7' });
    expect(actionOfKey('Enter')).toEqual({ kind: 'submit' });
    expect(actionOfKey('Backspace')).toEqual({ kind: 'backspace' });
    expect(actionOfKey('a')).toBeNull();
  });
});

describe('the board', () => {
  it('shows the current problem only, the score, the streak and the last answer’s points', () => {
    renderBoard(play());
    expect(screen.getByTestId('problem').textContent).toContain('30 ÷ 5 =');
    expect(screen.getByLabelText('30 divided by 5 equals what?')).toBeTruthy();
    expect(screen.getByTestId('score').textContent).toBe('20 points');
    expect(screen.getByTestId('streak').textContent).toBe('Streak 1');
    expect(screen.getByTestId('feedback').textContent).toBe('Right! +20 (fast +5)');
  });

  it('sends the answer typed on the keypad with the problem’s index', () => {
    const { onAnswer } = renderBoard(play());
    tap('6');
    expect(field().value).toBe('6');
    tap('submit');
    expect(onAnswer).toHaveBeenCalledWith(1, 6);
  });

  it('takes the phone’s or a physical keyboard: the numeric field, and keys typed anywhere on the page', () => {
    const { onAnswer } = renderBoard(play());
    expect(field().getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(field(), { target: { value: '1a2' } });
    expect(field().value).toBe('12');
    fireEvent.keyDown(window, { key: 'Backspace' });
    fireEvent.keyDown(window, { key: '8' });
    expect(field().value).toBe('18');
    fireEvent.submit(field().form!);
    expect(onAnswer).toHaveBeenCalledWith(1, 18);
  });

  it('sends nothing while a move is on its way, or with nothing typed', () => {
    const { onAnswer } = renderBoard(play(), true);
    tap('submit');
    tap('4', 'submit');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(field().value).toBe('4');
  });

  it('clears the entry when the next problem comes', () => {
    const { rerender, onAnswer } = renderBoard(play());
    tap('7');
    rerender(
      <MathSprintBoard play={play({ current: { index: 2, op: 'add', x: 3, y: 4, shownAt: SHOWN_AT } })} busy={false} onAnswer={onAnswer} />,
    );
    expect(field().value).toBe('');
    expect(screen.getByTestId('problem').textContent).toContain('3 + 4 =');
  });

  it('shows the right answer after a wrong one', () => {
    const last = { ...play().last!, value: 50, right: false, points: 0, speedBonus: 0, streak: 0 };
    renderBoard(play({ last, streak: 0 }));
    expect(screen.getByTestId('feedback').textContent).toBe('Not quite: 74 − 18 = 56');
  });

  it('says the time is up when there is no problem left to answer, and locks the keypad', () => {
    renderBoard(play({ current: null }));
    expect(screen.getByTestId('time-up').textContent).toBe('Time’s up!');
    expect((screen.getByTestId('key-5') as HTMLButtonElement).disabled).toBe(true);
    expect(field().disabled).toBe(true);
  });
});

describe('the level picker', () => {
  it('presses one level at a time', () => {
    const onChange = vi.fn();
    render(<LevelPicker value="medium" onChange={onChange} />);
    expect(screen.getByTestId('level-medium').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('level-hard'));
    expect(onChange).toHaveBeenCalledWith('hard');
  });
});
