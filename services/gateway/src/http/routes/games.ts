import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GAME_RULES, hangman, HOME_CATEGORIES, isGameSlug, listCatalogue, ruleTable } from '@qal/game-engine';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { routeSchema } from '../route-schema.ts';

const SlugParams = z.object({ slug: z.string().meta({ description: 'A game slug from GET /games' }) });

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
  const catalogueDoc = routeSchema({ tags: ['games'], summary: 'The game catalogue and its home-page categories' });
  app.get('/games', { schema: catalogueDoc }, async (request) => success(request, { games: catalogueView(), categories: HOME_CATEGORIES }));

  const rulesDoc = routeSchema({ tags: ['games'], summary: 'A game’s rule table, in both languages', params: SlugParams });
  app.get<{ Params: { slug: string } }>('/games/:slug/rules', { schema: rulesDoc }, async (request) => {
    const { slug } = request.params;
    const rules = isGameSlug(slug) ? ruleTable(slug) : null;
    if (!rules) throw new Rejection('not_found');
    return success(request, { slug, rules });
  });

  const optionsDoc = routeSchema({ tags: ['games'], summary: 'Hangman’s cost, daily limit, languages and categories' });
  app.get('/games/hangman/options', { schema: optionsDoc }, async (request) =>
    success(request, {
      cost: GAME_RULES.hangman.costTokens,
      dailyPlayLimit: GAME_RULES.hangman.dailyPlayLimit,
      languages: hangman.allHangmanOptions(),
    }),
  );
}
