import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { LocaleLink } from '../components/locale-link.tsx';
import { PageSkeleton } from '../components/skeleton.tsx';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload.ts';

export function ErrorView({ status, title, message }: { status: number; title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <section className="page error-page" aria-labelledby="error-title">
      <p className="error-status">{status}</p>
      <h1 id="error-title">{title}</h1>
      <p className="error-message">{message}</p>
      <div className="row">
        <LocaleLink to="/" className="button button-primary">
          {t('errors.goHome')}
        </LocaleLink>
        {status !== 404 && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </button>
        )}
      </div>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorView status={404} title={t('errors.pageNotFound')} message={t('errors.pageNotFoundPath', { path: pathname })} />;
}

/** Route error boundary: 404s as 'Page Not Found', everything else as 'Internal Server Error'. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();

  if (isChunkLoadError(error) && reloadForChunkError()) return <PageSkeleton />;

  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return <ErrorView status={404} title={t('errors.pageNotFound')} message={t('errors.pageNotFoundPath', { path: pathname })} />;
    }
    return (
      <ErrorView
        status={error.status}
        title={t('errors.internalServerError')}
        message={typeof error.data === 'string' && error.data ? error.data : error.statusText}
      />
    );
  }
  const message = error instanceof Error && error.message ? error.message : t('errors.generic');
  return <ErrorView status={500} title={t('errors.internalServerError')} message={message} />;
}
