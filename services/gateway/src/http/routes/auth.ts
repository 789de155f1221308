import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../config.ts';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { bearerToken, currentUser } from '../request-context.ts';
import { routeSchema } from '../route-schema.ts';
import { presentUser, UserPayloadSchema } from '../user-payload.ts';
import { validate } from '../validation.ts';
import type { RouteContext } from './context.ts';

const Language = z.enum(['en', 'am']);
const Phone = z.string().max(40);

const SendOtpBody = z.object({ phone: Phone, language: Language.optional() });
const VerifyOtpBody = z.object({
  phone: Phone,
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.otpDigits}}$`), `must be ${LIMITS.otpDigits} digits`),
  language: Language.optional(),
  name: z.string().max(LIMITS.nameMax).optional().nullable(),
});

const OtpSent = z.object({
  phone: z.string().meta({ description: 'The number, normalized (+2519… / +2517…)' }),
  expiresInSec: z.int(),
  resendAfterSec: z.int(),
});
const SignedIn = z.object({ user: UserPayloadSchema, token: z.string(), isNew: z.boolean() });
const Refreshed = z.object({ user: UserPayloadSchema, token: z.string() });
const SignedOutEverywhere = z.object({ sessions: z.int().meta({ description: 'How many sessions were revoked' }) });

/** Routes that need no session: asking for a code and signing in with it. */
export function publicAuthRoutes(app: FastifyInstance, ctx: RouteContext) {
  const field = (request: FastifyRequest, name: string) => {
    const body = request.body;
    return body && typeof body === 'object' && name in body ? JSON.stringify((body as Record<string, unknown>)[name]) : '';
  };

  app.post(
    '/auth/send-otp',
    {
      ...ctx.idempotent((request) => field(request, 'phone')),
      schema: routeSchema({
        tags: ['auth'],
        summary: 'Send a sign-in code by SMS',
        body: SendOtpBody,
        response: OtpSent,
        idempotent: true,
      }),
    },
    async (request) => {
      const body = validate(SendOtpBody, request.body);
      const result = await ctx.identity.signIn.sendOtp({
        phone: body.phone,
        ip: request.ip,
        ...(body.language ? { language: body.language } : {}),
      });
      return success(request, result, 'otp_sent');
    },
  );

  // Not idempotent (no replay of an earlier answer): every verify checks its code, so a retry after a success is
  // refused as the code is used, and no answer holding a session token is ever stored.
  const verifyDoc = routeSchema({
    tags: ['auth'],
    summary: 'Sign in with the code',
    description: 'Creates the account on first sign-in (`isNew`); answers the session token.',
    body: VerifyOtpBody,
    response: SignedIn,
  });
  app.post('/auth/verify-otp', { schema: verifyDoc }, async (request) => {
    const body = validate(VerifyOtpBody, request.body);
    const { user, token, isNew } = await ctx.identity.signIn.verifyOtp({
      phone: body.phone,
      otp: body.otp,
      ip: request.ip,
      ...(body.language ? { language: body.language } : {}),
      ...(body.name ? { name: body.name } : {}),
    });
    request.user = user;
    return success(
      request,
      { user: await presentUser(user, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries), token, isNew },
      'signed_in',
    );
  });
}

/**
 * Refresh checks its token itself (not in the session hook). Not idempotent either: its answer holds a session
 * token, which is never stored; a retry with the old (now revoked) token is refused and signs in again.
 */
export function refreshRoute(app: FastifyInstance, ctx: RouteContext) {
  const doc = routeSchema({
    tags: ['auth'],
    summary: 'Exchange a session token for a new one',
    description: 'The old token stops working.',
    auth: 'bearer',
    response: Refreshed,
  });
  app.post('/auth/refresh', { schema: doc }, async (request) => {
    const token = bearerToken(request);
    const rotated = token ? await ctx.identity.sessions.refresh(token) : null;
    const user = rotated ? await ctx.identity.findUser(rotated.userId) : null;
    if (!rotated || !user) throw new Rejection('unauthorized');
    request.user = user;
    return success(request, {
      user: await presentUser(user, ctx.ledger.queries, ctx.clock, ctx.leaderboard.queries),
      token: rotated.token,
    });
  });
}

/** Routes of a signed-in session. */
export function sessionRoutes(app: FastifyInstance, ctx: RouteContext) {
  const doc = routeSchema({ tags: ['auth'], summary: 'Sign out (revoke this session token)', response: z.object({}) });
  app.delete('/auth/logout', { schema: doc }, async (request) => {
    currentUser(request);
    await ctx.identity.sessions.revoke(request.sessionToken!);
    return success(request, {}, 'signed_out');
  });

  const everywhereDoc = routeSchema({
    tags: ['auth'],
    summary: 'Sign out everywhere (revoke every session of the player)',
    description: 'This session too: every socket of the player closes at once, on every gateway.',
    response: SignedOutEverywhere,
  });
  app.post('/auth/logout-all', { schema: everywhereDoc }, async (request) => {
    const user = currentUser(request);
    const sessions = await ctx.identity.sessions.revokeAll(user.id);
    return success(request, { sessions }, 'signed_out_everywhere');
  });
}
