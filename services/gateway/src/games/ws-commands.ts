import type { CommandMessage, ResultMessage } from '@qal/events';
import { z } from 'zod';
import { Rejection } from '../http/errors.ts';
import { rejectionInfo, type Lang } from '../http/rejections.ts';
import { MatchIdParam, MoveBody, PlayHangmanBody, type GameCommands } from './game-commands.ts';

const MatchRef = z.object({ matchId: MatchIdParam });

/** Runs a `/ws` command message for a signed-in user and answers with its `result` (never throws a rejection). */
export async function runWsCommand(
  games: GameCommands,
  message: CommandMessage,
  user: { readonly id: string },
  lang: Lang,
  onUnexpected: (error: unknown) => void,
): Promise<ResultMessage> {
  const meta = { userId: user.id, idempotencyKey: message.idempotencyKey ?? null, correlationId: message.id };
  try {
    const data = await dispatch(games, message, meta);
    return { type: 'result', id: message.id, ok: true, data };
  } catch (error) {
    const code = error instanceof Rejection ? error.code : error instanceof z.ZodError ? 'validation_failed' : error instanceof Error && error.name === 'CommandTimeoutError' ? 'command_timeout' : 'internal_error';
    if (code === 'internal_error') onUnexpected(error);
    return { type: 'result', id: message.id, ok: false, code, message: rejectionInfo(code)[lang] };
  }
}

function dispatch(games: GameCommands, message: CommandMessage, meta: { userId: string; idempotencyKey: string | null; correlationId: string }) {
  switch (message.name) {
    case 'hangman.play':
      return games.playHangman(meta, PlayHangmanBody.parse(message.payload));
    case 'match.move': {
      const { matchId } = MatchRef.parse(message.payload);
      return games.move(meta, matchId, MoveBody.parse(message.payload));
    }
    case 'match.view':
      return games.view(meta.userId, MatchRef.parse(message.payload).matchId);
  }
}
