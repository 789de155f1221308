import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../components/locale-link.tsx';
import { notify } from '../../lib/notify.ts';
import { createShareLink, revokeShareLink } from './stats-api.ts';

/** Create a public link to one's statistics, copy it, or revoke it (the link then answers "not found"). */
export function SharePanel() {
  const { t } = useTranslation('stats');
  const locale = useLocale();
  const [shareId, setShareId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = shareId ? `${location.origin}${locale === 'am' ? '/am' : ''}/stats/share/${shareId}` : null;

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : t('share.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card share-panel" aria-labelledby="share-title" data-testid="share-panel">
      <h3 id="share-title" className="chart-title">
        {t('share.title')}
      </h3>
      <p className="muted small">{t('share.hint')}</p>
      {url ? (
        <>
          <a className="share-url" href={url} data-testid="share-url">
            {url}
          </a>
          <div className="row">
            <button
              type="button"
              className="button button-primary button-compact"
              onClick={() =>
                void run(async () => {
                  if (navigator.share) await navigator.share({ title: t('share.title'), url }).catch(() => undefined);
                  else {
                    await navigator.clipboard.writeText(url);
                    notify.success(t('share.copied'));
                  }
                })
              }
            >
              {t('share.copy')}
            </button>
            <button
              type="button"
              className="button button-ghost button-compact"
              disabled={busy}
              data-testid="share-revoke"
              onClick={() =>
                void run(async () => {
                  await revokeShareLink(shareId!);
                  setShareId(null);
                  notify.success(t('share.revoked'));
                })
              }
            >
              {t('share.revoke')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="button button-compact"
          disabled={busy}
          data-testid="share-create"
          onClick={() => void run(async () => setShareId(await createShareLink()))}
        >
          {t('share.create')}
        </button>
      )}
    </section>
  );
}
