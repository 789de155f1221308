import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestMeta } from '../../games/game-commands.ts';
import {
  AnswerBody,
  BetBody,
  CreateRoomBody,
  InvitationIdParam,
  InviteBody,
  JoinRoomBody,
  PresenceBody,
  roomCode,
  type RoomCommands,
} from '../../rooms/room-commands.ts';
import { requestLanguage, success } from '../envelope.ts';
import { currentUser, idempotencyKey } from '../request-context.ts';
import { validate } from '../validation.ts';

const CodeParams = z.object({ code: z.string() });
const InvitationParams = z.object({ invitationId: InvitationIdParam });
const ListQuery = z.object({ mine: z.string().optional() });

const meta = (request: FastifyRequest): RequestMeta => ({
  userId: currentUser(request).id,
  idempotencyKey: idempotencyKey(request),
  correlationId: request.id,
});
const codeOf = (request: FastifyRequest) => roomCode(validate(CodeParams, request.params).code);
/** `?mine=1` (or true/yes): the caller's own rooms or matches. */
export const isMine = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

/**
 * Multiplayer rooms and invitations over HTTP (docs/product-rules.md, "Rooms"). Every action answers `{ room }` with player names;
 * an Idempotency-Key makes the engine command's id, so a retried action is answered, not repeated.
 */
export function roomRoutes(app: FastifyInstance, rooms: RoomCommands) {
  app.post('/rooms', async (request) =>
    success(request, await rooms.create(meta(request), validate(CreateRoomBody, request.body), requestLanguage(request))),
  );

  app.get('/rooms', async (request) =>
    success(request, await rooms.list(currentUser(request).id, isMine(validate(ListQuery, request.query).mine))),
  );

  app.get('/rooms/:code', async (request) => success(request, await rooms.get(currentUser(request).id, codeOf(request))));

  app.post('/rooms/:code/join', async (request) => {
    const code = codeOf(request);
    const { password } = validate(JoinRoomBody, request.body);
    return success(request, await rooms.join(meta(request), code, password));
  });

  const actions = { leave: rooms.leave, ready: rooms.ready, unready: rooms.unready, start: rooms.start, rematch: rooms.rematch } as const;
  for (const [action, run] of Object.entries(actions)) {
    app.post(`/rooms/:code/${action}`, async (request) => success(request, await run(meta(request), codeOf(request))));
  }

  app.delete('/rooms/:code', async (request) => success(request, await rooms.remove(meta(request), codeOf(request))));

  app.post('/rooms/:code/invite', async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.invite(meta(request), code, validate(InviteBody, request.body).username));
  });

  app.post('/rooms/:code/bets', async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.proposeBet(meta(request), code, validate(BetBody, request.body).amount));
  });

  app.post('/rooms/:code/bets/respond', async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.respondBet(meta(request), code, validate(AnswerBody, request.body).accept));
  });

  // A client without a socket says whether it is there (reading the room or a match never does).
  app.post('/rooms/:code/presence', async (request) => {
    const code = codeOf(request);
    const online = validate(PresenceBody, request.body).online;
    await rooms.setPresence(meta(request), code, online);
    return success(request, { online });
  });

  app.get('/invitations', async (request) => success(request, await rooms.invitations(currentUser(request).id)));

  app.post('/invitations/:invitationId/respond', async (request) => {
    const { invitationId } = validate(InvitationParams, request.params);
    return success(request, await rooms.respondInvitation(meta(request), invitationId, validate(AnswerBody, request.body).accept));
  });
}
