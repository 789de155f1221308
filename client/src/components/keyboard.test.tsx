import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../lib/i18n.ts';
import { Keyboard, usePhysicalKeyboard } from './keyboard.tsx';
import { WordSlots } from './word-slots.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['hangman']);
});
afterEach(cleanup);

function Physical({ onKey }: { onKey: (key: string) => void }) {
  usePhysicalKeyboard(true, onKey);
  return <input aria-label="elsewhere" />;
}

describe('hangman keyboard', () => {
  it('has one button per key, named by its letter, with used keys marked right or wrong and disabled', () => {
    const onKey = vi.fn();
    render(<Keyboard keys={['a', 'b', 'c']} guessed={['a', 'b']} missed={['b']} language="en" busy={false} onKey={onKey} />);
    const a = screen.getByRole('button', { name: 'A' });
    const b = screen.getByRole('button', { name: 'B' });
    const c = screen.getByRole('button', { name: 'C' });
    expect(a.getAttribute('data-state')).toBe('hit');
    expect(b.getAttribute('data-state')).toBe('miss');
    expect((a as HTMLButtonElement).disabled).toBe(true);
    expect(b.getAttribute('aria-describedby')).toBe('key-miss-description');
    fireEvent.click(c);
    expect(onKey).toHaveBeenCalledWith('c');
  });

  it('names Amharic keys by their fidel and ignores presses while a move is on its way', () => {
    const onKey = vi.fn();
    render(<Keyboard keys={['ሀ', 'ለ']} guessed={[]} missed={[]} language="am" busy onKey={onKey} />);
    const key = screen.getByRole('button', { name: 'ለ' });
    expect(key.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(key);
    expect(onKey).not.toHaveBeenCalled();
  });

  it('takes English letters from a physical keyboard, but not from a text field or with modifiers', () => {
    const onKey = vi.fn();
    render(<Physical onKey={onKey} />);
    fireEvent.keyDown(window, { key: 'Q' });
    fireEvent.keyDown(window, { key: 'q', ctrlKey: true });
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(screen.getByLabelText('elsewhere'), { key: 'z' });
    expect(onKey.mock.calls).toEqual([['q']]);
  });

  it('reads the word as one phrase with blanks', () => {
    render(<WordSlots slots={['l', null, 'o', null]} language="en" />);
    expect(screen.getByTestId('word-slots').getAttribute('aria-label')).toBe('The word, 4 characters: l, blank, o, blank');
  });
});
