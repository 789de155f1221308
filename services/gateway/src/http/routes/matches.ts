import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ClientSeedBody,
  GameSlugParam,
  MatchIdParam,
  MoveBody,
  PlayArcadeBody,
  PlayHangmanBody,
  type GameCommands,
} from '../../games/game-commands.ts';
import { HistoryQuery, type RoomCommands } from '../../rooms/room-commands.ts';
import { success } from '../envelope.ts';
import { currentUser, idempotencyKey } from '../request-context.ts';
import { validate } from '../validation.ts';

const MatchParams = z.object({ matchId: MatchIdParam });
const GameParams = z.object({ slug: GameSlugParam });

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

  /** Any arcade game (every single-player game but Hangman): `{ options }` → `{ matchId, view }`. */
  app.post('/games/:slug/play', async (request) => {
    const user = currentUser(request);
    const { slug } = validate(GameParams, request.params);
    const body = validate(PlayArcadeBody, request.body ?? {});
    return success(
      request,
      await games.playArcade({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, slug, body),
    );
  });

  app.get('/games/:slug/current', async (request) => {
    const { slug } = validate(GameParams, request.params);
    return success(request, await games.currentArcade(currentUser(request).id, slug));
  });

  /** The caller's fairness profile: their client seed and the nonce of their next game. */
  app.get('/fairness', async (request) => success(request, await games.fairness(currentUser(request).id)));

  app.get('/fairness/games', async (request) => success(request, { games: await games.finishedArcadeGames(currentUser(request).id) }));

  app.put('/fairness/client-seed', async (request) => {
    const user = currentUser(request);
    const { clientSeed } = validate(ClientSeedBody, request.body);
    return success(
      request,
      await games.setClientSeed({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, clientSeed),
    );
  });

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
