import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LocaleLink } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { LoadError } from '../../components/error-message.tsx';
import { fetchSharedStats } from './stats-api.ts';
import { PlayerHeader, StatsDetails, StatsGrid } from './stats-view.tsx';

/** Sets og:/twitter: tags while the page is shown (the server already put them into the HTML it sent). */
function useSocialMeta(title: string, description: string) {
  useEffect(() => {
    const tags: [string, string, string][] = [
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:type', 'profile'],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
    ];
    const added: HTMLMetaElement[] = [];
    for (const [attribute, key, content] of tags) {
      let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
      if (!meta) {
        meta = document.createElement('meta');
        meta.setAttribute(attribute, key);
        document.head.appendChild(meta);
        added.push(meta);
      }
      meta.content = content;
    }
    return () => added.forEach((meta) => meta.remove());
  }, [title, description]);
}

/** What a share link shows, to anyone (no login). A revoked or unknown link says so. */
export function SharedStatsPage() {
  const { t } = useTranslation('stats');
  const { id = '' } = useParams();
  const page = useApiQuery((signal) => fetchSharedStats(id, signal), [id]);
  const title = page.status === 'success' ? t('meta.sharedTitle', { name: page.data.user.name }) : t('title');
  const description =
    page.status === 'success'
      ? t('meta.sharedDescription', {
          level: page.data.user.level,
          played: page.data.stats.overall_stats.games_played ?? 0,
          best: page.data.stats.overall_stats.highest_score ?? 0,
        })
      : t('meta.description');
  useDocumentMeta(title, description);
  useSocialMeta(title, description);
  const gone = page.status === 'error' && page.error instanceof ApiError && page.error.status === 404;

  return (
    <section className="page" aria-labelledby="stats-title">
      {page.status === 'loading' && <Skeleton height="6rem" radius="var(--radius-lg)" />}
      {gone && (
        <div className="card empty-state" data-testid="share-gone">
          <p>{t('share.gone')}</p>
          <LocaleLink to="/" className="button button-primary">
            {t('playNow')}
          </LocaleLink>
        </div>
      )}
      {page.status === 'error' && !gone && <LoadError error={page.error} onRetry={page.reload} />}
      {page.status === 'success' && (
        <>
          <PlayerHeader player={page.data.user} />
          <h2 className="section-title">{t('title')}</h2>
          <StatsGrid stats={page.data.stats.overall_stats} />
          <StatsDetails stats={page.data.stats} />
          <div className="card row-between">
            <span>{t('share.invite')}</span>
            <LocaleLink to="/" className="button button-primary button-compact">
              {t('playNow')}
            </LocaleLink>
          </div>
        </>
      )}
    </section>
  );
}
