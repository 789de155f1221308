import type { ServerMessage } from '@qal/events';

/**
 * Routes channel messages to websocket connections. Each channel kind (`user:`, `match:`, `room:`)
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
  /**
   * Push events versioned on their own rather than with the snapshot (e.g. `invitation` on `user:<id>`, whose
   * versions come from rooms while the snapshot's comes from the wallet): each is compared only with itself.
   */
  readonly separateEvents?: readonly string[];
  /** A user's first connection on this gateway began following the channel (e.g. presence in a room). */
  onFirstFollower?(userId: string, channel: string): void;
  /** The user's last connection on this gateway stopped following it (unsubscribed or closed). */
  onLastFollowerGone?(userId: string, channel: string): void;
}

export type SubscribeResult = 'subscribed' | 'unknown_channel' | 'forbidden_channel';
/** Whether a user may follow a channel: the one check behind every subscription (and the HTTP channel authorisation). */
export type ChannelAccess = 'allowed' | 'unknown_channel' | 'forbidden_channel';

interface Following {
  /** Pushes that arrived while the snapshot was being read; sent after it if newer. */
  pending: { event: string; version: number; data: unknown }[] | null;
  lastVersion: number;
  /** The last version per separately versioned event (ChannelKind.separateEvents). */
  lastByEvent: Map<string, number>;
  separate: ReadonlySet<string>;
}

export function createHub() {
  const kinds: ChannelKind[] = [];
  const followers = new Map<string, Map<Connection, Following>>();
  const channelsOf = new Map<Connection, Set<string>>();

  const kindOf = (channel: string) => kinds.find((k) => channel.startsWith(k.prefix)) ?? null;

  function deliver(connection: Connection, channel: string, following: Following, push: { event: string; version: number; data: unknown }) {
    if (following.separate.has(push.event)) {
      if (push.version <= (following.lastByEvent.get(push.event) ?? -1)) return;
      following.lastByEvent.set(push.event, push.version);
    } else {
      if (push.version <= following.lastVersion) return;
      following.lastVersion = push.version;
    }
    connection.send({ type: 'push', channel, version: push.version, event: push.event, data: push.data });
  }

  /** How many connections of each user follow a channel (for the kinds that want to know: presence). */
  const userFollows = new Map<string, number>();
  const followKey = (userId: string, channel: string) => `${userId}\u0000${channel}`;
  function followed(connection: Connection, channel: string, kind: ChannelKind) {
    const key = followKey(connection.userId, channel);
    const count = (userFollows.get(key) ?? 0) + 1;
    userFollows.set(key, count);
    if (count === 1) kind.onFirstFollower?.(connection.userId, channel);
  }
  function unfollowed(connection: Connection, channel: string) {
    const key = followKey(connection.userId, channel);
    const count = (userFollows.get(key) ?? 0) - 1;
    if (count > 0) {
      userFollows.set(key, count);
      return;
    }
    userFollows.delete(key);
    kindOf(channel)?.onLastFollowerGone?.(connection.userId, channel);
  }

  function remove(connection: Connection, channel: string): boolean {
    const map = followers.get(channel);
    const had = map?.delete(connection) ?? false;
    if (map && map.size === 0) followers.delete(channel);
    channelsOf.get(connection)?.delete(channel);
    if (had) unfollowed(connection, channel);
    return had;
  }

  return {
    register(kind: ChannelKind) {
      kinds.push(kind);
    },

    /** What `subscribe` would answer the user, without subscribing: the channel kind's own check. */
    async access(userId: string, channel: string): Promise<ChannelAccess> {
      const kind = kindOf(channel);
      if (!kind) return 'unknown_channel';
      return (await kind.authorize(userId, channel)) ? 'allowed' : 'forbidden_channel';
    },

    async subscribe(connection: Connection, channel: string): Promise<SubscribeResult> {
      // The check of `access`, inline: each extra await would let a push published meanwhile miss the new follower.
      const kind = kindOf(channel);
      if (!kind) return 'unknown_channel';
      if (!(await kind.authorize(connection.userId, channel))) return 'forbidden_channel';
      const following: Following = { pending: [], lastVersion: -1, lastByEvent: new Map(), separate: new Set(kind.separateEvents ?? []) };
      const map = followers.get(channel) ?? new Map<Connection, Following>();
      followers.set(channel, map);
      const resubscribed = map.has(connection);
      map.set(connection, following);
      if (!resubscribed) followed(connection, channel, kind);
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

    /** The channels a connection follows (or is being given the snapshot of). */
    channelsOf: (connection: Connection): ReadonlySet<string> => channelsOf.get(connection) ?? new Set<string>(),
    hasFollowers: (channel: string) => (followers.get(channel)?.size ?? 0) > 0,
    followedChannels: () => [...followers.keys()],
    connectionCount: () => channelsOf.size,
  };
}

export type Hub = ReturnType<typeof createHub>;
