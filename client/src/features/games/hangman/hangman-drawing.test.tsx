import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n.ts';
import { HangmanDrawing } from './hangman-drawing.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['hangman']);
});
afterEach(cleanup);

describe('hangman drawing', () => {
  it('draws one part per wrong guess', () => {
    const { container } = render(<HangmanDrawing wrong={3} max={7} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Hangman drawing: 3 of 7 wrong guesses');
    expect(container.querySelector('[data-stage]')?.getAttribute('data-stage')).toBe('3');
  });
});
