import type { CommandMessage, ResultMessage } from '@qal/events';
import { z } from 'zod';
import { Rejection } from '../http/errors.ts';
import { rejectionMessage, type Lang } from '../http/rejections.ts';
import {
  AnswerBody,
  BetBody,
  CreateRoomBody,
  InvitationIdParam,
  InviteBody,
  JoinRoomBody,
  roomCode,
  type RoomCommands,
} from '../rooms/room-commands.ts';
import { MatchIdParam, MoveBody, PlayHangmanBody, type GameCommands, type RequestMeta } from './game-commands.ts';

const MatchRef = z.object({ matchId: MatchIdParam });
const RoomRef = z.object({ code: z.string() });
const InvitationRef = z.object({ invitationId: InvitationIdParam });

/** What the socket's commands run on: games always; rooms where the app has them. */
export interface WsCommandTargets {
  readonly games: GameCommands;
  readonly rooms?: RoomCommands;
}

/** Runs a `/ws` command message for a signed-in user and answers with its `result` (never throws a rejection). */
export async function runWsCommand(
  targets: WsCommandTargets,
  message: CommandMessage,
  user: { readonly id: string; readonly ip?: string },
  lang: Lang,
  onUnexpected: (error: unknown) => void,
): Promise<ResultMessage> {
  const meta = { userId: user.id, idempotencyKey: message.idempotencyKey ?? null, correlationId: message.id, ip: user.ip ?? null };
  try {
    const data = await dispatch(targets, message, meta, lang);
    return { type: 'result', id: message.id, ok: true, data };
  } catch (error) {
    const code =
      error instanceof Rejection
        ? error.code
        : error instanceof z.ZodError
          ? 'validation_failed'
          : error instanceof Error && error.name === 'CommandTimeoutError'
            ? 'command_timeout'
            : 'internal_error';
    if (code === 'internal_error') onUnexpected(error);
    const details = error instanceof Rejection ? error.details : undefined;
    return {
      type: 'result',
      id: message.id,
      ok: false,
      code,
      message: rejectionMessage(code, lang, details),
      ...(details && Object.keys(details).length > 0 ? { data: details } : {}),
    };
  }
}

function dispatch({ games, rooms }: WsCommandTargets, message: CommandMessage, meta: RequestMeta, lang: Lang) {
  const payload = message.payload;
  const code = () => roomCode(RoomRef.parse(payload).code);
  const room = () => {
    if (!rooms) throw new Rejection('invalid_message');
    return rooms;
  };
  switch (message.name) {
    case 'hangman.play':
      return games.playHangman(meta, PlayHangmanBody.parse(payload));
    case 'match.move': {
      const { matchId } = MatchRef.parse(payload);
      return games.move(meta, matchId, MoveBody.parse(payload));
    }
    case 'match.view':
      return games.view(meta.userId, MatchRef.parse(payload).matchId);
    case 'room.create':
      return room().create(meta, CreateRoomBody.parse(payload), lang);
    case 'room.join':
      return room().join(meta, code(), JoinRoomBody.parse(payload).password);
    case 'room.leave':
      return room().leave(meta, code());
    case 'room.ready':
      return room().ready(meta, code());
    case 'room.unready':
      return room().unready(meta, code());
    case 'room.start':
      return room().start(meta, code());
    case 'room.invite':
      return room().invite(meta, code(), InviteBody.parse(payload).username);
    case 'room.bet':
      return room().proposeBet(meta, code(), BetBody.parse(payload).amount);
    case 'room.bet.respond':
      return room().respondBet(meta, code(), AnswerBody.parse(payload).accept);
    case 'room.rematch':
      return room().rematch(meta, code());
    case 'room.delete':
      return room().remove(meta, code());
    case 'invitation.respond':
      return room().respondInvitation(meta, InvitationRef.parse(payload).invitationId, AnswerBody.parse(payload).accept);
  }
}
