import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOnline } from '../../hooks/use-online.ts';

/** The page the player is on, and whether it was opened while offline and not yet shown. */
type Visit = { key: string; heldBack: boolean };

/**
 * The next visit state: a page opened offline is held back; coming back online (or asking for the page anyway)
 * releases it for good, so a later drop never swaps a page that is already showing (a game in play) for this one.
 */
export function nextVisit(visit: Visit, key: string, online: boolean): Visit {
  if (visit.key !== key) return { key, heldBack: !online };
  if (visit.heldBack && online) return { key, heldBack: false };
  return visit;
}

/**
 * Every page needs the server. A page navigated to while offline shows the offline page instead (the cached app
 * shell keeps the header and language menu working), and opens by itself once the connection is back.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const { key } = useLocation();
  const [visit, setVisit] = useState<Visit>(() => ({ key, heldBack: !online }));
  const next = nextVisit(visit, key, online);
  // Adjusting state while rendering (React's pattern for state derived from a changing input).
  if (next !== visit) setVisit(next);
  if (!next.heldBack) return children;
  return <OfflinePage onShowPage={() => setVisit({ key, heldBack: false })} />;
}

function OfflinePage({ onShowPage }: { onShowPage: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page error-page" aria-labelledby="offline-title" data-testid="offline-page">
      <h1 id="offline-title">{t('offline.title')}</h1>
      <p className="error-message">{t('offline.message')}</p>
      <div className="row">
        <button type="button" className="button" onClick={onShowPage}>
          {t('offline.showPage')}
        </button>
      </div>
    </section>
  );
}
