import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/error-message.tsx';
import { GamesIcon } from '../../components/icons.tsx';
import { LocaleLink, useLocale } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { fetchCatalogue, pickLocalized, type Game } from '../../lib/games/games-api.ts';

const CATEGORY_ORDER = [
  'word',
  'puzzle',
  'memory',
  'trivia',
  'math',
  'action',
  'strategy',
  'arcade',
  'code_breaker',
  'mines',
  'prediction',
  'card',
] as const;
type KnownCategory = (typeof CATEGORY_ORDER)[number];

const normalizeCategory = (category: string) =>
  category
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const isKnownCategory = (category: string): category is KnownCategory => (CATEGORY_ORDER as readonly string[]).includes(category);

export function HomePage() {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const games = useApiQuery((signal) => fetchCatalogue(signal));
  const list: Game[] = games.data?.games ?? [];
  const [category, setCategory] = useState<string>('all');

  // The catalogue's 8 categories, plus any a listed game has that the list does not.
  const categories = useMemo(() => {
    const present = new Set([
      ...(games.data?.categories ?? []).map((c) => normalizeCategory(c.id)),
      ...list.map((game) => normalizeCategory(game.category)),
    ]);
    const rank = (c: string) => (isKnownCategory(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length);
    return [...present].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }, [games.data, list]);

  const categoryLabel = (c: string) => (isKnownCategory(c) ? t(`category.${c}`) : c);
  const visible = list.filter((game) => category === 'all' || normalizeCategory(game.category) === category);

  return (
    <section className="page" aria-labelledby="home-title">
      <header className="page-header">
        <h1 id="home-title">{t('title')}</h1>
        <p className="muted">{t('subtitle')}</p>
      </header>

      {games.status === 'loading' && (
        <div className="game-grid" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="8rem" radius="var(--radius-lg)" />
          ))}
        </div>
      )}

      {games.status === 'error' && <LoadError error={games.error} onRetry={games.reload} />}

      {games.status === 'success' && list.length === 0 && (
        <div className="card empty-state">
          <span className="empty-icon">
            <GamesIcon size={40} />
          </span>
          <h2>{t('emptyTitle')}</h2>
          <p className="muted">{t('emptyBody')}</p>
        </div>
      )}

      {games.status === 'success' && list.length > 0 && (
        <>
          <div className="chips" role="group" aria-label={t('filterLabel')}>
            {['all', ...categories].map((c) => (
              <button
                key={c}
                type="button"
                className="chip"
                aria-pressed={category === c}
                data-testid={`category-${c}`}
                onClick={() => setCategory(c)}
              >
                {c === 'all' ? t('all') : categoryLabel(c)}
              </button>
            ))}
          </div>
          {visible.length === 0 ? (
            <p className="card empty-state muted">{t('emptyCategory')}</p>
          ) : (
            <ul className="game-grid" data-testid="game-list">
              {visible.map((game) => (
                <GameCard key={game.slug} game={game} locale={locale} categoryLabel={categoryLabel(normalizeCategory(game.category))} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function GameCard({ game, locale, categoryLabel }: { game: Game; locale: string; categoryLabel: string }) {
  const { t } = useTranslation('games');
  const title = pickLocalized(game.title, locale);
  return (
    <li className="card game-card" data-testid={`game-${game.slug}`}>
      <div className="game-card-top">
        <span className="badge">{categoryLabel}</span>
        {game.multiplayer && <span className="badge badge-accent">{t('multiplayer')}</span>}
      </div>
      <h2 className="game-title">{title}</h2>
      {game.description && <p className="muted game-description">{pickLocalized(game.description, locale)}</p>}
      <div className="game-card-bottom">
        <span className="game-cost">{game.cost ? t('cost', { count: game.cost }) : t('free')}</span>
        {/* a multiplayer-only game is played in a room: its card opens the lobby */}
        <LocaleLink
          to={game.multiplayer ? '/multiplayer' : `/${game.slug}`}
          className="button button-primary button-compact"
          aria-label={`${t('play')}: ${title}`}
        >
          {t('play')}
        </LocaleLink>
      </div>
    </li>
  );
}
