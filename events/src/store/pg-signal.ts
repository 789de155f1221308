import { setTimeout as sleep } from 'node:timers/promises';
import { openPgChannel } from '../sql/pg-channel.ts';
import type { AppendedTypes } from './port.ts';
import type { AppendSignal } from './sql.ts';

export const APPEND_CHANNEL = 'qal_eventstore_appended';

/**
 * At most one notify sent by a process, and one wake-up handed to each of its listeners, per interval; the first of
 * a quiet spell goes at once, the rest of a burst together once the interval is over. Under load every commit of
 * every process would otherwise wake every subscriber of every process, each wake-up a read of the log. A process's
 * own appends still wake its own subscribers at once (the store's local listeners), so this delays only what
 * crosses processes, and by no more than an interval on each side.
 */
export const APPEND_SIGNAL_INTERVAL_MS = 10;

/** A notify's payload is at most 8000 bytes; a longer list of types goes as "not known" (an empty payload). */
const PAYLOAD_MAX_CHARS = 7_000;

/**
 * Wakes subscribers in every process when any process appends, over PostgreSQL LISTEN/NOTIFY on one dedicated
 * connection, and tells them the types of the events appended (comma-separated), so a subscriber that handles none
 * of them need not look (SubscribeOptions.wakesFor). The notify is sent after the append commits (never inside it:
 * a notifying transaction takes a global lock at commit); bursts are paced (APPEND_SIGNAL_INTERVAL_MS). If the
 * connection drops, subscribers fall back to polling, which is always on.
 */
export async function listenForAppends(
  connectionString: string,
  options: { onError?: (error: unknown) => void; intervalMs?: number } = {},
): Promise<AppendSignal> {
  const intervalMs = options.intervalMs ?? APPEND_SIGNAL_INTERVAL_MS;
  const channel = await openPgChannel(connectionString, APPEND_CHANNEL, options);
  /** Types appended here and not sent yet; null once one could not be told (sent as "not known"). */
  let unsent: Set<string> | null = new Set();
  let pending = false;
  let sending = false;
  let closed = false;
  const flush = async () => {
    sending = true;
    try {
      while (pending && !closed) {
        pending = false;
        const payload = payloadOf(unsent);
        unsent = new Set();
        const sentAt = performance.now();
        await channel.publish(payload);
        const rest = sentAt + intervalMs - performance.now();
        if (pending && rest > 0) await sleep(rest, undefined, { ref: false });
      }
    } catch (error) {
      options.onError?.(error);
    } finally {
      sending = false;
    }
  };
  const timers = new Set<NodeJS.Timeout>();

  return {
    notify(types) {
      for (const type of types) {
        if (type.includes(',')) unsent = null;
        unsent?.add(type);
      }
      pending = true;
      if (!sending) void flush();
    },
    onAppend(listener) {
      let lastAt = -Infinity;
      let timer: NodeJS.Timeout | null = null;
      /** What arrived since the listener's last wake-up. */
      let due: Set<string> | null = new Set();
      // A timer may fire a little early (the event loop reads its clock once per turn): it then waits the rest.
      const wakeWhenDue = () => {
        if (timer) timers.delete(timer);
        timer = null;
        if (closed) return;
        const rest = lastAt + intervalMs - performance.now();
        if (rest > 0) return void timers.add((timer = setTimeout(wakeWhenDue, rest).unref()));
        lastAt = performance.now();
        const types: AppendedTypes = due;
        due = new Set();
        listener(types);
      };
      const unsubscribe = channel.subscribe((payload) => {
        if (payload === '') due = null;
        else if (due) for (const type of payload.split(',')) due.add(type);
        if (!timer) wakeWhenDue();
      });
      return () => {
        unsubscribe();
        if (timer) {
          clearTimeout(timer);
          timers.delete(timer);
        }
      };
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await channel.close();
    },
  };
}

/** The types as a notify's payload: comma-separated, or empty ("not known") when none are known or they are too many. */
function payloadOf(types: ReadonlySet<string> | null): string {
  const payload = types ? [...types].join(',') : '';
  return payload.length <= PAYLOAD_MAX_CHARS ? payload : '';
}
