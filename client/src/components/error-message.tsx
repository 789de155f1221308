import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR, NOT_AUTHENTICATED } from '../lib/api-client.ts';

/** The server's own (localised) message when it sent one, else a plain local explanation. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) {
      if (error.message) return error.message;
      if (error.code === NETWORK_ERROR) return t('errors.network');
      if (error.code === NOT_AUTHENTICATED) return t('toast.notAuthenticated');
    }
    return t('errors.failedToLoad');
  };
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="card empty-state" role="alert">
      <p>{errorText(error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
