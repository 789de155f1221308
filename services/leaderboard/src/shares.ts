/**
 * Share links of a player's statistics, kept as events: `stats-share-<shareId>` holds StatsShareCreated and at
 * most one StatsShareRevoked. The id is 128 random bits (unguessable); reading the stream directly means a link
 * works, and stops working, the moment its event is stored (no projection lag for a revoke).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { newUuid, WrongExpectedVersionError, type EventStore } from '@qal/events';
import { SHARE_ID_BYTES } from './config.ts';

export const SHARE_STREAM_TYPE = 'stats-share';
export const shareStreamId = (shareId: string) => `stats-share-${shareId}`;
/** What a share id looks like: anything else is not one, without asking the store. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const StatsShareCreated = z.object({ shareId: z.string(), userId: z.string().min(1), createdAt: z.iso.datetime() });
export const StatsShareRevoked = z.object({ shareId: z.string(), revokedAt: z.iso.datetime() });

export type RevokeOutcome = 'revoked' | 'not_found' | 'not_owner';

export interface StatsShares {
  create(userId: string, now: Date): Promise<string>;
  revoke(shareId: string, userId: string, now: Date): Promise<RevokeOutcome>;
  /** The player whose statistics a live (not revoked) share link shows; null otherwise. */
  ownerOf(shareId: string): Promise<string | null>;
}

interface ShareState {
  readonly owner: string | null;
  readonly revoked: boolean;
  readonly version: number;
}

export function createStatsShares(store: EventStore): StatsShares {
  async function load(shareId: string): Promise<ShareState> {
    if (!SHARE_ID_PATTERN.test(shareId)) return { owner: null, revoked: false, version: 0 };
    const events = await store.readStream(shareStreamId(shareId));
    let owner: string | null = null;
    let revoked = false;
    for (const event of events) {
      if (event.type === 'StatsShareCreated') owner = StatsShareCreated.parse(event.data).userId;
      if (event.type === 'StatsShareRevoked') revoked = true;
    }
    return { owner, revoked, version: events.at(-1)?.streamPosition ?? 0 };
  }

  return {
    async create(userId, now) {
      const shareId = randomBytes(SHARE_ID_BYTES).toString('base64url');
      await store.append([
        {
          streamId: shareStreamId(shareId),
          streamType: SHARE_STREAM_TYPE,
          expectedVersion: 'no_stream',
          events: [{ eventId: newUuid(), type: 'StatsShareCreated', data: { shareId, userId, createdAt: now.toISOString() } }],
        },
      ]);
      return shareId;
    },

    async revoke(shareId, userId, now) {
      const state = await load(shareId);
      if (!state.owner || state.revoked) return 'not_found';
      if (state.owner !== userId) return 'not_owner';
      try {
        await store.append([
          {
            streamId: shareStreamId(shareId),
            streamType: SHARE_STREAM_TYPE,
            expectedVersion: state.version,
            events: [{ eventId: newUuid(), type: 'StatsShareRevoked', data: { shareId, revokedAt: now.toISOString() } }],
          },
        ]);
      } catch (error) {
        // Revoked by a concurrent request of the owner: it is gone either way.
        if (error instanceof WrongExpectedVersionError) return 'not_found';
        throw error;
      }
      return 'revoked';
    },

    async ownerOf(shareId) {
      const state = await load(shareId);
      return state.owner && !state.revoked ? state.owner : null;
    },
  };
}
