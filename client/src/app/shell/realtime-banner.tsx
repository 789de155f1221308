import { useTranslation } from 'react-i18next';
import { selectIsSignedIn, useAuth } from '../../lib/auth/auth-live.ts';
import { realtime, useRealtimeState } from '../../lib/realtime/realtime.ts';

/** Tells the player when live updates fell back to polling, with a way to try the socket again. */
export function RealtimeBanner() {
  const { t } = useTranslation();
  const signedIn = useAuth(selectIsSignedIn);
  const state = useRealtimeState();
  if (!signedIn || state !== 'failed') return null;
  return (
    <div className="banner" role="status">
      <span>{t('realtime.pollingBanner')}</span>
      <button type="button" className="button button-ghost button-compact" onClick={() => realtime.reconnect()}>
        {t('realtime.retry')}
      </button>
    </div>
  );
}
