/**
 * The geo hint, derived from the question (the bank has no hint of its own): a clue about how the answer is spelt in
 * each language, checked against the four options the player sees so it narrows them without naming the answer.
 * The explanation is no hint: it names the answer in its first words.
 *
 * The clues, in the order they are preferred:
 * - `starts`: the answer starts with its first character (in Amharic a fidel, e.g. «ባ»);
 * - `contains`: the answer contains a letter or digit (the answer's own, first one first);
 * - `not`: the answer is not this option (the first wrong option in the bank's order), when no letter narrows.
 *
 * A letter clue is kept only when it fits two or three options (the answer among them): one would name the answer,
 * four would say nothing. Of those, the clue that leaves GEO_SPRINT_HINT_OPTIONS_LEFT[difficulty] options wins
 * (an easy question's hint leaves three, a harder one's two), else the nearest. English letters match without case
 * or accents; Amharic fidel match exactly (ባ is not በ).
 */
import type { GeoSprintDifficulty, GeoSprintHint, GeoSprintHints } from '@qal/events';
import type { Question } from './bank.ts';

/** How many options (the answer included) a hint should leave, by the question's difficulty. */
export const GEO_SPRINT_HINT_OPTIONS_LEFT: Readonly<Record<GeoSprintDifficulty, number>> = { easy: 3, medium: 2, hard: 2 };
/** A letter clue must fit at least this many options (else it names the answer) and fewer than all of them. */
export const GEO_SPRINT_HINT_OPTIONS_MIN = 2;

type Language = 'en' | 'am';

export function hintFor(question: Question): GeoSprintHints {
  return {
    en: hintIn('en', question.en.options, question.answer, question.difficulty),
    am: hintIn('am', question.am.options, question.answer, question.difficulty),
  };
}

/** How many options a hint fits (the answer always among them). */
export function optionsFitting(hint: GeoSprintHint, options: readonly string[], language: Language): number {
  return options.filter((option) => fits(hint, option, language)).length;
}

export function fits(hint: GeoSprintHint, option: string, language: Language): boolean {
  const text = comparable(option, language);
  const clue = comparable(hint.text, language);
  switch (hint.kind) {
    case 'starts':
      return [...text][0] === clue;
    case 'contains':
      return [...text].includes(clue);
    case 'not':
      return option !== hint.text;
  }
}

function hintIn(language: Language, options: readonly string[], answer: number, difficulty: GeoSprintDifficulty): GeoSprintHint {
  const spelt = options[answer]!;
  const characters = [...spelt].filter(isLetterOrDigit);
  const first = [...spelt][0] ?? '';
  const letterClues: GeoSprintHint[] = [
    ...(isLetterOrDigit(first) ? [{ kind: 'starts' as const, text: shown(first, language, 'starts') }] : []),
    ...unique(characters.map((character) => comparable(character, language))).map((character): GeoSprintHint => ({
      kind: 'contains',
      text: shown(character, language, 'contains'),
    })),
  ];
  const target = GEO_SPRINT_HINT_OPTIONS_LEFT[difficulty];
  let best: { hint: GeoSprintHint; distance: number } | null = null;
  for (const hint of letterClues) {
    const fitting = optionsFitting(hint, options, language);
    if (fitting < GEO_SPRINT_HINT_OPTIONS_MIN || fitting >= options.length) continue;
    const distance = Math.abs(fitting - target);
    if (best === null || distance < best.distance) best = { hint, distance };
  }
  if (best !== null) return best.hint;
  const wrong = options.find((_, index) => index !== answer)!;
  return { kind: 'not', text: wrong };
}

/** A character as matching sees it: English without case or accents; Amharic as written. */
function comparable(text: string, language: Language): string {
  return language === 'en' ? text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : text;
}

/** A clue's character as the player reads it: an English first letter in capitals, a contained one in lower case. */
function shown(character: string, language: Language, kind: 'starts' | 'contains'): string {
  if (language === 'am') return character;
  const plain = comparable(character, 'en');
  return kind === 'starts' ? plain.toUpperCase() : plain;
}

const isLetterOrDigit = (character: string): boolean => /^[\p{L}\p{N}]$/u.test(character);

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
