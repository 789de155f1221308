import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateText, GREGORIAN_SHOWN_MS, LONG_PRESS_MS } from './date-text.tsx';

// Enkutatash 2018: 1 መስከረም 2018 ዓ.ም. is 11 September 2025 (noon in Addis Ababa)
const NEW_YEAR = '2025-09-11T09:00:00Z';

describe('a date on a phone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows its Gregorian twin while a finger rests on it, then the Ethiopian date again', () => {
    const date = render(<DateText value={NEW_YEAR} locale="am" />).container.querySelector('time')!;
    expect(date.firstChild?.textContent).toBe('1 መስከረም 2018 ዓ.ም.');
    fireEvent.pointerDown(date, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(date.textContent).toMatch(/^11 ሴፕቴምበር 2025 እ\.ኤ\.አ\.$/);
    act(() => vi.advanceTimersByTime(GREGORIAN_SHOWN_MS));
    expect(date.firstChild?.textContent).toBe('1 መስከረም 2018 ዓ.ም.');
  });

  it('keeps the Ethiopian date for a tap, and in English has nothing to show instead', () => {
    const date = render(<DateText value={NEW_YEAR} locale="am" />).container.querySelector('time')!;
    fireEvent.pointerDown(date, { pointerType: 'touch' });
    fireEvent.pointerUp(date, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(date.firstChild?.textContent).toBe('1 መስከረም 2018 ዓ.ም.');

    const english = render(<DateText value={NEW_YEAR} locale="en" />).container.querySelector('time')!;
    fireEvent.pointerDown(english, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
    expect(english.textContent).toMatch(/11 Sept?/);
  });
});
