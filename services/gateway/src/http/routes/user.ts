import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../config.ts';
import { USERNAME_PATTERN } from '../../identity/username.ts';
import { MESSAGES } from '../rejections.ts';
import { requestLanguage, success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { currentUser } from '../request-context.ts';
import { presentUser } from '../user-payload.ts';
import { validate } from '../validation.ts';
import type { RouteContext } from './context.ts';

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const ProfileBody = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(LIMITS.nameMax).optional(),
  username: z
    .preprocess(emptyToNull, z.string().trim().regex(USERNAME_PATTERN, 'must be 3-20 letters, digits or underscores').nullable())
    .optional(),
  email: z.preprocess(emptyToNull, z.email('must be an email address').max(LIMITS.emailMax).nullable()).optional(),
  language: z.enum(['en', 'am']).optional(),
});

const UsernameCheckBody = z.object({ username: z.string().max(100) });

export function userRoutes(app: FastifyInstance, ctx: RouteContext) {
  app.get('/user', async (request) =>
    success(request, await presentUser(currentUser(request), ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries)),
  );

  app.put('/user', async (request) => {
    const user = currentUser(request);
    const body = validate(ProfileBody, request.body);
    const updated = await ctx.identity.profiles.update(user.id, body);
    request.user = updated;
    return success(request, await presentUser(updated, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries), 'profile_saved');
  });

  app.post('/user/username/check', async (request) => {
    const user = currentUser(request);
    const { username } = validate(UsernameCheckBody, request.body);
    const trimmed = username.trim();
    if (!USERNAME_PATTERN.test(trimmed)) throw new Rejection('invalid_username');
    const available = await ctx.identity.profiles.usernameAvailable(trimmed, user.id);
    const message = MESSAGES[available ? 'username_available' : 'username_taken'][requestLanguage(request)];
    return { success: true, data: { available, message }, message };
  });

  app.post(
    '/user/avatar',
    ctx.idempotent((request) => currentUser(request).id),
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new Rejection('avatar_missing');
      const file = await request.file();
      if (!file || file.fieldname !== 'avatar') throw new Rejection('avatar_missing');
      const upload = await file.toBuffer();
      const updated = await ctx.identity.profiles.setAvatar(user.id, upload);
      return success(request, await presentUser(updated, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries), 'avatar_saved');
    },
  );

  app.post('/user/claim-daily-bonus', async (request) => {
    const user = currentUser(request);
    const data = await ctx.runLedger(request, user.id, 'ClaimDailyBonus', { userId: user.id });
    const payload = await presentUser(user, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries);
    const amount = typeof data.amount === 'number' ? data.amount : LIMITS.dailyBonusAmount;
    return success(request, { user_tokens: payload.tokens, amount, user: payload }, 'daily_bonus_claimed');
  });

  // GET /user/stats: the leaderboard service's statistics (routes/leaderboards.ts).
}
