import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GAME_SLUGS } from '@qal/game-engine';
import { PERIODS, SHARE_ID_PATTERN } from '@qal/leaderboard';
import type { Identity } from '../../identity/index.ts';
import type { LeaderboardService } from '../../platform/leaderboard-port.ts';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { bearerToken, currentUser } from '../request-context.ts';
import { routeSchema } from '../route-schema.ts';
import { validate } from '../validation.ts';
import type { RouteContext } from './context.ts';

/** How long a stats answer waits for the projection to include the player's latest game (embedded mode). */
const STATS_FRESHNESS_WAIT_MS = 1_000;

const BoardQuery = z.object({
  game: z.string().trim().max(40).optional(),
  period: z.enum(PERIODS).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(500).optional(),
});

const PlayerParams = z.object({ id: z.string().trim().min(1).max(120) });
const ShareParams = z.object({ shareId: z.string().max(100) });

/** Waits briefly for the projection; a slow projection still answers, with what it has. */
async function fresh(leaderboard: LeaderboardService): Promise<void> {
  await leaderboard.catchUp?.(undefined, STATS_FRESHNESS_WAIT_MS).catch(() => undefined);
}

/** A player's public statistics page: who they are and what they played. */
async function playerStats(leaderboard: LeaderboardService, userId: string) {
  await fresh(leaderboard);
  const [user, stats] = await Promise.all([leaderboard.queries.profile(userId), leaderboard.queries.stats(userId)]);
  if (!user) throw new Rejection('player_not_found');
  return { user, stats };
}

/** The signed-in viewer of a public route, if a valid session token came along (else anonymous). */
async function optionalViewer(identity: Identity, request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const user = await identity.sessions.authenticate(token);
  if (user) request.user = user;
  return user?.id ?? null;
}

/** Public: the boards, and what a share link shows. */
export function publicLeaderboardRoutes(app: FastifyInstance, ctx: RouteContext) {
  const boardDoc = routeSchema({
    tags: ['leaderboards'],
    summary: 'A leaderboard: overall or one game’s, by period',
    description: 'With a session token, the answer also places the viewer.',
    querystring: BoardQuery,
    auth: 'optional',
  });
  app.get('/leaderboards', { schema: boardDoc }, async (request) => {
    const query = validate(BoardQuery, request.query);
    const game = query.game ? query.game : null;
    if (game && !(GAME_SLUGS as readonly string[]).includes(game)) throw new Rejection('unknown_game');
    const viewerId = await optionalViewer(ctx.identity, request);
    const board = await ctx.leaderboard.queries.board({
      game,
      period: query.period,
      now: ctx.clock(),
      limit: query.limit,
      cursor: query.cursor ?? null,
      viewerId,
    });
    return success(request, board);
  });

  const sharedDoc = routeSchema({ tags: ['leaderboards'], summary: 'The statistics a share link shows', params: ShareParams });
  app.get('/stats/share/:shareId', { schema: sharedDoc }, async (request) => {
    const { shareId } = validate(ShareParams, request.params);
    const owner = SHARE_ID_PATTERN.test(shareId) ? await ctx.leaderboard.shares.ownerOf(shareId) : null;
    if (!owner) throw new Rejection('share_not_found');
    return success(request, { shareId, ...(await playerStats(ctx.leaderboard, owner)) });
  });
}

/** Signed in: one's own statistics, another player's, and share links. */
export function leaderboardRoutes(app: FastifyInstance, ctx: RouteContext) {
  const ownDoc = routeSchema({ tags: ['leaderboards', 'user'], summary: 'The signed-in player’s statistics' });
  app.get('/user/stats', { schema: ownDoc }, async (request) => {
    await fresh(ctx.leaderboard);
    const { overall_stats, by_game, by_category } = await ctx.leaderboard.queries.stats(currentUser(request).id);
    return success(request, { overall_stats, by_game, by_category });
  });

  const playerDoc = routeSchema({ tags: ['leaderboards'], summary: 'Another player’s public statistics', params: PlayerParams });
  app.get('/stats/player/:id', { schema: playerDoc }, async (request) => {
    const { id } = validate(PlayerParams, request.params);
    return success(request, await playerStats(ctx.leaderboard, id));
  });

  app.post(
    '/stats/share',
    {
      ...ctx.idempotent((request) => currentUser(request).id),
      schema: routeSchema({
        tags: ['leaderboards'],
        summary: 'Create a link that shows one’s statistics',
        response: z.object({ shareId: z.string() }),
        idempotent: true,
      }),
    },
    async (request) => {
      const shareId = await ctx.leaderboard.shares.create(currentUser(request).id, ctx.clock());
      return success(request, { shareId }, 'stats_share_created');
    },
  );

  const revokeDoc = routeSchema({
    tags: ['leaderboards'],
    summary: 'Revoke one’s share link',
    params: ShareParams,
    response: z.object({ shareId: z.string(), revoked: z.literal(true) }),
  });
  app.delete('/stats/share/:shareId', { schema: revokeDoc }, async (request) => {
    const { shareId } = validate(ShareParams, request.params);
    const outcome = await ctx.leaderboard.shares.revoke(shareId, currentUser(request).id, ctx.clock());
    if (outcome === 'not_found') throw new Rejection('share_not_found');
    if (outcome === 'not_owner') throw new Rejection('share_not_yours');
    return success(request, { shareId, revoked: true }, 'stats_share_revoked');
  });
}
