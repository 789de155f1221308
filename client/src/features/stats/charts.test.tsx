import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CategoryBars, ScoreChart, WinRateRing } from './charts.tsx';
import { i18n } from '../../lib/i18n.ts';

beforeAll(async () => {
  await i18n.loadNamespaces('stats');
});
afterEach(cleanup);

describe('stats charts', () => {
  it('draws one point per recent game, scaled to the best score', () => {
    const plays = [
      { at: '2025-05-01T08:00:00Z', game: 'hangman', category: 'word', score: 200, won: true },
      { at: '2025-05-01T09:00:00Z', game: 'hangman', category: 'word', score: 0, won: false },
      { at: '2025-05-01T10:00:00Z', game: 'hangman', category: 'word', score: 400, won: true },
    ];
    const { container } = render(<ScoreChart plays={plays} format={String} locale="en" />);
    const points = container.querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(3);
    const ys = points.map((p) => Number(p.split(',')[1]));
    // The best game is at the top, a lost game (0) on the axis.
    expect(Math.min(...ys)).toBe(ys[2]);
    expect(Math.max(...ys)).toBe(ys[1]);
    expect(container.querySelectorAll('.chart-dot-lost')).toHaveLength(1);
  });

  it('dates the points and the time axis in the Ethiopian calendar in Amharic, the Gregorian date on hover', () => {
    const plays = [
      { at: '2025-09-10T21:30:00Z', game: 'hangman', category: 'word', score: 200, won: true },
      { at: '2026-01-07T09:00:00Z', game: 'hangman', category: 'word', score: 400, won: true },
    ];
    const { container } = render(<ScoreChart plays={plays} format={String} locale="am" />);
    const titles = [...container.querySelectorAll('circle title')].map((title) => title.textContent);
    expect(titles).toEqual(['1 መስከረም 2018 ዓ.ም. (11 ሴፕቴምበር 2025 እ.ኤ.አ.) · 200', '29 ታኅሣሥ 2018 ዓ.ም. (7 ጃንዋሪ 2026 እ.ኤ.አ.) · 400']);
    const axis = [...screen.getByTestId('score-chart-dates').querySelectorAll('time')];
    expect(axis.map((time) => time.firstChild?.textContent)).toEqual(['1 መስከረም 2018 ዓ.ም.', '29 ታኅሣሥ 2018 ዓ.ም.']);
    expect(axis.map((time) => time.getAttribute('title'))).toEqual(['11 ሴፕቴምበር 2025 እ.ኤ.አ.', '7 ጃንዋሪ 2026 እ.ኤ.አ.']);
    expect(axis[0]!.getAttribute('dateTime')).toBe('2025-09-10T21:30:00.000Z');
  });

  it('sizes category bars relative to the most played category and shows the win rate', () => {
    const { container } = render(
      <>
        <CategoryBars
          rows={[
            { label: 'Word', played: 8 },
            { label: 'Math', played: 2 },
          ]}
        />
        <WinRateRing rate={0.75} label="Win rate 75%" />
      </>,
    );
    const widths = [...container.querySelectorAll<HTMLElement>('.bar-fill')].map((bar) => bar.style.width);
    expect(widths).toEqual(['100%', '25%']);
    expect(screen.getByRole('img', { name: 'Win rate 75%' }).textContent).toBe('75%');
  });
});
