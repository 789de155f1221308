/**
 * A kafkajs client (admin or producer) connected on first use and shared after: a failed connect is forgotten,
 * so the next use tries again.
 */
export interface LazyConnection<T> {
  get(): Promise<T>;
  /** Disconnects the client if one was connected; nothing when none was, or its connect failed. */
  disconnect(): Promise<void>;
}

export function lazyConnection<T extends { connect(): Promise<void>; disconnect(): Promise<void> }>(create: () => T): LazyConnection<T> {
  let client: Promise<T> | undefined;
  return {
    get: () =>
      (client ??= connect(create()).catch((error: unknown) => {
        client = undefined;
        throw error;
      })),
    async disconnect() {
      await (await client?.catch(() => undefined))?.disconnect();
    },
  };
}

async function connect<T extends { connect(): Promise<void> }>(client: T): Promise<T> {
  await client.connect();
  return client;
}
