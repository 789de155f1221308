import type { FastifyInstance } from 'fastify';
import { GAME_RULES, hangman, HOME_CATEGORIES, listCatalogue } from '@qal/game-engine';
import { success } from '../envelope.ts';

/** The playable catalogue, shaped for the home page: texts in both languages, category, cost. */
export function catalogueView() {
  return listCatalogue().map((entry) => ({
    slug: entry.slug,
    category: entry.category,
    categoryLabel: entry.categoryLabel,
    title: entry.title,
    description: entry.description,
    instructions: entry.instructions,
    cost: entry.costTokens,
    dailyPlayLimit: entry.dailyPlayLimit,
    multiplayer: entry.multiplayer,
    players: entry.players,
  }));
}

/** Public game information: the catalogue, its categories, and what a Hangman game can be set up with. */
export function gameRoutes(app: FastifyInstance) {
  app.get('/games', async (request) => success(request, { games: catalogueView(), categories: HOME_CATEGORIES }));

  app.get('/games/hangman/options', async (request) =>
    success(request, {
      cost: GAME_RULES.hangman.costTokens,
      dailyPlayLimit: GAME_RULES.hangman.dailyPlayLimit,
      languages: hangman.allHangmanOptions(),
    }),
  );
}
