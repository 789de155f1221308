import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon, type Badge } from '../../components/badge-icon.tsx';
import { DateText } from '../../components/date-text.tsx';
import { LocaleLink, useLocale } from '../../components/locale-link.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { boardLink, hasBoard } from '../../lib/games/boards.ts';
import { fetchCatalogue, pickLocalized } from '../../lib/games/games-api.ts';
import { CategoryBars, ScoreChart, WinRateRing } from './charts.tsx';
import type { FullStats, OverallStats } from './stats-api.ts';
import './stats.css';

type NumberField =
  | 'games_played'
  | 'wins'
  | 'tokens_earned'
  | 'level'
  | 'xp'
  | 'average_score'
  | 'highest_score'
  | 'total_score'
  | 'rounds'
  | 'current_streak'
  | 'longest_streak';

export function useStatsFormat() {
  const locale = useLocale();
  const intlLocale = locale === 'am' ? 'am-ET' : 'en-GB';
  const number = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 1 });
  return {
    locale,
    number: (n: number | null | undefined) => number.format(n ?? 0),
    percent: (rate: number | null | undefined) =>
      new Intl.NumberFormat(intlLocale, { style: 'percent', maximumFractionDigits: 0 }).format(normalizeRate(rate)),
  };
}

/** The server may send a win rate as 0..1 or as a percentage. */
export function normalizeRate(rate: number | null | undefined): number {
  if (!rate) return 0;
  return rate > 1 ? rate / 100 : rate;
}

/** A player's name, avatar, badge and level: the head of a stats page that is not one's own. */
export function PlayerHeader({ player }: { player: { name: string; avatar: string | null; badge: Badge | null; level: number } }) {
  const { t } = useTranslation('stats');
  const format = useStatsFormat();
  return (
    <div className="card profile-summary" data-testid="player-header">
      <Avatar name={player.name} avatar={player.avatar} size={64} />
      <div className="stack-tight">
        <h1 id="stats-title" className="profile-name">
          {player.name} <BadgeIcon badge={player.badge} size={20} withLabel />
        </h1>
        <span className="muted small">{t('levelValue', { level: format.number(player.level) })}</span>
      </div>
    </div>
  );
}

/** The number grid (the statistics page's labels plus wins and streaks). */
export function StatsGrid({ stats }: { stats: OverallStats }) {
  const { t } = useTranslation('stats');
  const format = useStatsFormat();
  const value = (field: NumberField) => format.number(stats[field]);
  return (
    <dl className="stat-grid" data-testid="stats-grid">
      <Stat label={t('gamesPlayed')} value={value('games_played')} />
      <Stat label={t('wins')} value={value('wins')} />
      <Stat label={t('winRate')} value={format.percent(stats.win_rate)} />
      <Stat label={t('tokensEarned')} value={value('tokens_earned')} />
      <Stat label={t('level')} value={value('level')} />
      <Stat label={t('xp')} value={value('xp')} />
      <Stat label={t('averageScore')} value={value('average_score')} />
      <Stat label={t('highestScore')} value={value('highest_score')} />
      <Stat label={t('totalScore')} value={value('total_score')} />
      <Stat label={t('rounds')} value={value('rounds')} />
      <Stat label={t('bestRank')} value={stats.best_rank ? `#${format.number(stats.best_rank)}` : t('noRank')} />
      <Stat label={t('currentStreak')} value={value('current_streak')} />
      <Stat label={t('longestStreak')} value={value('longest_streak')} />
      <Stat
        label={t('lastPlayed')}
        value={stats.last_played ? <DateText value={stats.last_played} locale={format.locale} /> : t('never')}
      />
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="card stat">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value}</dd>
    </div>
  );
}

/** Rows in the catalogue's order (`order` lists its ids), anything it does not list after them as the server sent it. */
function inOrder<T>(entries: [string, T][], order: readonly string[]): [string, T][] {
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...entries].sort(([a], [b]) => rank(a) - rank(b));
}

/** Charts and the per-game breakdown, below the grid. */
export function StatsDetails({ stats }: { stats: FullStats }) {
  const { t } = useTranslation('stats');
  const locale = useLocale();
  const format = useStatsFormat();
  const catalogue = useApiQuery((signal) => fetchCatalogue(signal));
  const games = catalogue.status === 'success' ? catalogue.data.games : [];
  const categories = catalogue.status === 'success' ? catalogue.data.categories : [];
  // The catalogue's titles and labels first (the server's words); this page's own names while it loads or if it fails.
  const gameNames: Readonly<Record<string, string>> = t('gameNames', { returnObjects: true });
  const categoryNames: Readonly<Record<string, string>> = t('categoryNames', { returnObjects: true });
  const gameTitle = (slug: string) => pickLocalized(games.find((g) => g.slug === slug)?.title, locale) || gameNames[slug] || slug;
  const categoryLabel = (id: string) => pickLocalized(categories.find((c) => c.id === id)?.label, locale) || categoryNames[id] || id;
  const gameHasBoard = (slug: string) => {
    const game = games.find((g) => g.slug === slug);
    return game ? hasBoard(game) : false;
  };
  const byGame = inOrder(
    Object.entries(stats.by_game),
    games.map((g) => g.slug),
  );
  const byCategory = inOrder(
    Object.entries(stats.by_category),
    categories.map((c) => c.id),
  );
  const winRate = normalizeRate(stats.overall_stats.win_rate);

  return (
    <div className="stats-details">
      <section className="card stack" aria-labelledby="chart-score">
        <h3 id="chart-score" className="chart-title">
          {t('charts.score')}
        </h3>
        <ScoreChart plays={stats.recent_plays} format={format.number} locale={locale} />
      </section>
      <div className="stats-pair">
        <section className="card stack" aria-labelledby="chart-categories">
          <h3 id="chart-categories" className="chart-title">
            {t('charts.categories')}
          </h3>
          <CategoryBars rows={byCategory.map(([id, block]) => ({ label: categoryLabel(id), played: block.games_played ?? 0 }))} />
        </section>
        <section className="card stack ring-card" aria-labelledby="chart-win-rate">
          <h3 id="chart-win-rate" className="chart-title">
            {t('charts.winRate')}
          </h3>
          <WinRateRing
            rate={winRate}
            label={t('charts.winRateSummary', {
              rate: format.percent(winRate),
              wins: format.number(stats.overall_stats.wins),
              played: format.number(stats.overall_stats.games_played),
            })}
          />
          <p className="muted small">
            {t('charts.winsOf', { wins: format.number(stats.overall_stats.wins), played: format.number(stats.overall_stats.games_played) })}
          </p>
        </section>
      </div>
      {byGame.length > 0 && (
        <section className="stack" aria-labelledby="by-game">
          <h3 id="by-game" className="section-title">
            {t('byGame')}
          </h3>
          <ul className="game-stats">
            {byGame.map(([slug, block]) => (
              <li key={slug} className="card game-stat" data-testid={`game-stats-${slug}`}>
                <strong>{gameTitle(slug)}</strong>
                <span className="muted small">
                  {t('gameLine', {
                    played: format.number(block.games_played),
                    best: format.number(block.highest_score),
                    rate: format.percent(block.win_rate),
                  })}
                </span>
                {block.best_rank ? <span className="badge badge-accent">#{format.number(block.best_rank)}</span> : null}
                {gameHasBoard(slug) && (
                  <LocaleLink
                    to={boardLink({ game: slug })}
                    className="small"
                    aria-label={t('boardLinkNamed', { game: gameTitle(slug) })}
                    data-testid={`board-link-${slug}`}
                  >
                    {t('boardLink')}
                  </LocaleLink>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
