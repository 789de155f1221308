/**
 * The deal: every chance of a round, drawn at its start from the match's fairness stream in this fixed order, so the
 * browser's verifier (client/src/features/games/geo-sprint/verify.ts) draws the same round again from the revealed
 * seed and the pools the end view shows:
 *
 * 1. A mixed round only: its categories, `shuffle(GEO_SPRINT_MIXED_PLAN)`. A single-category round asks ten of it.
 * 2. For each question in round order: its category's pool is the numbers of that category's unseen questions
 *    (memory.ts), ascending. One `int(pool size)` picks the index of the question's number in the pool, which leaves
 *    the pool. A pool that runs dry mid-round fills again with every number of its category not yet in this round.
 * 3. For each question in round order: one `int(3)` picks the wrong option the 50/50 would leave; it would take
 *    away the other two (ascending). Drawn for every question, used or not, so the order never depends on play.
 */
import {
  GEO_SPRINT_CATEGORIES,
  GEO_SPRINT_MIXED_PLAN,
  GEO_SPRINT_OPTIONS_PER_QUESTION,
  GEO_SPRINT_QUESTIONS_PER_ROUND,
  encodeGeoSprintPool,
  type GeoSprintCategory,
  type GeoSprintCategoryChoice,
  type GeoSprintPool,
} from '@qal/events';
import type { FairRandom } from '../../fairness/fairness.ts';
import { GEO_SPRINT_BANK, questionAt, type Question, type QuestionBank } from './bank.ts';
import { numbersUpTo, unseenNumbers, type GeoSprintMemory } from './memory.ts';

export interface DealtRound {
  /** Each question's category, in round order. */
  readonly plan: readonly GeoSprintCategory[];
  /** The pools of the categories in play as they were at the start (in GEO_SPRINT_CATEGORIES order). */
  readonly pools: readonly GeoSprintPool[];
  readonly questions: readonly Question[];
  /** Per question, the two options the 50/50 takes away, ascending. */
  readonly fiftyFifty: readonly (readonly number[])[];
}

export function dealRound(
  random: FairRandom,
  choice: GeoSprintCategoryChoice,
  memory: GeoSprintMemory,
  bank: QuestionBank = GEO_SPRINT_BANK,
  count: number = GEO_SPRINT_QUESTIONS_PER_ROUND,
): DealtRound {
  const plan: GeoSprintCategory[] =
    choice === 'mixed' ? random.shuffle(GEO_SPRINT_MIXED_PLAN) : Array.from({ length: count }, () => choice);
  const inPlay = GEO_SPRINT_CATEGORIES.filter((category) => plan.includes(category));
  const remaining = new Map(inPlay.map((category) => [category, unseenNumbers(memory, category, bank)]));
  const pools = inPlay.map((category) => ({
    category,
    bankSize: bank.questions[category].length,
    unseen: encodeGeoSprintPool(remaining.get(category)!),
  }));

  const dealt = new Map<GeoSprintCategory, number[]>(inPlay.map((category) => [category, []]));
  const questions = plan.map((category) => {
    const taken = dealt.get(category)!;
    let pool = remaining.get(category)!;
    if (pool.length === 0) {
      pool = numbersUpTo(bank.questions[category].length).filter((number) => !taken.includes(number));
      remaining.set(category, pool);
    }
    const [number] = pool.splice(random.int(pool.length), 1);
    taken.push(number!);
    return questionAt(bank, category, number!);
  });

  const fiftyFifty = questions.map((question) => {
    const wrong = optionIndices().filter((index) => index !== question.answer);
    const left = wrong[random.int(wrong.length)];
    return wrong.filter((index) => index !== left);
  });
  return { plan, pools, questions, fiftyFifty };
}

const optionIndices = (): number[] => Array.from({ length: GEO_SPRINT_OPTIONS_PER_QUESTION }, (_, i) => i);
