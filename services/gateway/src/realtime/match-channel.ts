import type { StoredEvent } from '@qal/events';
import type { EngineQueries } from '@qal/game-engine';
import { matchAccess } from '../games/game-commands.ts';
import type { RoomQueries } from '../rooms/types.ts';
import type { ChannelKind, Hub } from './hub.ts';

export const MATCH_CHANNEL_PREFIX = 'match:';
export const matchChannel = (matchId: string) => `${MATCH_CHANNEL_PREFIX}${matchId}`;
export const playerMatchChannel = (matchId: string, userId: string) => `${MATCH_CHANNEL_PREFIX}${matchId}:${userId}`;
/**
 * A single-player match's stream, a room duel's (`duel-<matchId>`, services/game-engine/src/service/duel-match.ts)
 * and a room's Crazy match (`crazy-<matchId>`, service/crazy-match.ts).
 */
const MATCH_STREAM_PREFIXES = ['match-', 'duel-', 'crazy-'];

/** `match:<id>` (a single-player match) or `match:<id>:<userId>` (one player's view of a room's match: duel or Crazy). */
export function parseMatchChannel(channel: string): { matchId: string; userId: string | null } {
  const rest = channel.slice(MATCH_CHANNEL_PREFIX.length);
  const split = rest.lastIndexOf(':');
  return split <= 0 ? { matchId: rest, userId: null } : { matchId: rest.slice(0, split), userId: rest.slice(split + 1) };
}

/**
 * `match:<id>`: a single-player match's view, for its player only; `match:<id>:<userId>`: a duel's view as that
 * player sees it, for that player only (a setter's word reaches nobody else). The views come from the engine (it
 * alone knows what may be shown); the gateway only checks who is asking. Versions are event-store global positions.
 */
export function matchChannelKind(queries: EngineQueries, rooms: RoomQueries): ChannelKind {
  return {
    prefix: MATCH_CHANNEL_PREFIX,
    async authorize(userId, channel) {
      const { matchId, userId: viewer } = parseMatchChannel(channel);
      const access = await matchAccess(queries, matchId);
      if (!access) return false;
      if (viewer === null) return access.kind === 'single' && access.playerId === userId;
      return viewer === userId && access.kind === 'duel' && access.playerIds.includes(userId);
    },
    async view(channel) {
      const { matchId, userId } = parseMatchChannel(channel);
      if (userId !== null) {
        const seen = await rooms.matchView(matchId, userId);
        return { version: seen?.version ?? 0, snapshot: seen?.view ?? null };
      }
      const match = await queries.match(matchId);
      return { version: match?.version ?? 0, snapshot: match?.view ?? null };
    },
  };
}

/**
 * Pushes `view` after every change of a followed match (the last change in a batch wins): on `match:<id>` for a
 * single-player match, on each followed `match:<id>:<userId>` for a duel, each with that player's own view.
 */
export async function pushMatchViews(hub: Hub, events: readonly StoredEvent[], queries: EngineQueries, rooms?: RoomQueries): Promise<void> {
  const changed = new Set<string>();
  for (const event of events) {
    const prefix = MATCH_STREAM_PREFIXES.find((p) => event.streamId.startsWith(p));
    if (prefix) changed.add(event.streamId.slice(prefix.length));
  }
  if (changed.size === 0) return;
  const perPlayer = rooms ? perPlayerFollowers(hub, changed) : new Map<string, string[]>();
  for (const matchId of changed) {
    const channel = matchChannel(matchId);
    if (hub.hasFollowers(channel)) {
      const match = await queries.match(matchId);
      if (match?.view) hub.publish(channel, 'view', match.version, match.view);
    }
    for (const userId of perPlayer.get(matchId) ?? []) {
      const seen = await rooms!.matchView(matchId, userId);
      if (seen) hub.publish(playerMatchChannel(matchId, userId), 'view', seen.version, seen.view);
    }
  }
}

/** The followed `match:<id>:<userId>` channels of the changed matches: match id → user ids. */
function perPlayerFollowers(hub: Hub, changed: ReadonlySet<string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const channel of hub.followedChannels()) {
    if (!channel.startsWith(MATCH_CHANNEL_PREFIX)) continue;
    const { matchId, userId } = parseMatchChannel(channel);
    if (userId === null || !changed.has(matchId)) continue;
    found.set(matchId, [...(found.get(matchId) ?? []), userId]);
  }
  return found;
}
