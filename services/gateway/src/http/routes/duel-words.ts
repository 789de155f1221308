import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { duel } from '@qal/game-engine';
import { success } from '../envelope.ts';
import { routeSchema } from '../route-schema.ts';
import { validate } from '../validation.ts';

/** Longest beginning the setter's field sends: the most a set word may be before it is even looked at. */
const PREFIX_MAX_CHARS = duel.DUEL_WORD_INPUT_MAX_CHARS;

const WordsQuery = z.object({
  lang: z.enum(['en', 'am']).meta({ description: 'The duel’s language' }),
  prefix: z.string().max(PREFIX_MAX_CHARS).meta({ description: 'What the setter has typed so far' }),
});
const WordsAnswer = z.object({
  words: z
    .array(z.string())
    .max(duel.DUEL_WORD_SUGGESTIONS_MAX)
    .meta({ description: 'Hangman bank words that begin so (Amharic: in any spelling of the same sounds), as the bank writes them' }),
});

/**
 * Word suggestions for a duel's setter, as they type. Only the public word bank is searched, never a match: the
 * answer is the same for every caller and says nothing about any game in play. Signed-in players only.
 */
export function duelWordRoutes(app: FastifyInstance) {
  const wordsDoc = routeSchema({
    tags: ['rooms'],
    summary: 'Words a duel’s setter may pick, beginning with what they typed',
    querystring: WordsQuery,
    response: WordsAnswer,
  });
  app.get('/duel/words', { schema: wordsDoc }, async (request) => {
    const { lang, prefix } = validate(WordsQuery, request.query);
    return success(request, { words: duel.suggestWords(lang, prefix) });
  });
}
