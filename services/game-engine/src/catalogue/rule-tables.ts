/**
 * Each game's rules as a table of lines in both languages, for the clients that list them (Crazy's "How to play").
 * Crazy's lines come from its own rule table (games/crazy/messages.en-am.ts, numbers from its rules.ts), so what a
 * player reads cannot disagree with what the engine enforces.
 */
import { CRAZY_RULE_TABLE } from '../games/crazy/messages.en-am.ts';
import type { GameSlug } from './games.ts';
import type { LocalizedText } from './localized.ts';

export interface RuleLine {
  readonly id: string;
  readonly text: LocalizedText;
}

const GAME_RULE_TABLES: Readonly<Partial<Record<GameSlug, readonly RuleLine[]>>> = {
  crazy: CRAZY_RULE_TABLE.map(({ id, en, am }) => ({ id, text: { en, am } })),
};

/** A game's rule lines in play order, or null when the game has no rule table. */
export const ruleTable = (slug: GameSlug): readonly RuleLine[] | null => GAME_RULE_TABLES[slug] ?? null;
