import type { StoredEvent } from '@qal/events';
import type { EngineQueries } from '@qal/game-engine';
import type { ChannelKind, Hub } from './hub.ts';

export const MATCH_CHANNEL_PREFIX = 'match:';
export const matchChannel = (matchId: string) => `${MATCH_CHANNEL_PREFIX}${matchId}`;
const MATCH_STREAM_PREFIX = 'match-';

/**
 * `match:<id>`: a single-player match's view, for its player only. The view comes from the engine (it alone
 * knows what may be shown); the gateway only checks who is asking. Versions are event-store global positions.
 */
export function matchChannelKind(queries: EngineQueries): ChannelKind {
  return {
    prefix: MATCH_CHANNEL_PREFIX,
    async authorize(userId, channel) {
      const match = await queries.match(channel.slice(MATCH_CHANNEL_PREFIX.length));
      return match !== null && match.playerId === userId;
    },
    async view(channel) {
      const match = await queries.match(channel.slice(MATCH_CHANNEL_PREFIX.length));
      return { version: match?.version ?? 0, snapshot: match?.view ?? null };
    },
  };
}

/** Pushes `view` on `match:<id>` after every change of a followed match (the last change in a batch wins). */
export async function pushMatchViews(hub: Hub, events: readonly StoredEvent[], queries: EngineQueries): Promise<void> {
  const changed = new Set<string>();
  for (const event of events) {
    if (event.streamId.startsWith(MATCH_STREAM_PREFIX)) changed.add(event.streamId.slice(MATCH_STREAM_PREFIX.length));
  }
  for (const matchId of changed) {
    const channel = matchChannel(matchId);
    if (!hub.hasFollowers(channel)) continue;
    const match = await queries.match(matchId);
    if (match?.view) hub.publish(channel, 'view', match.version, match.view);
  }
}
