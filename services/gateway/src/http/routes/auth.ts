import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../config.ts';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { bearerToken, currentUser } from '../request-context.ts';
import { presentUser } from '../user-payload.ts';
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

/** Routes that need no session: asking for a code and signing in with it. */
export function publicAuthRoutes(app: FastifyInstance, ctx: RouteContext) {
  const field = (request: FastifyRequest, name: string) => {
    const body = request.body;
    return body && typeof body === 'object' && name in body ? JSON.stringify((body as Record<string, unknown>)[name]) : '';
  };

  app.post(
    '/auth/send-otp',
    ctx.idempotent((request) => field(request, 'phone')),
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
  app.post('/auth/verify-otp', async (request) => {
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
  app.post('/auth/refresh', async (request) => {
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
  app.delete('/auth/logout', async (request) => {
    currentUser(request);
    await ctx.identity.sessions.revoke(request.sessionToken!);
    return success(request, {}, 'signed_out');
  });
}
