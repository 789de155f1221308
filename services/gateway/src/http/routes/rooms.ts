import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvitationAnswer, InvitationList, RoomAnswer, RoomDetail, RoomList, RoomStartAnswer } from '@qal/events/contracts';
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
import { routeSchema, type RouteDoc } from '../route-schema.ts';
import { validate } from '../validation.ts';

const CodeParams = z.object({ code: z.string() });
const InvitationParams = z.object({ invitationId: InvitationIdParam });
const ListQuery = z.object({ mine: z.string().optional().meta({ description: '1, true or yes: the caller’s own rooms' }) });

/** A room action's docs: every one is by code, idempotent, and answers the room. */
const roomAction = (summary: string, extra: Partial<RouteDoc> = {}) =>
  routeSchema({ tags: ['rooms'], summary, params: CodeParams, response: RoomAnswer, idempotent: true, ...extra });
const ACTION_SUMMARIES = {
  leave: 'Leave the room',
  ready: 'Say one is ready',
  unready: 'Say one is not ready after all',
  start: 'Start the match (the host)',
  rematch: 'Play again with the same players',
} as const;

const meta = (request: FastifyRequest): RequestMeta => ({
  userId: currentUser(request).id,
  idempotencyKey: idempotencyKey(request),
  correlationId: request.id,
  ip: request.ip,
});
const codeOf = (request: FastifyRequest) => roomCode(validate(CodeParams, request.params).code);
/** `?mine=1` (or true/yes): the caller's own rooms or matches. */
export const isMine = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

/**
 * Multiplayer rooms and invitations over HTTP (docs/product-rules.md, "Rooms"). Every action answers `{ room }` with player names;
 * an Idempotency-Key makes the engine command's id, so a retried action is answered, not repeated.
 */
export function roomRoutes(app: FastifyInstance, rooms: RoomCommands) {
  const createDoc = routeSchema({
    tags: ['rooms'],
    summary: 'Create a room',
    body: CreateRoomBody,
    response: RoomAnswer,
    idempotent: true,
  });
  app.post('/rooms', { schema: createDoc }, async (request) =>
    success(request, await rooms.create(meta(request), validate(CreateRoomBody, request.body), requestLanguage(request))),
  );

  const listDoc = routeSchema({ tags: ['rooms'], summary: 'Open public rooms, or one’s own', querystring: ListQuery, response: RoomList });
  app.get('/rooms', { schema: listDoc }, async (request) =>
    success(request, await rooms.list(currentUser(request).id, isMine(validate(ListQuery, request.query).mine))),
  );

  const getDoc = routeSchema({
    tags: ['rooms'],
    summary: 'A room, and the caller’s view of its match',
    params: CodeParams,
    response: RoomDetail,
  });
  app.get('/rooms/:code', { schema: getDoc }, async (request) =>
    success(request, await rooms.get(currentUser(request).id, codeOf(request))),
  );

  app.post('/rooms/:code/join', { schema: roomAction('Join a room', { body: JoinRoomBody }) }, async (request) => {
    const code = codeOf(request);
    const { password } = validate(JoinRoomBody, request.body);
    return success(request, await rooms.join(meta(request), code, password));
  });

  const actions = { leave: rooms.leave, ready: rooms.ready, unready: rooms.unready, start: rooms.start, rematch: rooms.rematch } as const;
  for (const [action, run] of Object.entries(actions)) {
    const summaries: Record<keyof typeof actions, string> = ACTION_SUMMARIES;
    const doc = roomAction(summaries[action as keyof typeof actions], action === 'start' ? { response: RoomStartAnswer } : {});
    app.post(`/rooms/:code/${action}`, { schema: doc }, async (request) => success(request, await run(meta(request), codeOf(request))));
  }

  app.delete('/rooms/:code', { schema: roomAction('Delete the room (the host)') }, async (request) =>
    success(request, await rooms.remove(meta(request), codeOf(request))),
  );

  app.post('/rooms/:code/invite', { schema: roomAction('Invite a player by username', { body: InviteBody }) }, async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.invite(meta(request), code, validate(InviteBody, request.body).username));
  });

  app.post('/rooms/:code/bets', { schema: roomAction('Propose a bet', { body: BetBody }) }, async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.proposeBet(meta(request), code, validate(BetBody, request.body).amount));
  });

  const betAnswerDoc = roomAction('Accept or decline the proposed bet', { body: AnswerBody });
  app.post('/rooms/:code/bets/respond', { schema: betAnswerDoc }, async (request) => {
    const code = codeOf(request);
    return success(request, await rooms.respondBet(meta(request), code, validate(AnswerBody, request.body).accept));
  });

  // A client without a socket says whether it is there (reading the room or a match never does).
  const presenceDoc = roomAction('Say whether one is there (clients without a socket)', {
    body: PresenceBody,
    response: z.object({ online: z.boolean() }),
  });
  app.post('/rooms/:code/presence', { schema: presenceDoc }, async (request) => {
    const code = codeOf(request);
    const online = validate(PresenceBody, request.body).online;
    await rooms.setPresence(meta(request), code, online);
    return success(request, { online });
  });

  const invitationsDoc = routeSchema({ tags: ['rooms'], summary: 'The caller’s pending invitations', response: InvitationList });
  app.get('/invitations', { schema: invitationsDoc }, async (request) =>
    success(request, await rooms.invitations(currentUser(request).id)),
  );

  const respondDoc = routeSchema({
    tags: ['rooms'],
    summary: 'Accept (join) or decline an invitation',
    params: InvitationParams,
    body: AnswerBody,
    response: InvitationAnswer,
    idempotent: true,
  });
  app.post('/invitations/:invitationId/respond', { schema: respondDoc }, async (request) => {
    const { invitationId } = validate(InvitationParams, request.params);
    return success(request, await rooms.respondInvitation(meta(request), invitationId, validate(AnswerBody, request.body).accept));
  });
}
