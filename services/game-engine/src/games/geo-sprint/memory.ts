/**
 * What Geo Sprint remembers of a player's earlier rounds: per category, the numbers of the questions seen since
 * that category's pool was last full. A round's deal draws from the rest (deal.ts); once every question of a
 * category has been seen the category starts afresh. The engine keeps each round's GeoSprintStarted on the
 * player's memory stream and folds them with `evolve`, oldest first.
 */
import { GEO_SPRINT_CATEGORIES, type GeoSprintCategory } from '@qal/events';
import { GEO_SPRINT_BANK, categoryOfId, questionNumberOf, type QuestionBank } from './bank.ts';
import type { GeoSprintEvent } from './messages.ts';

export interface GeoSprintMemory {
  /** Question numbers seen in the category's current pass through it, ascending. */
  readonly seen: Readonly<Record<GeoSprintCategory, readonly number[]>>;
}

export const EMPTY_GEO_SPRINT_MEMORY: GeoSprintMemory = { seen: { ethiopia: [], africa: [], world: [] } };

/**
 * The memory after a round that dealt `ids` (in deal order): each id is added to its category's seen numbers, and a
 * category whose every question is then seen starts afresh. Deal order matters at a pass's end: a round that took
 * the last unseen questions and then some of the next pass's leaves only the latter as seen.
 */
export function rememberDealt(memory: GeoSprintMemory, ids: readonly string[], bank: QuestionBank = GEO_SPRINT_BANK): GeoSprintMemory {
  const seen = Object.fromEntries(GEO_SPRINT_CATEGORIES.map((category) => [category, new Set(memory.seen[category])])) as Record<
    GeoSprintCategory,
    Set<number>
  >;
  for (const id of ids) {
    const category = categoryOfId(id);
    const number = category === null ? null : questionNumberOf(category, id);
    if (category === null || number === null) continue;
    seen[category].add(number);
    if (isWholeBank(seen[category], bank.questions[category].length)) seen[category].clear();
  }
  return {
    seen: Object.fromEntries(GEO_SPRINT_CATEGORIES.map((category) => [category, [...seen[category]].sort((a, b) => a - b)])) as Record<
      GeoSprintCategory,
      number[]
    >,
  };
}

/** The numbers of `category` not seen in its current pass (all of them when every one was seen), ascending. */
export function unseenNumbers(memory: GeoSprintMemory, category: GeoSprintCategory, bank: QuestionBank = GEO_SPRINT_BANK): number[] {
  const seen = new Set(memory.seen[category]);
  const all = numbersUpTo(bank.questions[category].length);
  const unseen = all.filter((number) => !seen.has(number));
  return unseen.length > 0 ? unseen : all;
}

export const numbersUpTo = (size: number): number[] => Array.from({ length: size }, (_, i) => i + 1);

/** A bank that grew or shrank since: only the numbers it has now count towards a whole pass. */
function isWholeBank(seen: ReadonlySet<number>, bankSize: number): boolean {
  for (let number = 1; number <= bankSize; number++) if (!seen.has(number)) return false;
  return true;
}

/** The module's memory: the start events, folded. */
export const geoSprintMemory = {
  initial: EMPTY_GEO_SPRINT_MEMORY,
  keeps: (event: GeoSprintEvent): boolean => event.type === 'GeoSprintStarted',
  evolve: (memory: GeoSprintMemory, event: GeoSprintEvent): GeoSprintMemory =>
    event.type === 'GeoSprintStarted'
      ? rememberDealt(
          memory,
          event.data.questions.map((question) => question.id),
        )
      : memory,
};
