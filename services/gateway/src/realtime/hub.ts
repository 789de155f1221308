import type { ServerMessage } from '@qal/events';

/**
 * Routes channel messages to websocket connections. Each channel kind (`user:` now; `room:`, `match:` later)
 * registers who may see a channel and how to read its current view; the hub keeps who follows what, and
 * never sends a connection a version at or below the one it already has on that channel.
 */
export interface Connection {
  readonly id: string;
  readonly userId: string;
  send(message: ServerMessage): void;
}

export interface ChannelView {
  /** The event-store global position of the last change the view includes (0 when nothing happened yet). */
  readonly version: number;
  readonly snapshot: unknown;
}

export interface ChannelKind {
  /** e.g. `user:`; the first registered kind whose prefix matches a channel owns it. */
  readonly prefix: string;
  authorize(userId: string, channel: string): boolean | Promise<boolean>;
  view(channel: string): Promise<ChannelView>;
}

export type SubscribeResult = 'subscribed' | 'unknown_channel' | 'forbidden_channel';

interface Following {
  /** Pushes that arrived while the snapshot was being read; sent after it if newer. */
  pending: { event: string; version: number; data: unknown }[] | null;
  lastVersion: number;
}

export function createHub() {
  const kinds: ChannelKind[] = [];
  const followers = new Map<string, Map<Connection, Following>>();
  const channelsOf = new Map<Connection, Set<string>>();

  const kindOf = (channel: string) => kinds.find((k) => channel.startsWith(k.prefix)) ?? null;

  function deliver(connection: Connection, channel: string, following: Following, push: { event: string; version: number; data: unknown }) {
    if (push.version <= following.lastVersion) return;
    following.lastVersion = push.version;
    connection.send({ type: 'push', channel, version: push.version, event: push.event, data: push.data });
  }

  function remove(connection: Connection, channel: string): boolean {
    const map = followers.get(channel);
    const had = map?.delete(connection) ?? false;
    if (map && map.size === 0) followers.delete(channel);
    channelsOf.get(connection)?.delete(channel);
    return had;
  }

  return {
    register(kind: ChannelKind) {
      kinds.push(kind);
    },

    async subscribe(connection: Connection, channel: string): Promise<SubscribeResult> {
      const kind = kindOf(channel);
      if (!kind) return 'unknown_channel';
      if (!(await kind.authorize(connection.userId, channel))) return 'forbidden_channel';
      const following: Following = { pending: [], lastVersion: -1 };
      const map = followers.get(channel) ?? new Map<Connection, Following>();
      followers.set(channel, map);
      map.set(connection, following);
      const channels = channelsOf.get(connection) ?? new Set<string>();
      channelsOf.set(connection, channels);
      channels.add(channel);
      try {
        const view = await kind.view(channel);
        if (map.get(connection) !== following) return 'subscribed'; // unsubscribed or re-subscribed meanwhile
        following.lastVersion = view.version;
        connection.send({ type: 'subscribed', channel, version: view.version, snapshot: view.snapshot });
        const pending = following.pending ?? [];
        following.pending = null;
        for (const push of pending) deliver(connection, channel, following, push);
        return 'subscribed';
      } catch (error) {
        remove(connection, channel);
        throw error;
      }
    },

    unsubscribe(connection: Connection, channel: string): boolean {
      return remove(connection, channel);
    },

    disconnect(connection: Connection) {
      for (const channel of [...(channelsOf.get(connection) ?? [])]) remove(connection, channel);
      channelsOf.delete(connection);
    },

    publish(channel: string, event: string, version: number, data: unknown) {
      const map = followers.get(channel);
      if (!map) return;
      for (const [connection, following] of map) {
        if (following.pending) following.pending.push({ event, version, data });
        else deliver(connection, channel, following, { event, version, data });
      }
    },

    hasFollowers: (channel: string) => (followers.get(channel)?.size ?? 0) > 0,
    followedChannels: () => [...followers.keys()],
    connectionCount: () => channelsOf.size,
  };
}

export type Hub = ReturnType<typeof createHub>;
