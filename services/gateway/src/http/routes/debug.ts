import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Channel } from '@qal/events';
import type { Hub } from '../../realtime/hub.ts';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { currentUser } from '../request-context.ts';
import { routeSchema } from '../route-schema.ts';
import { validate } from '../validation.ts';

/** The longest socket id a client may send (it is only logged). */
const SOCKET_ID_MAX = 100;

/** Any JSON object: the call checks that a request arrives, not what it says. */
const AuthTestBody = z.looseObject({});
/** What a browser's broadcasting library sends to authorise a private channel. */
const ChannelAuthBody = z.object({
  channel_name: Channel,
  socket_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and - _ . : only')
    .max(SOCKET_ID_MAX)
    .optional(),
});

const TestAnswer = z.object({ ok: z.literal(true) });
const ChannelAuthAnswer = z.object({ channel: Channel, authorized: z.literal(true) });
const TEST_SURFACE_NOTE = 'Test surface only: off (404) on a production server unless QAL_TEST_SURFACE is set.';

/** The marker browsers' XMLHttpRequest libraries add; logged to tell such a caller from a plain fetch. */
const sentByXhr = (request: FastifyRequest) => request.headers['x-requested-with']?.toString().toLowerCase() === 'xmlhttprequest';

/**
 * The test surface's calls without a session: each only logs that it arrived and answers `{ ok: true }`, so a test
 * page can tell that the API is reachable. Registered only where the test surface is on (elsewhere they are 404).
 */
export function publicDebugRoutes(app: FastifyInstance) {
  const authTestDoc = routeSchema({
    tags: ['realtime'],
    summary: 'Check that the API answers (logged only)',
    description: `Accepts any JSON object and an X-Requested-With: XMLHttpRequest header. ${TEST_SURFACE_NOTE}`,
    body: AuthTestBody,
    response: TestAnswer,
  });
  app.post('/debug/auth-test', { schema: authTestDoc }, async (request) => {
    const body = validate(AuthTestBody, request.body);
    // The field names only: a test body may carry anything, and logs keep no values a caller sent.
    request.log.info({ xhr: sentByXhr(request), fields: Object.keys(body) }, 'test surface: auth test');
    return success(request, { ok: true });
  });

  const channelTestDoc = routeSchema({
    tags: ['realtime'],
    summary: 'Check a channel authorisation request arrives (logged only, authorises nothing)',
    description: TEST_SURFACE_NOTE,
    body: ChannelAuthBody,
    response: TestAnswer,
  });
  app.post('/broadcasting/auth-test', { schema: channelTestDoc }, async (request) => {
    const { channel_name: channel, socket_id: socketId } = validate(ChannelAuthBody, request.body);
    request.log.info({ channel, socketId, xhr: sentByXhr(request) }, 'test surface: channel auth test');
    return success(request, { ok: true });
  });
}

/**
 * `POST /broadcasting/auth` (signed in): may the bearer's socket follow `channel_name`? Answered by the hub's own
 * check, the one every websocket subscription passes, so the two never disagree. A refusal is the socket's
 * (forbidden_channel / unknown_channel), in the caller's language.
 */
export function channelAuthRoutes(app: FastifyInstance, hub: Pick<Hub, 'access'>) {
  const doc = routeSchema({
    tags: ['realtime'],
    summary: 'May my socket follow this channel?',
    description: `The same check as subscribing over the websocket: refused with forbidden_channel or unknown_channel. ${TEST_SURFACE_NOTE}`,
    body: ChannelAuthBody,
    response: ChannelAuthAnswer,
  });
  app.post('/broadcasting/auth', { schema: doc }, async (request) => {
    const { channel_name: channel, socket_id: socketId } = validate(ChannelAuthBody, request.body);
    const user = currentUser(request);
    const access = await hub.access(user.id, channel);
    request.log.info({ channel, socketId, userId: user.id, access }, 'test surface: channel authorisation');
    if (access !== 'allowed') throw new Rejection(access);
    return success(request, { channel, authorized: true });
  });
}
