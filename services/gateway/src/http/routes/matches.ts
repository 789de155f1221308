import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MatchIdParam, MoveBody, PlayHangmanBody, type GameCommands } from '../../games/game-commands.ts';
import { HistoryQuery, type RoomCommands } from '../../rooms/room-commands.ts';
import { success } from '../envelope.ts';
import { currentUser, idempotencyKey } from '../request-context.ts';
import { validate } from '../validation.ts';

const MatchParams = z.object({ matchId: MatchIdParam });

/**
 * Playing: start a paid Hangman game, move, and read a match (its players only: the owner of a single-player
 * game, the players of a room's duel, each their own view) or its replay once it is over; the history of
 * finished room matches.
 */
export function matchRoutes(app: FastifyInstance, games: GameCommands, rooms: RoomCommands) {
  app.post('/games/hangman/play', async (request) => {
    const user = currentUser(request);
    const body = validate(PlayHangmanBody, request.body);
    return success(
      request,
      await games.playHangman({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, body),
    );
  });

  app.get('/games/hangman/current', async (request) => success(request, await games.current(currentUser(request).id)));

  /** `?mine=1&cursor=&limit=`: the caller's finished room matches, newest first (mine is the only list there is). */
  app.get('/matches', async (request) => {
    const { cursor, limit } = validate(HistoryQuery, request.query);
    return success(request, await rooms.history(currentUser(request).id, { limit, cursor }));
  });

  app.post('/matches/:matchId/moves', async (request) => {
    const user = currentUser(request);
    const { matchId } = validate(MatchParams, request.params);
    const move = validate(MoveBody, request.body);
    return success(
      request,
      await games.move({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, matchId, move),
    );
  });

  app.get('/matches/:matchId', async (request) => {
    const { matchId } = validate(MatchParams, request.params);
    return success(request, await games.view(currentUser(request).id, matchId));
  });

  app.get('/matches/:matchId/replay', async (request) => {
    const { matchId } = validate(MatchParams, request.params);
    return success(request, await games.replay(currentUser(request).id, matchId));
  });
}
