import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/date-text.tsx';
import { LoadError, useErrorText } from '../../components/error-message.tsx';
import { LocaleLink, useLocale } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { notify } from '../../lib/notify.ts';
import { BackToLobby } from '../../components/match/match-parts.tsx';
import { fetchHistory, type HistoryItem } from '../../lib/rooms/rooms-api.ts';
import './multiplayer.css';

/** `/multiplayer/history`: finished matches, newest first, with the result, tokens won or lost and a replay. */
export function HistoryPage() {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('history.title'), t('lobby.metaDescription'));
  const errorText = useErrorText();
  const first = useApiQuery((signal) => fetchHistory(null, signal));
  const [more, setMore] = useState<{ items: HistoryItem[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const items = [...(first.data?.items ?? []), ...(more?.items ?? [])];
  const cursor = more ? more.cursor : (first.data?.nextCursor ?? null);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await fetchHistory(cursor);
      setMore({ items: [...(more?.items ?? []), ...next.items], cursor: next.nextCursor });
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="page mp-page" aria-labelledby="history-title">
      <header className="page-header">
        <h1 id="history-title">{t('history.title')}</h1>
        <p className="muted">{t('history.subtitle')}</p>
      </header>
      {first.status === 'loading' && (
        <div className="stack" aria-busy="true">
          <Skeleton height="5rem" radius="var(--radius-lg)" />
          <Skeleton height="5rem" radius="var(--radius-lg)" />
        </div>
      )}
      {first.status === 'error' && <LoadError error={first.error} onRetry={first.reload} />}
      {first.status === 'success' && items.length === 0 && (
        <div className="card empty-state">
          <p className="muted">{t('history.empty')}</p>
          <BackToLobby />
        </div>
      )}
      {items.length > 0 && (
        <ul className="mp-room-list" data-testid="history">
          {items.map((item) => (
            <HistoryRow key={item.matchId} item={item} />
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" className="button button-block" disabled={loading} onClick={() => void loadMore()}>
          {t('history.loadMore')}
        </button>
      )}
    </section>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('multiplayer');
  const locale = useLocale();
  const signed = new Intl.NumberFormat(locale === 'am' ? 'am-ET' : 'en-GB', { signDisplay: 'always' });
  const players = [...item.players].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  return (
    <li className="card mp-room-card" data-testid="history-item">
      <div className="row row-between">
        <strong>{item.roomName ?? item.roomCode ?? t('facts.wordDuel')}</strong>
        <span className={`badge mp-result-${item.result}`}>{t(`history.result.${item.result}`)}</span>
      </div>
      <p className="muted small">
        {item.finishedAt && <DateText value={item.finishedAt} locale={locale} time />}
        {item.score !== undefined && ` · ${t('history.score', { count: item.score })}`}
      </p>
      <p className={item.tokens < 0 ? 'tone-bad' : 'tone-good'} data-testid="history-tokens">
        {t(item.tokens < 0 ? 'history.tokensLost' : 'history.tokensWon', { amount: signed.format(item.tokens) })}
      </p>
      <p className="small">{players.map((p) => `${p.name ?? t('player.unknown')} ${p.score ?? 0}`).join(' · ')}</p>
      <LocaleLink
        to={`/multiplayer/replay/${item.matchId}`}
        className="button button-compact"
        aria-label={t('history.replayOf', { name: item.roomName ?? item.roomCode ?? '' })}
      >
        {t('history.replay')}
      </LocaleLink>
    </li>
  );
}
