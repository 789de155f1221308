/** The game catalogue as the home page lists it: the rule table joined with the generated texts and labels. */
import { GAME_CATEGORY_LABELS } from './categories.ts';
import { GAME_RULES, GAME_SLUGS, type GameRules, type GameSlug } from './games.ts';
import type { LocalizedText } from './localized.ts';
import { GAME_TEXTS, type GameTexts } from './texts.ts';

export interface CatalogueEntry extends GameRules, GameTexts {
  readonly categoryLabel: LocalizedText;
}

export function catalogueEntry(slug: GameSlug): CatalogueEntry {
  const rules = GAME_RULES[slug];
  return { ...rules, ...GAME_TEXTS[slug](rules), categoryLabel: GAME_CATEGORY_LABELS[rules.category] };
}

/** Every game of the catalogue, playable or not, in catalogue order. */
export const fullCatalogue = (): readonly CatalogueEntry[] => GAME_SLUGS.map(catalogueEntry);

/** The games a player can start now, with their category. */
export const listCatalogue = (): readonly CatalogueEntry[] => fullCatalogue().filter((entry) => entry.playable);
