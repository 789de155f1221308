import { openPgChannel } from '../sql/pg-channel.ts';
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
  const channel = await openPgChannel(connectionString, APPEND_CHANNEL, options);
  let sending = false;
  let pending = false;
  let closed = false;
  const flush = async () => {
    sending = true;
    try {
      while (pending && !closed) {
        pending = false;
        await channel.publish('');
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
    onAppend: (listener) => channel.subscribe(() => listener()),
    async close() {
      closed = true;
      await channel.close();
    },
  };
}
