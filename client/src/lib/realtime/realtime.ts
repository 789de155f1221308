import { useSyncExternalStore } from 'react';
import { WS_PATH } from '../../config/constants.ts';
import { fetchWallet } from '../wallet-api.ts';
import { setWallet } from '../wallet-store.ts';
import { refreshPendingInvitations } from '../invitations-store.ts';
import { createRealtimeConnection, type ConnectionState, type LogEntry, type SocketLike } from './connection.ts';

function browserSocket(url: string): SocketLike {
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

export const realtime = createRealtimeConnection({
  createSocket: browserSocket,
  socketUrl: (token) => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}${WS_PATH}?token=${encodeURIComponent(token)}`;
  },
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
