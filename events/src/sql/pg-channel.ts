import pg from 'pg';

/** A PostgreSQL LISTEN/NOTIFY channel between processes that share a database (one dedicated connection). */
export interface PgChannel {
  /** Sends `payload` to every process listening, this one included. */
  publish(payload: string): Promise<void>;
  /** Registers for what any process publishes; returns the unregister function. */
  subscribe(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

/** A channel name goes into LISTEN as an identifier, so only plain lower-case ones are taken. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens `channel` for publishing and listening. Delivery is at most once and only while connected: a listener that
 * must not miss anything needs another way to catch up (the append signal's subscribers poll; sockets re-check
 * their session). A payload is at most 8000 bytes.
 */
export async function openPgChannel(
  connectionString: string,
  channel: string,
  options: { onError?: (error: unknown) => void } = {},
): Promise<PgChannel> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const client = new pg.Client({ connectionString });
  const listeners = new Set<(payload: string) => void>();
  client.on('error', (error) => options.onError?.(error));
  client.on('notification', (message) => {
    if (message.channel === channel) listeners.forEach((listener) => listener(message.payload ?? ''));
  });
  await client.connect();
  await client.query(`listen ${channel}`);
  return {
    async publish(payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await client.end();
    },
  };
}
