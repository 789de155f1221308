import type { FastifyInstance } from 'fastify';
import { GAME_RULES, hangman, HOME_CATEGORIES, isGameSlug, listCatalogue, ruleTable } from '@qal/game-engine';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';

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

/**
 * Public game information: the catalogue, its categories, a game's rule table (Crazy's "How to play", one line per
 * rule in both languages) and what a Hangman game can be set up with.
 */
export function gameRoutes(app: FastifyInstance) {
  app.get('/games', async (request) => success(request, { games: catalogueView(), categories: HOME_CATEGORIES }));

  app.get<{ Params: { slug: string } }>('/games/:slug/rules', async (request) => {
    const { slug } = request.params;
    const rules = isGameSlug(slug) ? ruleTable(slug) : null;
    if (!rules) throw new Rejection('not_found');
    return success(request, { slug, rules });
  });

  app.get('/games/hangman/options', async (request) =>
    success(request, {
      cost: GAME_RULES.hangman.costTokens,
      dailyPlayLimit: GAME_RULES.hangman.dailyPlayLimit,
      languages: hangman.allHangmanOptions(),
    }),
  );
}
