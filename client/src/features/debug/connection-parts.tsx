import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../lib/realtime/connection.ts';

/** The connection state, named in the page's language; `data-state` keeps the raw state for tests. */
export function ConnectionStateCard({ state, onReconnect }: { state: string; onReconnect: () => void }) {
  const { t } = useTranslation('debug');
  return (
    <div className="card row row-between">
      <span>
        {t('state')}:{' '}
        <strong data-testid="ws-state" data-state={state}>
          {t(`states.${state}`, { defaultValue: state })}
        </strong>
      </span>
      <button type="button" className="button button-compact" onClick={onReconnect}>
        {t('reconnect')}
      </button>
    </div>
  );
}

/** Every message in and out, newest first. */
export function MessageLog({ log }: { log: readonly LogEntry[] }) {
  const { t } = useTranslation('debug');
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <>
      <h2 className="section-title">{t('messages')}</h2>
      {log.length === 0 ? (
        <p className="card empty-state muted">{t('empty')}</p>
      ) : (
        <ol className="card log" data-testid="ws-log">
          {[...log].reverse().map((entry) => (
            <li key={entry.id} className={`log-entry log-${entry.direction}`}>
              <span className="log-meta">
                {time.format(entry.at)} {t(entry.direction)}
              </span>
              <code>{entry.text}</code>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** A debug page: its title, then its parts. */
export function DebugPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="debug-title">
      <header className="page-header">
        <h1 id="debug-title">{title}</h1>
      </header>
      {children}
    </section>
  );
}
