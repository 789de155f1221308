import { MATCH_CHANNEL_PREFIX, matchChannel, matchOfStream, parseMatchChannel, privateMatchChannel, type StoredEvent } from '@qal/events';
import type { EngineQueries, GameRegistry } from '@qal/game-engine';
import { matchAccess } from '../games/game-commands.ts';
import type { RoomQueries } from '../rooms/queries.ts';
import type { ChannelKind, Hub } from './hub.ts';

/**
 * `match:<id>`: a single-player match's view, for its player only; `match:<id>:<userId>`: a duel's view as that
 * player sees it, for that player only (a setter's word reaches nobody else). The views come from the engine (it
 * alone knows what may be shown); the gateway only checks who is asking. Versions are event-store global positions.
 */
export function matchChannelKind(queries: EngineQueries, rooms: RoomQueries): ChannelKind {
  return {
    prefix: MATCH_CHANNEL_PREFIX,
    async authorize(userId, channel) {
      const parsed = parseMatchChannel(channel);
      if (!parsed) return false;
      const { matchId, userId: viewer } = parsed;
      const access = await matchAccess(queries, matchId);
      if (!access) return false;
      if (viewer === null) return access.kind === 'single' && access.playerId === userId;
      return viewer === userId && access.kind === 'duel' && access.playerIds.includes(userId);
    },
    async view(channel) {
      const { matchId, userId } = parseMatchChannel(channel) ?? { matchId: '', userId: null };
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
export async function pushMatchViews(
  hub: Hub,
  events: readonly StoredEvent[],
  queries: EngineQueries,
  games: Pick<GameRegistry, 'roomGameOfMatch'>,
  rooms?: RoomQueries,
): Promise<void> {
  const changed = new Set<string>();
  for (const event of events) {
    const match = matchOfStream(event.streamId);
    if (match) changed.add(match.matchId);
  }
  for (const matchId of changed) {
    // A room match's views are per player; its id names its game (the engine's game registry).
    if (!games.roomGameOfMatch(matchId)) {
      const channel = matchChannel(matchId);
      if (!hub.hasFollowers(channel)) continue;
      const match = await queries.match(matchId);
      if (match?.view) hub.publish(channel, 'view', match.version, match.view);
      continue;
    }
    if (!rooms) continue;
    // Only a room match's players may follow its views (matchChannelKind.authorize): each followed one gets its own.
    const seen = await queries.roomMatchViews(matchId, (userId) => hub.hasFollowers(privateMatchChannel(matchId, userId)));
    if (!seen) continue;
    for (const { userId, view } of seen.views) hub.publish(privateMatchChannel(matchId, userId), 'view', seen.version, view);
  }
}
