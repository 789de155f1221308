import pg from 'pg';
import type { AppendSignal } from './sql.ts';

export const APPEND_CHANNEL = 'qal_eventstore_appended';

/**
 * Wakes subscribers in every process when any process appends, over PostgreSQL LISTEN/NOTIFY on one dedicated
 * connection. The notify is sent after the append commits (never inside it: a notifying transaction takes a
 * global lock at commit) and bursts are coalesced into one. If the connection drops, subscribers fall back
 * to polling, which is always on.
 */
export async function listenForAppends(
  connectionString: string,
  options: { onError?: (error: unknown) => void } = {},
): Promise<AppendSignal> {
  const client = new pg.Client({ connectionString });
  const listeners = new Set<() => void>();
  client.on('error', (error) => options.onError?.(error));
  client.on('notification', (message) => {
    if (message.channel === APPEND_CHANNEL) listeners.forEach((listener) => listener());
  });
  await client.connect();
  await client.query(`listen ${APPEND_CHANNEL}`);

  let sending = false;
  let pending = false;
  let closed = false;
  const flush = async () => {
    sending = true;
    try {
      while (pending && !closed) {
        pending = false;
        await client.query(`select pg_notify($1, '')`, [APPEND_CHANNEL]);
      }
    } catch (error) {
      options.onError?.(error);
    } finally {
      sending = false;
    }
  };

  return {
    notify() {
      pending = true;
      if (!sending) void flush();
    },
    onAppend(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await client.end();
    },
  };
}
