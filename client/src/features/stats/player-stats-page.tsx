import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../components/error-message.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { fetchPlayerStats } from './stats-api.ts';
import { PlayerHeader, StatsDetails, StatsGrid } from './stats-view.tsx';

/** Another player's statistics (signed-in players only). */
export function PlayerStatsPage() {
  const { t } = useTranslation('stats');
  const { id = '' } = useParams();
  const page = useApiQuery((signal) => fetchPlayerStats(id, signal), [id]);
  useDocumentMeta(page.status === 'success' ? t('meta.playerTitle', { name: page.data.user.name }) : t('title'), t('meta.description'));
  return (
    <section className="page" aria-labelledby="stats-title">
      {page.status === 'loading' && <Skeleton height="6rem" radius="var(--radius-lg)" />}
      {page.status === 'error' && <LoadError error={page.error} onRetry={page.reload} />}
      {page.status === 'success' && (
        <>
          <PlayerHeader player={page.data.user} />
          <h2 className="section-title">{t('title')}</h2>
          <StatsGrid stats={page.data.stats.overall_stats} />
          <StatsDetails stats={page.data.stats} />
        </>
      )}
    </section>
  );
}
