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
const SINGLE_MATCH_STREAM_PREFIX = 'match-';
const MATCH_STREAM_PREFIXES = [SINGLE_MATCH_STREAM_PREFIX, 'duel-', 'crazy-'];

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
  /** Changed match id → whether it is a room's match (its views are per player). */
  const changed = new Map<string, boolean>();
  for (const event of events) {
    const prefix = MATCH_STREAM_PREFIXES.find((p) => event.streamId.startsWith(p));
    if (prefix) changed.set(event.streamId.slice(prefix.length), prefix !== SINGLE_MATCH_STREAM_PREFIX);
  }
  for (const [matchId, inRoom] of changed) {
    if (!inRoom) {
      const channel = matchChannel(matchId);
      if (!hub.hasFollowers(channel)) continue;
      const match = await queries.match(matchId);
      if (match?.view) hub.publish(channel, 'view', match.version, match.view);
      continue;
    }
    if (!rooms) continue;
    // Only a room match's players may follow its views (matchChannelKind.authorize).
    const match = await queries.match(matchId);
    for (const userId of match && match.kind !== 'hangman' ? match.playerIds : []) {
      const channel = playerMatchChannel(matchId, userId);
      if (!hub.hasFollowers(channel)) continue;
      const seen = await rooms.matchView(matchId, userId);
      if (seen) hub.publish(channel, 'view', seen.version, seen.view);
    }
  }
}
