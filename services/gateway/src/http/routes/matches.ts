import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AnyMatchReplay,
  ArcadePlayAnswer,
  CurrentArcade,
  CurrentHangman,
  FairnessProfile,
  FinishedArcadeGames,
  HangmanPlayAnswer,
  HistoryPage,
  MatchViewAnswer,
} from '@qal/events/contracts';
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
import { routeSchema } from '../route-schema.ts';
import { validate } from '../validation.ts';

const MatchParams = z.object({ matchId: MatchIdParam });
const GameParams = z.object({ slug: GameSlugParam });

/**
 * Playing: start a paid Hangman game, move, and read a match (its players only: the owner of a single-player
 * game, the players of a room's duel, each their own view) or its replay once it is over; the history of
 * finished room matches.
 */
export function matchRoutes(app: FastifyInstance, games: GameCommands, rooms: RoomCommands) {
  const hangmanDoc = routeSchema({
    tags: ['games', 'matches'],
    summary: 'Start a paid Hangman game',
    body: PlayHangmanBody,
    response: HangmanPlayAnswer,
    idempotent: true,
  });
  app.post('/games/hangman/play', { schema: hangmanDoc }, async (request) => {
    const user = currentUser(request);
    const body = validate(PlayHangmanBody, request.body);
    return success(
      request,
      await games.playHangman({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, body),
    );
  });

  const currentDoc = routeSchema({
    tags: ['games', 'matches'],
    summary: 'The Hangman game in progress, and today’s plays',
    response: CurrentHangman,
  });
  app.get('/games/hangman/current', { schema: currentDoc }, async (request) =>
    success(request, await games.current(currentUser(request).id)),
  );

  /** Any arcade game (every single-player game but Hangman): `{ options }` → `{ matchId, view }`. */
  const arcadeDoc = routeSchema({
    tags: ['games', 'matches'],
    summary: 'Start an arcade game',
    params: GameParams,
    body: PlayArcadeBody,
    response: ArcadePlayAnswer,
    idempotent: true,
  });
  app.post('/games/:slug/play', { schema: arcadeDoc }, async (request) => {
    const user = currentUser(request);
    const { slug } = validate(GameParams, request.params);
    const body = validate(PlayArcadeBody, request.body ?? {});
    return success(
      request,
      await games.playArcade({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, slug, body),
    );
  });

  const arcadeCurrentDoc = routeSchema({
    tags: ['games', 'matches'],
    summary: 'An arcade game in progress, and today’s plays',
    params: GameParams,
    response: CurrentArcade,
  });
  app.get('/games/:slug/current', { schema: arcadeCurrentDoc }, async (request) => {
    const { slug } = validate(GameParams, request.params);
    return success(request, await games.currentArcade(currentUser(request).id, slug));
  });

  /** The caller's fairness profile: their client seed and the nonce of their next game. */
  const fairnessDoc = routeSchema({ tags: ['matches'], summary: 'The caller’s client seed and next nonce', response: FairnessProfile });
  app.get('/fairness', { schema: fairnessDoc }, async (request) => success(request, await games.fairness(currentUser(request).id)));

  const finishedDoc = routeSchema({
    tags: ['matches'],
    summary: 'The caller’s finished arcade games, to verify',
    response: FinishedArcadeGames,
  });
  app.get('/fairness/games', { schema: finishedDoc }, async (request) =>
    success(request, { games: await games.finishedArcadeGames(currentUser(request).id) }),
  );

  const seedDoc = routeSchema({
    tags: ['matches'],
    summary: 'Choose the client seed of the next games',
    body: ClientSeedBody,
    response: FairnessProfile,
    idempotent: true,
  });
  app.put('/fairness/client-seed', { schema: seedDoc }, async (request) => {
    const user = currentUser(request);
    const { clientSeed } = validate(ClientSeedBody, request.body);
    return success(
      request,
      await games.setClientSeed({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, clientSeed),
    );
  });

  /** `?mine=1&cursor=&limit=`: the caller's finished room matches, newest first (mine is the only list there is). */
  const historyDoc = routeSchema({
    tags: ['matches', 'rooms'],
    summary: 'The caller’s finished room matches, newest first',
    querystring: HistoryQuery,
    response: HistoryPage,
  });
  app.get('/matches', { schema: historyDoc }, async (request) => {
    const { cursor, limit } = validate(HistoryQuery, request.query);
    return success(request, await rooms.history(currentUser(request).id, { limit, cursor }));
  });

  const moveDoc = routeSchema({
    tags: ['matches'],
    summary: 'Make a move (a guess, a hint, a card…)',
    params: MatchParams,
    body: MoveBody,
    response: MatchViewAnswer,
    idempotent: true,
  });
  app.post('/matches/:matchId/moves', { schema: moveDoc }, async (request) => {
    const user = currentUser(request);
    const { matchId } = validate(MatchParams, request.params);
    const move = validate(MoveBody, request.body);
    return success(
      request,
      await games.move({ userId: user.id, idempotencyKey: idempotencyKey(request), correlationId: request.id }, matchId, move),
    );
  });

  const viewDoc = routeSchema({
    tags: ['matches'],
    summary: 'A match as the caller sees it',
    params: MatchParams,
    response: MatchViewAnswer,
  });
  app.get('/matches/:matchId', { schema: viewDoc }, async (request) => {
    const { matchId } = validate(MatchParams, request.params);
    return success(request, await games.view(currentUser(request).id, matchId));
  });

  const replayDoc = routeSchema({
    tags: ['matches'],
    summary: 'A finished match, step by step',
    params: MatchParams,
    response: AnyMatchReplay,
  });
  app.get('/matches/:matchId/replay', { schema: replayDoc }, async (request) => {
    const { matchId } = validate(MatchParams, request.params);
    return success(request, await games.replay(currentUser(request).id, matchId));
  });
}
