import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { userChannel } from '../../lib/realtime/protocol.ts';
import { realtime, useRealtimeLog, useRealtimeState } from '../../lib/realtime/realtime.ts';

/** Connection state and every message in and out, for checking the socket on a real device. */
export function DebugWebsocketPage() {
  const { t } = useTranslation('debug');
  const state = useRealtimeState();
  const log = useRealtimeLog();
  const user = useAuth(selectUser);
  const [channel, setChannel] = useState(user ? userChannel(user.id) : '');
  const [extra, setExtra] = useState<{ channel: string; stop: () => void }[]>([]);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    const name = channel.trim();
    if (!name || extra.some((entry) => entry.channel === name)) return;
    setExtra((list) => [...list, { channel: name, stop: realtime.subscribe(name, () => {}) }]);
  };

  return (
    <section className="page" aria-labelledby="debug-title">
      <header className="page-header">
        <h1 id="debug-title">{t('title')}</h1>
      </header>
      <div className="card row row-between">
        <span>
          {t('state')}: <strong data-testid="ws-state">{state}</strong>
        </span>
        <button type="button" className="button button-compact" onClick={() => realtime.reconnect()}>
          {t('reconnect')}
        </button>
      </div>

      <form className="card row" onSubmit={subscribe}>
        <input
          className="input grow"
          value={channel}
          onChange={(event) => setChannel(event.target.value)}
          aria-label={t('channel')}
          placeholder="user:…"
          spellCheck={false}
          autoCapitalize="none"
        />
        <button type="submit" className="button button-primary">
          {t('subscribe')}
        </button>
      </form>
      {extra.length > 0 && (
        <ul className="chips">
          {extra.map((entry) => (
            <li key={entry.channel}>
              <button
                type="button"
                className="chip"
                aria-pressed="true"
                onClick={() => {
                  entry.stop();
                  setExtra((list) => list.filter((item) => item !== entry));
                }}
              >
                {entry.channel} ✕
              </button>
            </li>
          ))}
        </ul>
      )}

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
    </section>
  );
}
