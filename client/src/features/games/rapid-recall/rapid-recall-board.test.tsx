import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RAPID_RECALL_POOLS, type RapidRecallPlay } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { actionOfKey, entered, isComplete } from './entry.ts';
import { KindPicker, RapidRecallBoard } from './rapid-recall-board.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['rapid-recall']);
});
afterEach(cleanup);

const play = (overrides: Partial<RapidRecallPlay> = {}): RapidRecallPlay => ({
  kind: 'colour',
  pad: [...RAPID_RECALL_POOLS.colour],
  round: 2,
  length: 3,
  lives: 2,
  livesMax: 3,
  score: 45,
  longest: 3,
  winLength: 6,
  lengthMax: 15,
  phase: 'input',
  roundStartsAt: '2026-03-01T09:00:10.000Z',
  itemMs: 1000,
  inputOpensAt: '2026-03-01T09:00:13.000Z',
  inputClosesAt: '2026-03-01T09:00:22.500Z',
  showing: null,
  nextChangeAt: '2026-03-01T09:00:22.500Z',
  last: null,
  ...overrides,
});

const renderBoard = (p: RapidRecallPlay, busy = false) => {
  const onRecall = vi.fn();
  const result = render(<RapidRecallBoard play={p} busy={busy} onRecall={onRecall} />);
  return { ...result, onRecall };
};
const tap = (...ids: string[]) => ids.forEach((id) => fireEvent.click(screen.getByTestId(`pad-${id}`)));
const slotsFilled = () => screen.getByTestId('entered').querySelectorAll('.rr-slot-filled').length;

describe('the entry (pure)', () => {
  it('takes pad items up to the length, takes one back, clears, and maps keys to items', () => {
    const pad = RAPID_RECALL_POOLS.mixed;
    let entry: string[] = [];
    for (const id of ['red', '7', 'ሀ', 'blue']) entry = entered(entry, { kind: 'item', id }, pad, 3);
    expect(entry).toEqual(['red', '7', 'ሀ']);
    expect(isComplete(entry, 3)).toBe(true);
    expect(entered(entry, { kind: 'undo' }, pad, 3)).toEqual(['red', '7']);
    expect(entered(entry, { kind: 'clear' }, pad, 3)).toEqual([]);
    expect(entered([], { kind: 'item', id: 'pink' }, pad, 3)).toEqual([]);
    expect(actionOfKey('7', pad)).toEqual({ kind: 'item', id: '7' });
    expect(actionOfKey('ለ', pad)).toEqual({ kind: 'item', id: 'ለ' });
    expect(actionOfKey('g', pad)).toEqual({ kind: 'item', id: 'green' });
    expect(actionOfKey('g', RAPID_RECALL_POOLS.digit)).toBeNull();
    expect(actionOfKey('Backspace', pad)).toEqual({ kind: 'undo' });
  });
});

describe('the board', () => {
  it('while showing: only the item due, large, named by its colour and shape, and a locked pad', () => {
    renderBoard(play({ phase: 'showing', showing: { index: 1, item: 'yellow' }, nextChangeAt: '2026-03-01T09:00:12.000Z' }));
    const shown = screen.getByTestId('shown-item');
    expect(shown.getAttribute('aria-label')).toBe('Yellow star');
    expect(shown.querySelector('svg polygon')).toBeTruthy();
    expect(screen.getByTestId('progress').getAttribute('aria-label')).toBe('Item 2 of 3');
    expect((screen.getByTestId('pad-red') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the whole sequence as soon as the last item is tapped', () => {
    const { onRecall } = renderBoard(play());
    tap('blue', 'red');
    expect(slotsFilled()).toBe(2);
    expect(onRecall).not.toHaveBeenCalled();
    tap('green');
    expect(onRecall).toHaveBeenCalledExactlyOnceWith(2, ['blue', 'red', 'green']);
  });

  it('takes one back and clears before the sequence is complete', () => {
    const { onRecall } = renderBoard(play());
    tap('blue', 'red');
    fireEvent.click(screen.getByTestId('undo'));
    expect(slotsFilled()).toBe(1);
    fireEvent.click(screen.getByTestId('clear'));
    expect(slotsFilled()).toBe(0);
    tap('orange', 'purple', 'yellow');
    expect(onRecall).toHaveBeenCalledWith(2, ['orange', 'purple', 'yellow']);
  });

  it('takes a physical keyboard: digits typed as themselves', () => {
    const { onRecall } = renderBoard(play({ kind: 'digit', pad: [...RAPID_RECALL_POOLS.digit] }));
    for (const key of ['4', '0', 'x', '9']) fireEvent.keyDown(window, { key });
    expect(onRecall).toHaveBeenCalledWith(2, ['4', '0', '9']);
  });

  it('sends nothing while a request is on its way; Send sends it afterwards', () => {
    const { onRecall, rerender } = renderBoard(play(), true);
    tap('blue', 'red', 'green');
    expect(onRecall).not.toHaveBeenCalled();
    rerender(<RapidRecallBoard play={play()} busy={false} onRecall={onRecall} />);
    fireEvent.click(screen.getByTestId('send'));
    expect(onRecall).toHaveBeenCalledWith(2, ['blue', 'red', 'green']);
  });

  it('starts a fresh entry with the next round, and shows the last round’s sequence after a miss', () => {
    const { rerender, onRecall } = renderBoard(play());
    tap('blue');
    const last = {
      round: 2,
      length: 3,
      outcome: 'wrong' as const,
      points: 0,
      sequence: ['red', 'blue', 'green'],
      answer: ['blue', 'red', 'green'],
    };
    rerender(<RapidRecallBoard play={play({ round: 3, phase: 'waiting', last, lives: 1 })} busy={false} onRecall={onRecall} />);
    expect(screen.getByTestId('last-round').textContent).toContain('Not quite. It was:');
    expect(screen.getByTestId('last-round').querySelector('ol')?.getAttribute('aria-label')).toBe(
      'Red circle, Blue square, Green triangle',
    );
    expect(screen.getByTestId('lives').getAttribute('aria-label')).toBe('1 life left');
    rerender(<RapidRecallBoard play={play({ round: 3, lives: 1, last })} busy={false} onRecall={onRecall} />);
    expect(slotsFilled()).toBe(0);
  });

  it('says when the answer window closed unanswered', () => {
    renderBoard(play({ phase: 'timed_out', nextChangeAt: null }));
    expect(screen.getByTestId('timed-out').textContent).toBe('Time’s up for this round');
    expect((screen.getByTestId('pad-red') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lays the mixed pad out in 7 columns of all 28 items', () => {
    renderBoard(play({ kind: 'mixed', pad: [...RAPID_RECALL_POOLS.mixed] }));
    const pad = screen.getByTestId('pad');
    expect(pad.querySelectorAll('button')).toHaveLength(28);
    expect(pad.style.gridTemplateColumns).toBe('repeat(7, minmax(0, 1fr))');
    expect(screen.getByTestId('pad-ዘ').getAttribute('aria-label')).toBe('ዘ');
  });
});

describe('the kind picker', () => {
  it('presses one kind at a time', () => {
    const onChange = vi.fn();
    render(<KindPicker value="mixed" onChange={onChange} />);
    expect(screen.getByTestId('kind-mixed').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('kind-fidel'));
    expect(onChange).toHaveBeenCalledWith('fidel');
  });
});
