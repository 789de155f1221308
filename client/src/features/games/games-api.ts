import * as z from 'zod/mini';
import { api } from '../../lib/api-client.ts';

const localized = z.union([z.string(), z.record(z.string(), z.string())]);

/** Lenient on purpose: the catalogue grows with later issues; unknown fields are ignored. */
const gameSchema = z.object({
  slug: z.string(),
  category: z.string(),
  title: localized,
  description: z.optional(z.nullable(localized)),
  instructions: z.optional(z.nullable(localized)),
  cost: z.optional(z.nullable(z.number())),
  multiplayer: z.optional(z.nullable(z.boolean())),
});
export type Game = z.infer<typeof gameSchema>;

const categorySchema = z.object({ id: z.string(), label: localized });
export type GameCategory = z.infer<typeof categorySchema>;

const catalogueSchema = z.object({ games: z.array(gameSchema), categories: z.optional(z.array(categorySchema)) });

export async function fetchGames(signal?: AbortSignal): Promise<Game[]> {
  return (await fetchCatalogue(signal)).games;
}

/** The games and the categories the home page filters by (the catalogue's 8, whether or not a game is playable yet). */
export async function fetchCatalogue(signal?: AbortSignal): Promise<{ games: Game[]; categories: GameCategory[] }> {
  const data = await api.request('/games', catalogueSchema, { auth: false, signal });
  return { games: data.games, categories: data.categories ?? [] };
}

export function pickLocalized(value: string | Record<string, string> | null | undefined, locale: string): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return value[locale] ?? value.en ?? Object.values(value)[0] ?? '';
}
