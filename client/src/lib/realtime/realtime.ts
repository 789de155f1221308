import { useSyncExternalStore } from 'react';
import { WS_PATH } from '../../config/constants.ts';
import { fetchWallet } from '../wallet-api.ts';
import { setWallet } from '../wallet-store.ts';
import { refreshPendingInvitations } from '../invitations-store.ts';
import { i18n } from '../i18n.ts';
import { notify } from '../notify.ts';
import { createRealtimeConnection, type ConnectionState, type LogEntry, type SocketLike } from './connection.ts';

/** The browser's WebSocket behind the SocketLike the connections use (also the test pages' own sockets). */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const adapter: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
  };
  ws.onopen = () => adapter.onopen?.();
  ws.onclose = (event) => adapter.onclose?.({ code: event.code });
  ws.onmessage = (event) => adapter.onmessage?.({ data: event.data });
  ws.onerror = () => adapter.onerror?.();
  return adapter;
}

/** A socket path on this page's origin, ws:// or wss:// as the page is. */
export function socketUrlOf(path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${path}`;
}

export const realtime = createRealtimeConnection({
  createSocket: browserSocket,
  socketUrl: () => socketUrlOf(WS_PATH),
  onLimited: (code) => notify.warning(i18n.t(`realtime.limited.${code}`), { description: i18n.t('realtime.limitedRetry') }),
  poll: async () => {
    await Promise.all([fetchWallet().then((wallet) => setWallet(wallet)), refreshPendingInvitations()]);
  },
});

export function useRealtimeState(): ConnectionState {
  return useSyncExternalStore(realtime.onStateChange, realtime.getState, realtime.getState);
}

export function useRealtimeLog(): readonly LogEntry[] {
  return useSyncExternalStore(realtime.onLog, realtime.getLog, realtime.getLog);
}
