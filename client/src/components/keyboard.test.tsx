import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../lib/i18n.ts';
import { Keyboard, usePhysicalKeyboard } from './keyboard.tsx';
import { WordSlots } from './word-slots.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['hangman']);
});
afterEach(cleanup);

const FAMILIES = [
  { key: 'ሀ', soundAlikes: ['ሐ', 'ኀ'], fidel: ['ሀ', 'ሁ', 'ሃ', 'ሐ', 'ኀ', 'ኃ'] },
  { key: 'ሰ', soundAlikes: ['ሠ'], fidel: ['ሰ', 'ሳ', 'ሠ', 'ሣ'] },
  { key: 'ለ', soundAlikes: [], fidel: ['ለ', 'ሉ'] },
  { key: 'ጠ', soundAlikes: [], fidel: ['ጠ', 'ጣ'] },
  { key: 'ተ', soundAlikes: [], fidel: ['ተ', 'ታ'] },
];
const AMHARIC_KEYS = FAMILIES.map((f) => f.key);

function Physical({ onKey }: { onKey: (key: string) => void }) {
  usePhysicalKeyboard(true, (typed) => (/^[a-z]$/i.test(typed) ? typed.toLowerCase() : null), onKey);
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

  it('shows the sound-alike letters a key guesses beside its own, and names them', () => {
    render(<Keyboard keys={AMHARIC_KEYS} families={FAMILIES} guessed={[]} missed={[]} language="am" busy={false} onKey={vi.fn()} />);
    const ha = screen.getByTestId('key-ሀ');
    expect(ha.getAttribute('aria-label')).toBe('ሀ, also ሐ and ኀ');
    expect(ha.textContent).toBe('ሀሐኀ');
    expect(screen.getByTestId('key-ሰ').getAttribute('aria-label')).toBe('ሰ, also ሠ');
    expect(screen.getByRole('button', { name: 'ለ' }).textContent).toBe('ለ');
  });

  it('guesses Amharic from a physical keyboard: the Latin letter of the sound, or the fidel itself', () => {
    const onKey = vi.fn();
    render(<Keyboard keys={AMHARIC_KEYS} families={FAMILIES} guessed={[]} missed={[]} language="am" busy={false} onKey={onKey} />);
    for (const key of ['h', 't', 'T', 'ሣ', 'ሉ', 'x', '1']) fireEvent.keyDown(window, { key });
    expect(onKey.mock.calls).toEqual([['ሀ'], ['ተ'], ['ጠ'], ['ሰ'], ['ለ']]);
  });

  it('ignores typed keys already used, and every typed key while a move is on its way', () => {
    const onKey = vi.fn();
    const { rerender } = render(
      <Keyboard keys={AMHARIC_KEYS} families={FAMILIES} guessed={['ሀ', 'ለ']} missed={['ለ']} language="am" busy={false} onKey={onKey} />,
    );
    for (const key of ['h', 'l', 'ሉ']) fireEvent.keyDown(window, { key });
    expect(onKey).not.toHaveBeenCalled();
    rerender(<Keyboard keys={AMHARIC_KEYS} families={FAMILIES} guessed={[]} missed={[]} language="am" busy onKey={onKey} />);
    fireEvent.keyDown(window, { key: 's' });
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
