import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../config.ts';
import { USERNAME_PATTERN } from '../../identity/username.ts';
import { MESSAGES } from '../rejections.ts';
import { requestLanguage, success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { currentUser } from '../request-context.ts';
import { routeSchema } from '../route-schema.ts';
import { presentUser, UserPayloadSchema } from '../user-payload.ts';
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

/**
 * The uploaded picture. A body that is not readable multipart (a boundary that never comes, a cut-off stream) is no
 * picture; the multipart plugin's own refusals (too large, too many parts) carry a code the error handler names.
 */
async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new Rejection('avatar_missing');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'avatar') throw new Rejection('avatar_missing');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof Rejection || (error instanceof Error && 'code' in error)) throw error;
    throw new Rejection('avatar_missing');
  }
}

const UsernameCheckBody = z.object({ username: z.string().max(100) });
const UsernameCheck = z.object({ available: z.boolean(), message: z.string() });
/** Documentation only: the upload is read with request.file(), field `avatar`. */
const AvatarUpload = z.object({ avatar: z.file().meta({ description: 'A JPG, PNG or GIF image, 2 MB at most' }) });
const BonusClaimed = z.object({ user_tokens: z.int(), amount: z.int(), user: UserPayloadSchema });

export function userRoutes(app: FastifyInstance, ctx: RouteContext) {
  app.get(
    '/user',
    { schema: routeSchema({ tags: ['user'], summary: 'The signed-in player', response: UserPayloadSchema }) },
    async (request) => success(request, await presentUser(currentUser(request), ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries)),
  );

  const profileDoc = routeSchema({
    tags: ['user'],
    summary: 'Update one’s name, username, email or language',
    body: ProfileBody,
    response: UserPayloadSchema,
  });
  app.put('/user', { schema: profileDoc }, async (request) => {
    const user = currentUser(request);
    const body = validate(ProfileBody, request.body);
    const updated = await ctx.identity.profiles.update(user.id, body);
    request.user = updated;
    return success(request, await presentUser(updated, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries), 'profile_saved');
  });

  const checkDoc = routeSchema({ tags: ['user'], summary: 'Is a username free?', body: UsernameCheckBody, response: UsernameCheck });
  app.post('/user/username/check', { schema: checkDoc }, async (request) => {
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
    {
      ...ctx.idempotent((request) => currentUser(request).id),
      schema: routeSchema({
        tags: ['user'],
        summary: 'Upload one’s picture',
        body: AvatarUpload,
        consumes: ['multipart/form-data'],
        response: UserPayloadSchema,
        idempotent: true,
      }),
    },
    async (request) => {
      const user = currentUser(request);
      const upload = await readAvatar(request);
      const updated = await ctx.identity.profiles.setAvatar(user.id, upload);
      return success(request, await presentUser(updated, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries), 'avatar_saved');
    },
  );

  const bonusDoc = routeSchema({
    tags: ['user', 'wallet'],
    summary: 'Claim today’s bonus tokens',
    response: BonusClaimed,
    idempotent: true,
  });
  app.post('/user/claim-daily-bonus', { schema: bonusDoc }, async (request) => {
    const user = currentUser(request);
    const data = await ctx.runLedger(request, user.id, 'ClaimDailyBonus', { userId: user.id });
    const payload = await presentUser(user, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries);
    const amount = typeof data.amount === 'number' ? data.amount : LIMITS.dailyBonusAmount;
    return success(request, { user_tokens: payload.tokens, amount, user: payload }, 'daily_bonus_claimed');
  });

  // GET /user/stats: the leaderboard service's statistics (routes/leaderboards.ts).
}
