import * as z from 'zod/mini';

/**
 * Geo Sprint as its player sees it (the engine's games/geo-sprint/view.ts builds it): ten geography questions, one
 * at a time, each with its own clock. A question's answer and explanation appear only in `results`, once it was
 * answered or timed out; the draw (which questions, which options the 50/50 takes away) only when the game is over.
 *
 * The numbers the browser's verifier needs to draw the round again (the mixed plan, the id spelling, the pool codec)
 * live here, so the engine and the client read the same ones.
 */

export const GEO_SPRINT_CATEGORIES = ['ethiopia', 'africa', 'world'] as const;
export type GeoSprintCategory = (typeof GEO_SPRINT_CATEGORIES)[number];

/** What a player chooses at the start: one category, or a mix of the three. */
export const GEO_SPRINT_CATEGORY_CHOICES = [...GEO_SPRINT_CATEGORIES, 'mixed'] as const;
export type GeoSprintCategoryChoice = (typeof GEO_SPRINT_CATEGORY_CHOICES)[number];

export const GEO_SPRINT_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type GeoSprintDifficulty = (typeof GEO_SPRINT_DIFFICULTIES)[number];

export const GEO_SPRINT_QUESTIONS_PER_ROUND = 10;
export const GEO_SPRINT_OPTIONS_PER_QUESTION = 4;
/** How many wrong options the 50/50 takes away. */
export const GEO_SPRINT_FIFTY_FIFTY_REMOVES = 2;

/**
 * A mixed round's categories before the shuffle: four questions about Ethiopia, three about Africa, three about the
 * world. The round's order is this list shuffled by the fairness stream (the first draw of a mixed round).
 */
export const GEO_SPRINT_MIXED_PLAN: readonly GeoSprintCategory[] = [
  'ethiopia',
  'ethiopia',
  'ethiopia',
  'ethiopia',
  'africa',
  'africa',
  'africa',
  'world',
  'world',
  'world',
];

/** A question's id is its category's prefix and its number in the bank, 3 digits: `et-007`. */
export const GEO_SPRINT_ID_PREFIXES: Readonly<Record<GeoSprintCategory, string>> = { ethiopia: 'et', africa: 'af', world: 'wo' };
export const GEO_SPRINT_ID_DIGITS = 3;

export const geoSprintQuestionId = (category: GeoSprintCategory, number: number): string =>
  `${GEO_SPRINT_ID_PREFIXES[category]}-${String(number).padStart(GEO_SPRINT_ID_DIGITS, '0')}`;

/**
 * A pool of question numbers (ascending, distinct, positive) as short text: runs as `first-last`, joined by commas
 * ("1-12,15,17-321"). A fresh pool is one run, so the end view stays small.
 */
export function encodeGeoSprintPool(numbers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    runs.push(i === j ? String(numbers[i]) : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}

/** The numbers of an encoded pool, ascending; throws a RangeError on text that is not a pool. */
export function decodeGeoSprintPool(text: string): number[] {
  if (text === '') return [];
  const numbers: number[] = [];
  for (const run of text.split(',')) {
    const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(run);
    if (!match) throw new RangeError(`not a pool run: ${run}`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    const previous = numbers.at(-1) ?? 0;
    if (first <= previous || last < first) throw new RangeError(`pool runs must ascend: ${run}`);
    for (let n = first; n <= last; n++) numbers.push(n);
  }
  return numbers;
}

/** What a hint says: the answer starts with `text`, contains `text`, or is not the option `text`. */
export const GEO_SPRINT_HINT_KINDS = ['starts', 'contains', 'not'] as const;
export type GeoSprintHintKind = (typeof GEO_SPRINT_HINT_KINDS)[number];

export const GeoSprintHint = z.object({ kind: z.enum(GEO_SPRINT_HINT_KINDS), text: z.string() });
export type GeoSprintHint = z.infer<typeof GeoSprintHint>;

/** The hint in each language: each is about that language's spelling of the answer. */
export const GeoSprintHints = z.object({ en: GeoSprintHint, am: GeoSprintHint });
export type GeoSprintHints = z.infer<typeof GeoSprintHints>;

const int = z.int().check(z.nonnegative());
const Asked = z.object({ question: z.string(), options: z.array(z.string()) });
const Explained = z.object({ question: z.string(), options: z.array(z.string()), explanation: z.string() });

/** The question being asked: no answer, no explanation. */
export const GeoSprintQuestion = z.object({
  /** Its place in the round, 0-based: what an answer names as `question`. */
  index: int,
  category: z.enum(GEO_SPRINT_CATEGORIES),
  difficulty: z.enum(GEO_SPRINT_DIFFICULTIES),
  en: Asked,
  am: Asked,
  shownAt: z.string(),
  /** An answer must arrive before this instant. */
  deadline: z.string(),
  /** The options the 50/50 took away from this question (none unless it was used here). */
  removed: z.array(int),
  hint: z.nullable(GeoSprintHints),
});
export type GeoSprintQuestion = z.infer<typeof GeoSprintQuestion>;

export const GeoSprintPoints = z.object({ base: int, speed: int, streak: int, total: int });
export type GeoSprintPoints = z.infer<typeof GeoSprintPoints>;

/** A question answered or timed out: everything about it, its answer and explanation too. */
export const GeoSprintResult = z.object({
  index: int,
  id: z.string(),
  category: z.enum(GEO_SPRINT_CATEGORIES),
  difficulty: z.enum(GEO_SPRINT_DIFFICULTIES),
  en: Explained,
  am: Explained,
  /** Where a reader can check the fact. */
  source: z.string(),
  answer: int,
  /** The option chosen; null when the time ran out. */
  choice: z.nullable(int),
  correct: z.boolean(),
  points: GeoSprintPoints,
  /** Right answers in a row after this question. */
  streak: int,
  at: z.string(),
  removed: z.array(int),
  hint: z.nullable(GeoSprintHints),
});
export type GeoSprintResult = z.infer<typeof GeoSprintResult>;

/** One category's pool at the start: the numbers of its questions not yet seen (`unseen`, encoded), of `bankSize`. */
export const GeoSprintPool = z.object({ category: z.enum(GEO_SPRINT_CATEGORIES), bankSize: int, unseen: z.string() });
export type GeoSprintPool = z.infer<typeof GeoSprintPool>;

/**
 * What the fairness stream decided, shown once the game is over so the browser can draw it again: the categories in
 * round order, the pools the questions were drawn from, and for every question the options the 50/50 would take
 * away (drawn at the start whether or not it was used).
 */
export const GeoSprintDraw = z.object({
  plan: z.array(z.enum(GEO_SPRINT_CATEGORIES)),
  pools: z.array(GeoSprintPool),
  fiftyFifty: z.array(z.array(int)),
});
export type GeoSprintDraw = z.infer<typeof GeoSprintDraw>;

export const GeoSprintPlay = z.object({
  category: z.enum(GEO_SPRINT_CATEGORY_CHOICES),
  questionCount: int,
  secondsPerQuestion: int,
  /** Right answers needed to win the round. */
  rightToWin: int,
  /** The question in play, 0-based (questionCount once over): the progress the player sees is position + 1. */
  position: int,
  /** The question being asked, once shown; null while the last result is on screen and once the game is over. */
  current: z.nullable(GeoSprintQuestion),
  /** When the next question shows, while the last result is on screen; null otherwise. */
  nextAt: z.nullable(z.string()),
  /** The questions answered or timed out, in order: the last one is the result on screen. */
  results: z.array(GeoSprintResult),
  /** The lifelines still available this round. */
  lifelines: z.object({ fiftyFifty: z.boolean(), geoHint: z.boolean() }),
  score: int,
  right: int,
  streak: int,
  bestStreak: int,
  /** Once the game is over; null before. */
  draw: z.nullable(GeoSprintDraw),
});
export type GeoSprintPlay = z.infer<typeof GeoSprintPlay>;
