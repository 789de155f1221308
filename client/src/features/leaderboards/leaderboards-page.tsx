import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon } from '../../components/badge-icon.tsx';
import { LoadError } from '../../components/error-message.tsx';
import { LocaleLink, useLocale } from '../../components/locale-link.tsx';
import type { Locale } from '../../config/constants.ts';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { formatPeriod } from '../../lib/dates.ts';
import { fetchGames, pickLocalized, type Game } from '../../lib/games/games-api.ts';
import {
  boardLink,
  boardParams,
  boardPeriodOf,
  DEFAULT_PERIOD,
  hasBoard,
  isPeriod,
  PERIODS,
  type BoardPeriod,
  type Period,
} from '../../lib/games/boards.ts';
import { fetchBoard, type Board, type BoardEntry } from './leaderboards-api.ts';
import './leaderboards.css';

/**
 * Per-game and global boards for today, this week, this month, this year and all time; your own rank pinned. The
 * board shown is in the address (`?game=mines&period=day`, boardLink), so every game's board can be linked to.
 */
export function LeaderboardsPage() {
  const { t } = useTranslation('leaderboards');
  const locale = useLocale();
  const user = useAuth(selectUser);
  const [params, setParams] = useSearchParams();
  const [more, setMore] = useState<{ entries: BoardEntry[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  useDocumentMeta(t('metaTitle'), t('metaDescription'));

  const games = useApiQuery((signal) => fetchGames(signal));
  // Every game of the catalogue that ranks scores, in catalogue order (a game played only in rooms has no board).
  const boards: Game[] = games.status === 'success' ? games.data.filter(hasBoard) : [];
  const asked = params.get('game');
  // A game named in the address is taken at its word until the catalogue says it has no board: a link opens at once.
  const game = asked && (games.status !== 'success' || boards.some((g) => g.slug === asked)) ? asked : null;
  const askedPeriod = params.get('period');
  const period: Period = isPeriod(askedPeriod) ? askedPeriod : DEFAULT_PERIOD;
  const boardName = game === null ? t('global') : pickLocalized(boards.find((g) => g.slug === game)?.title, locale);

  /** Shows another board: the address changes (replaced, so Back leaves the page rather than stepping through tabs). */
  function show(next: { game?: string | null; period?: Period }) {
    const target = { game: next.game === undefined ? game : next.game, period: next.period ?? period };
    setParams(boardParams(target), { replace: true });
  }
  const board = useApiQuery(
    (signal) => {
      setMore(null);
      return fetchBoard({ game, period: boardPeriodOf(period, locale) }, signal);
    },
    [game, period, locale, user?.id],
  );
  const number = new Intl.NumberFormat(locale === 'am' ? 'am-ET' : 'en-GB', { maximumFractionDigits: 1 });

  const entries = board.status === 'success' ? [...board.data.entries, ...(more?.entries ?? [])] : [];
  const cursor = more ? more.cursor : board.status === 'success' ? board.data.nextCursor : null;

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const next: Board = await fetchBoard({ game, period: boardPeriodOf(period, locale), cursor });
      setMore({ entries: [...(more?.entries ?? []), ...next.entries], cursor: next.nextCursor });
    } finally {
      setLoadingMore(false);
    }
  }

  const me = board.status === 'success' ? board.data.me : undefined;
  const meShown = me ? entries.some((e) => e.user.id === me.user.id) : false;

  return (
    <section className="page leaderboards" aria-labelledby="leaderboards-title">
      <header className="page-header">
        <h1 id="leaderboards-title">{t('title')}</h1>
        <p className="muted">{game ? t('gameHint') : t('globalHint')}</p>
      </header>

      <div className="chips" role="group" aria-label={t('gameTabs')} data-testid="game-tabs">
        <button
          type="button"
          className="chip"
          aria-pressed={game === null}
          onClick={() => show({ game: null })}
          data-testid="game-tab-global"
        >
          {t('global')}
        </button>
        {boards.map((g) => (
          <button
            key={g.slug}
            type="button"
            className="chip"
            aria-pressed={game === g.slug}
            onClick={() => show({ game: g.slug })}
            data-testid={`game-tab-${g.slug}`}
          >
            {pickLocalized(g.title, locale)}
          </button>
        ))}
      </div>
      <div className="chips" role="group" aria-label={t('periodTabs')} data-testid="period-tabs">
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className="chip"
            aria-pressed={period === p}
            onClick={() => show({ period: p })}
            data-testid={`period-${p}`}
          >
            {t(`periods.${p}`)}
          </button>
        ))}
      </div>

      {boardName && (
        <h2 className="section-title" data-testid="board-title">
          {t('boardTitle', { board: boardName, period: t(`periods.${period}`) })}
        </h2>
      )}
      {board.status === 'success' && board.data.periodKey && (
        <BoardPeriodLabel period={boardPeriodOf(period, locale)} periodKey={board.data.periodKey} locale={locale} />
      )}
      {board.status === 'loading' && (
        <div className="stack">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="3.5rem" radius="var(--radius-lg)" />
          ))}
        </div>
      )}
      {board.status === 'error' && <LoadError error={board.error} onRetry={board.reload} />}
      {board.status === 'success' && entries.length === 0 && (
        <div className="card empty-state" data-testid="board-empty">
          <p className="muted">{t('empty')}</p>
          <LocaleLink to="/" className="button button-primary">
            {t('playNow')}
          </LocaleLink>
        </div>
      )}
      {entries.length > 0 && (
        <ol className="board card card-flush" data-testid="board">
          {entries.map((entry) => (
            <Row key={entry.user.id} entry={entry} mine={entry.user.id === user?.id} score={number.format(entry.score)} />
          ))}
        </ol>
      )}
      {cursor && (
        <button
          type="button"
          className="button button-block"
          onClick={() => void loadMore()}
          disabled={loadingMore}
          data-testid="load-more"
        >
          {t('loadMore')}
        </button>
      )}

      {board.status === 'success' && user && (
        <div className="board-me card" data-testid="my-rank" aria-live="polite">
          {me ? (
            <ol className="board" start={me.rank}>
              <Row entry={me} mine score={number.format(me.score)} pinned={!meShown} />
            </ol>
          ) : (
            <p className="muted small">{t('notRanked')}</p>
          )}
        </div>
      )}
      {board.status === 'success' && !user && (
        <p className="muted small">
          <LocaleLink to={`/login?redirect=${encodeURIComponent(boardLink({ game, period }))}`}>{t('signInForRank')}</LocaleLink>
        </p>
      )}
    </section>
  );
}

/**
 * The days the board covers, as the server counts them (Gregorian months and years, in Addis Ababa time): in
 * Amharic the Ethiopian dates of that span, the Gregorian ones on hover and for screen readers.
 */
function BoardPeriodLabel({ period, periodKey, locale }: { period: BoardPeriod; periodKey: string; locale: Locale }) {
  const shown = formatPeriod(period, periodKey, locale);
  if (!shown) return null;
  return (
    <p className="muted small board-period" title={shown.gregorian ?? undefined} data-testid="board-period">
      {shown.text}
      {shown.gregorian && <span className="visually-hidden"> ({shown.gregorian})</span>}
    </p>
  );
}

function Row({ entry, mine, score, pinned = false }: { entry: BoardEntry; mine: boolean; score: string; pinned?: boolean }) {
  const { t } = useTranslation('leaderboards');
  return (
    <li className={`board-row${mine ? ' board-row-mine' : ''}`} data-testid={pinned ? 'my-row' : 'board-row'} value={entry.rank}>
      <span
        className={`board-rank board-rank-${Math.min(entry.rank, 4)}`}
        aria-label={t('rank', { rank: entry.rank })}
        data-testid="board-rank"
      >
        {entry.rank}
      </span>
      <Avatar name={entry.user.name} avatar={entry.user.avatar} size={36} />
      <span className="board-name">
        <span className="board-name-text">{entry.user.name}</span>
        {mine && <span className="badge badge-accent">{t('you')}</span>}
        <BadgeIcon badge={entry.badge} size={18} />
      </span>
      <span className="board-score" aria-label={t('score', { score })} data-testid="board-score">
        {score}
      </span>
    </li>
  );
}
