import { describe, expect, it } from 'vitest';
import { AFRICA_QUESTIONS } from './africa.ts';
import { ETHIOPIA_QUESTIONS } from './ethiopia.ts';
import { Question, QUESTION_CATEGORIES, type Question as QuestionType } from './schema.ts';
import { WORLD_QUESTIONS } from './world.ts';

/** Each file holds one category, with ids `<prefix>-001`, `<prefix>-002`, … in order. */
const FILES = [
  { category: 'ethiopia', prefix: 'et', questions: ETHIOPIA_QUESTIONS, min: 250 },
  { category: 'africa', prefix: 'af', questions: AFRICA_QUESTIONS, min: 175 },
  { category: 'world', prefix: 'wo', questions: WORLD_QUESTIONS, min: 175 },
] as const;

const ALL: readonly QuestionType[] = FILES.flatMap((file) => file.questions);

/** Case- and space-insensitive form of a question's text. */
const normalised = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

const amharicTexts = (question: QuestionType): string[] => [question.am.question, question.am.explanation, ...question.am.options];

describe('the Geo Sprint question bank', () => {
  it('covers every category with one file', () => {
    expect(FILES.map((file) => file.category).sort()).toEqual([...QUESTION_CATEGORIES].sort());
  });

  it.each(FILES)('$category: has at least $min questions', ({ questions, min }) => {
    expect(questions.length).toBeGreaterThanOrEqual(min);
  });

  it.each(FILES)('$category: every question parses with the schema', ({ questions }) => {
    const failures = questions
      .map((question) => ({ id: question.id, result: Question.safeParse(question) }))
      .filter(({ result }) => !result.success)
      .map(({ id, result }) => `${id}: ${result.error?.message}`);
    expect(failures).toEqual([]);
  });

  it.each(FILES)('$category: every question is in its category, with ids $prefix-001… in order', ({ category, prefix, questions }) => {
    expect(questions.filter((question) => question.category !== category).map((question) => question.id)).toEqual([]);
    const expected = questions.map((_, index) => `${prefix}-${String(index + 1).padStart(3, '0')}`);
    expect(questions.map((question) => question.id)).toEqual(expected);
  });

  it('ids are unique across the whole bank', () => {
    const ids = ALL.map((question) => question.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('no English question text appears twice across the bank (ignoring case and spacing)', () => {
    const texts = ALL.map((question) => normalised(question.en.question));
    const repeated = ALL.filter((_, index) => texts.indexOf(texts[index]!) !== index).map((question) => question.id);
    expect(repeated).toEqual([]);
  });

  it('every question has four distinct options in each language', () => {
    const bad = ALL.filter(
      (question) =>
        question.en.options.length !== 4 ||
        question.am.options.length !== 4 ||
        new Set(question.en.options.map(normalised)).size !== 4 ||
        new Set(question.am.options.map(normalised)).size !== 4,
    ).map((question) => question.id);
    expect(bad).toEqual([]);
  });

  it('every answer index points at an option in both languages', () => {
    const bad = ALL.filter(
      (question) =>
        !Number.isInteger(question.answer) ||
        question.answer < 0 ||
        question.answer >= question.en.options.length ||
        question.answer >= question.am.options.length,
    ).map((question) => question.id);
    expect(bad).toEqual([]);
  });

  it('no Amharic field contains a Latin letter', () => {
    const bad = ALL.filter((question) => amharicTexts(question).some((text) => /[A-Za-z]/.test(text))).map((question) => question.id);
    expect(bad).toEqual([]);
  });

  it.each(FILES)('$category: uses every answer position and every difficulty', ({ questions }) => {
    expect(new Set(questions.map((question) => question.answer)).size).toBe(4);
    expect(new Set(questions.map((question) => question.difficulty)).size).toBe(3);
  });
});
