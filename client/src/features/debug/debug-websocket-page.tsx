import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { userChannel } from '../../lib/realtime/protocol.ts';
import { realtime, useRealtimeLog, useRealtimeState } from '../../lib/realtime/realtime.ts';
import { ConnectionStateCard, DebugPage, MessageLog } from './connection-parts.tsx';

/** Connection state and every message in and out, for checking the socket on a real device. */
export function DebugWebsocketPage() {
  const { t } = useTranslation('debug');
  const state = useRealtimeState();
  const log = useRealtimeLog();
  const user = useAuth(selectUser);
  const [channel, setChannel] = useState(user ? userChannel(user.id) : '');
  const [extra, setExtra] = useState<{ channel: string; stop: () => void }[]>([]);

  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    const name = channel.trim();
    if (!name || extra.some((entry) => entry.channel === name)) return;
    setExtra((list) => [...list, { channel: name, stop: realtime.subscribe(name, () => {}) }]);
  };

  return (
    <DebugPage title={t('title')}>
      <ConnectionStateCard state={state} onReconnect={() => realtime.reconnect()} />

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

      <MessageLog log={log} />
    </DebugPage>
  );
}
