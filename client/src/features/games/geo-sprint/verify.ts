import {
  GEO_SPRINT_CATEGORIES,
  GEO_SPRINT_CATEGORY_CHOICES,
  GEO_SPRINT_MIXED_PLAN,
  GEO_SPRINT_OPTIONS_PER_QUESTION,
  GEO_SPRINT_QUESTIONS_PER_ROUND,
  GeoSprintPlay,
  decodeGeoSprintPool,
  geoSprintQuestionId,
  type GeoSprintCategory,
  type GeoSprintCategoryChoice,
  type GeoSprintPool,
} from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds, type FairRandom } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Geo Sprint round. The browser has no question bank, and which questions a round
 * could draw depends on what the player had already seen, so the end view shows what the draw needs: the pools of
 * unseen question numbers at the start (`draw.pools`, with each category's bank size), and each question's id and
 * answer (`results`). From the revealed seeds this draws again, in the engine's order (its games/geo-sprint/deal.ts):
 *
 * 1. a mixed round only: the categories, `shuffle(GEO_SPRINT_MIXED_PLAN)`;
 * 2. per question: `int(pool size)`, the index of its number in its category's pool (ascending), which leaves the
 *    pool; a pool that runs dry fills again with the category's numbers not yet in this round;
 * 3. per question: `int(3)`, the wrong option the 50/50 leaves (it takes the other two).
 *
 * It matches when the plan, every question id and every 50/50 draw are the ones the round showed, and each result's
 * right or wrong follows from its answer. What it cannot check is that the pools were really the questions the
 * player had not seen: the player can, from their earlier rounds' ids.
 */
export default async function verify(
  seeds: FairnessSeeds,
  options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const shown = GeoSprintPlay.safeParse(play);
  if (!shown.success || shown.data.draw === null) return { matches: false, recomputed: 'the game is not over' };
  const p = shown.data;
  const draw = p.draw!;
  const category = categoryOf(options) ?? p.category;
  const answers = p.results.map((result) => result.answer);
  let round: RedrawnRound;
  try {
    round = await redrawRound(await createFairRandom(seeds), category, draw.pools, answers);
  } catch (error) {
    return { matches: false, recomputed: error instanceof Error ? error.message : String(error) };
  }
  const recomputed = describe(category, round);
  const matches =
    p.category === category &&
    p.results.length === GEO_SPRINT_QUESTIONS_PER_ROUND &&
    same(draw.plan, round.plan) &&
    same(
      p.results.map((result) => result.id),
      round.ids,
    ) &&
    draw.fiftyFifty.length === round.fiftyFifty.length &&
    round.fiftyFifty.every((removed, i) => same(draw.fiftyFifty[i]!, removed)) &&
    p.results.every(
      (result, i) =>
        result.correct === (result.choice === result.answer) && (result.removed.length === 0 || same(result.removed, round.fiftyFifty[i]!)),
    );
  return { matches, recomputed };
}

export interface RedrawnRound {
  readonly plan: GeoSprintCategory[];
  readonly ids: string[];
  readonly fiftyFifty: number[][];
}

/** The round's draws from `random`, given the pools at the start and each question's answer (round order). */
export async function redrawRound(
  random: FairRandom,
  category: GeoSprintCategoryChoice,
  pools: readonly GeoSprintPool[],
  answers: readonly number[],
): Promise<RedrawnRound> {
  const plan: GeoSprintCategory[] =
    category === 'mixed'
      ? await random.shuffle(GEO_SPRINT_MIXED_PLAN)
      : Array.from({ length: GEO_SPRINT_QUESTIONS_PER_ROUND }, () => category);
  const remaining = new Map<GeoSprintCategory, number[]>();
  const bankSizes = new Map<GeoSprintCategory, number>();
  for (const pool of pools) {
    remaining.set(pool.category, decodeGeoSprintPool(pool.unseen));
    bankSizes.set(pool.category, pool.bankSize);
  }
  const taken = new Map<GeoSprintCategory, number[]>(GEO_SPRINT_CATEGORIES.map((c) => [c, []]));
  const ids: string[] = [];
  for (const c of plan) {
    let pool = remaining.get(c);
    if (pool === undefined) throw new RangeError(`no ${c} pool`);
    if (pool.length === 0) {
      const size = bankSizes.get(c)!;
      pool = Array.from({ length: size }, (_, i) => i + 1).filter((n) => !taken.get(c)!.includes(n));
      remaining.set(c, pool);
    }
    if (pool.length === 0) throw new RangeError(`the ${c} pool is empty`);
    const [number] = pool.splice(await random.int(pool.length), 1);
    taken.get(c)!.push(number!);
    ids.push(geoSprintQuestionId(c, number!));
  }
  const fiftyFifty: number[][] = [];
  for (const answer of answers.slice(0, plan.length)) {
    const wrong = Array.from({ length: GEO_SPRINT_OPTIONS_PER_QUESTION }, (_, i) => i).filter((i) => i !== answer);
    const left = wrong[await random.int(wrong.length)];
    fiftyFifty.push(wrong.filter((i) => i !== left));
  }
  return { plan, ids, fiftyFifty };
}

/** The start's category as the engine reads it: mixed when absent; null for none of the choices (then the play's). */
function categoryOf(options: unknown): GeoSprintCategoryChoice | null {
  if (options === undefined || options === null || typeof options !== 'object' || Array.isArray(options)) return null;
  const category = (options as { category?: unknown }).category;
  if (category === undefined || category === null) return 'mixed';
  return (GEO_SPRINT_CATEGORY_CHOICES as readonly unknown[]).includes(category) ? (category as GeoSprintCategoryChoice) : null;
}

const same = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function describe(category: GeoSprintCategoryChoice, round: RedrawnRound): string {
  const fiftyFifty = round.fiftyFifty.map((removed) => removed.map((i) => i + 1).join('+'));
  return `${category}: ${round.ids.join(', ')}; 50/50 takes options ${fiftyFifty.join(', ')}`;
}
