/**
 * Three small charts in plain SVG and CSS (no chart library): score over time, plays per category and the win
 * rate. Each has a text alternative, so a screen reader hears the numbers.
 */
import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/date-text.tsx';
import type { Locale } from '../../config/constants.ts';
import { formatDate } from '../../lib/dates.ts';
import type { RecentPlay } from './stats-api.ts';

const W = 320;
const H = 120;
const PAD = 8;

/** A point's hover text: its date (with the Gregorian one in Amharic) and score. */
function pointTitle(at: string, score: string, locale: Locale): string {
  const shown = formatDate(at, locale);
  if (!shown) return score;
  return shown.gregorian ? `${shown.text} (${shown.gregorian}) · ${score}` : `${shown.text} · ${score}`;
}

export function ScoreChart({ plays, format, locale }: { plays: readonly RecentPlay[]; format: (n: number) => string; locale: Locale }) {
  const { t } = useTranslation('stats');
  if (plays.length === 0) return <p className="muted small">{t('charts.noPlays')}</p>;
  const max = Math.max(1, ...plays.map((p) => p.score));
  const x = (i: number) => (plays.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (plays.length - 1));
  const y = (score: number) => H - PAD - (score / max) * (H - 2 * PAD);
  const points = plays.map((p, i) => `${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const best = Math.max(...plays.map((p) => p.score));
  return (
    <figure className="chart" data-testid="score-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('charts.scoreSummary', { count: plays.length, best: format(best) })}
        preserveAspectRatio="none"
      >
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} className="chart-axis" />
        <polyline points={points} className="chart-line" fill="none" />
        {plays.map((p, i) => (
          <circle key={`${p.at}-${i}`} cx={x(i)} cy={y(p.score)} r={3.5} className={p.won ? 'chart-dot-won' : 'chart-dot-lost'}>
            <title>{pointTitle(p.at, format(p.score), locale)}</title>
          </circle>
        ))}
      </svg>
      {/* The time axis: the first and the latest play's dates under the line's two ends. */}
      <div className="chart-axis-dates muted small" data-testid="score-chart-dates">
        <DateText value={plays[0]!.at} locale={locale} />
        {plays.length > 1 && <DateText value={plays[plays.length - 1]!.at} locale={locale} />}
      </div>
      <figcaption className="muted small">{t('charts.scoreCaption', { count: plays.length })}</figcaption>
    </figure>
  );
}

export function CategoryBars({ rows }: { rows: readonly { label: string; played: number }[] }) {
  const { t } = useTranslation('stats');
  if (rows.length === 0) return <p className="muted small">{t('charts.noPlays')}</p>;
  const max = Math.max(1, ...rows.map((r) => r.played));
  return (
    <ul className="bars" data-testid="category-chart">
      {rows.map((row) => (
        <li key={row.label} className="bar-row">
          <span className="bar-label">{row.label}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar-fill" style={{ width: `${(row.played / max) * 100}%` }} />
          </span>
          <span className="bar-value">{row.played}</span>
        </li>
      ))}
    </ul>
  );
}

export function WinRateRing({ rate, label }: { rate: number; label: string }) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const clamped = Math.max(0, Math.min(1, rate));
  return (
    <figure className="ring" data-testid="win-rate-chart">
      <svg viewBox="0 0 100 100" role="img" aria-label={label} width="120" height="120">
        <circle cx="50" cy="50" r={r} className="ring-track" fill="none" strokeWidth="12" />
        <circle
          cx="50"
          cy="50"
          r={r}
          className="ring-fill"
          fill="none"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${clamped * circumference} ${circumference}`}
          transform="rotate(-90 50 50)"
        />
        <text x="50" y="50" textAnchor="middle" dominantBaseline="central" className="ring-text">
          {Math.round(clamped * 100)}%
        </text>
      </svg>
    </figure>
  );
}
