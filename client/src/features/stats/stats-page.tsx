import { Trans, useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon } from '../../components/badge-icon.tsx';
import { DateText } from '../../components/date-text.tsx';
import { LoadError } from '../../components/error-message.tsx';
import { LocaleLink } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { SharePanel } from './share-panel.tsx';
import { fetchPlayerStats } from './stats-api.ts';
import { StatsDetails, StatsGrid, useStatsFormat } from './stats-view.tsx';

/** One's own profile and statistics, with charts and a share link. */
export function StatsPage() {
  const { t } = useTranslation('stats');
  const user = useAuth(selectUser);
  const format = useStatsFormat();
  const page = useApiQuery((signal) => fetchPlayerStats(user?.id ?? '', signal), [user?.id]);
  const badge = page.status === 'success' ? page.data.user.badge : (user?.badge ?? null);

  return (
    <section className="page" aria-labelledby="stats-title">
      {user && (
        <div className="card profile-summary">
          <Avatar name={user.name} avatar={user.avatar} size={64} />
          <div className="stack-tight">
            <h1 id="stats-title" className="profile-name">
              {user.name} <BadgeIcon badge={badge} size={20} withLabel />
            </h1>
            {user.username && <span className="muted">@{user.username}</span>}
            <span className="muted small" data-testid="member-since">
              <Trans t={t} i18nKey="memberSince" components={{ date: <DateText value={user.created_at} locale={format.locale} /> }} />
            </span>
          </div>
          <LocaleLink to="/profile" className="button button-compact" data-testid="edit-profile">
            {t('editProfile')}
          </LocaleLink>
        </div>
      )}

      <h2 className="section-title">{t('title')}</h2>
      {page.status === 'loading' && (
        <div className="stat-grid">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height="4.5rem" radius="var(--radius-lg)" />
          ))}
        </div>
      )}
      {page.status === 'error' && <LoadError error={page.error} onRetry={page.reload} />}
      {page.status === 'success' && (
        <>
          {(page.data.stats.overall_stats.games_played ?? 0) === 0 && (
            <div className="card empty-state">
              <p className="muted">{t('empty')}</p>
              <LocaleLink to="/" className="button button-primary">
                {t('playNow')}
              </LocaleLink>
            </div>
          )}
          <StatsGrid stats={page.data.stats.overall_stats} />
          <StatsDetails stats={page.data.stats} />
          <div className="stats-details">
            <SharePanel />
          </div>
        </>
      )}
    </section>
  );
}
