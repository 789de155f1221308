/**
 * The question bank by category, as the deal reads it: each category's questions in id order, so question number n
 * (`et-00n`) is the n-th. bank.test.ts keeps the files that way (ids `<prefix>-001`… in order, no gaps).
 */
import { GEO_SPRINT_CATEGORIES, GEO_SPRINT_ID_PREFIXES, type GeoSprintCategory } from '@qal/events';
import { AFRICA_QUESTIONS } from './questions/africa.ts';
import { ETHIOPIA_QUESTIONS } from './questions/ethiopia.ts';
import type { Question } from './questions/schema.ts';
import { WORLD_QUESTIONS } from './questions/world.ts';

export type { Question };

export interface QuestionBank {
  /** Each category's questions, question n at index n − 1. */
  readonly questions: Readonly<Record<GeoSprintCategory, readonly Question[]>>;
}

export const GEO_SPRINT_BANK: QuestionBank = {
  questions: { ethiopia: ETHIOPIA_QUESTIONS, africa: AFRICA_QUESTIONS, world: WORLD_QUESTIONS },
};

/** The number in a question's id (`et-007` → 7), or null when the id is not one of the category's spelling. */
export function questionNumberOf(category: GeoSprintCategory, id: string): number | null {
  const prefix = `${GEO_SPRINT_ID_PREFIXES[category]}-`;
  if (!id.startsWith(prefix)) return null;
  const digits = id.slice(prefix.length);
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** The category a question id belongs to, by its prefix; null for an id of none. */
export function categoryOfId(id: string): GeoSprintCategory | null {
  return GEO_SPRINT_CATEGORIES.find((category) => questionNumberOf(category, id) !== null) ?? null;
}

/** Question `number` of `category` (1-based), checked against its id so a bank out of order fails loudly. */
export function questionAt(bank: QuestionBank, category: GeoSprintCategory, number: number): Question {
  const question = bank.questions[category][number - 1];
  if (!question || questionNumberOf(category, question.id) !== number) {
    throw new Error(`the ${category} bank has no question number ${number} in its place`);
  }
  return question;
}
