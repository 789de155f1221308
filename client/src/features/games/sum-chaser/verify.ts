import { SUM_CHASER_DIGIT_MAX, SUM_CHASER_LINES, SumChaserPlay, type SumChaserCallName } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Sum Chaser game: from the revealed seeds, draw the digits again in the engine's
 * order (its games/sum-chaser/rules.ts, decision 1: `int(10)` per digit, in reveal order, all drawn at the start),
 * then compare them with the digits the game showed at its end, and check every call: its digit and running sum, its
 * line (the step's line moved within reach of the sum so far, decision 2) and whether it was right.
 */
export default async function verify(
  seeds: FairnessSeeds,
  _options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const digits = await drawDigits(seeds);
  const recomputed = `digits ${digits.join(', ')} (sums ${runningSums(digits).join(', ')})`;
  const shown = SumChaserPlay.safeParse(play);
  if (!shown.success) return { matches: false, recomputed };
  const p = shown.data;
  let sum = 0;
  const callsMatch = p.calls.every((made, k) => {
    const line = lineFor(k, sum);
    sum += digits[k] ?? Number.NaN;
    return made.digit === digits[k] && made.sum === sum && made.line === line && made.right === isRight(made.call, line, sum);
  });
  const matches =
    callsMatch &&
    p.drawnDigits !== null &&
    p.drawnDigits.length === digits.length &&
    p.drawnDigits.every((digit, k) => digit === digits[k]) &&
    p.revealed.every((digit, k) => digit === digits[k]);
  return { matches, recomputed };
}

/** The digits of a game on these seeds, in reveal order. */
export async function drawDigits(seeds: FairnessSeeds): Promise<number[]> {
  const random = await createFairRandom(seeds);
  const digits: number[] = [];
  for (const _line of SUM_CHASER_LINES) digits.push(await random.int(SUM_CHASER_DIGIT_MAX + 1));
  return digits;
}

/** Step `k`'s line with `sum` so far: the step's line, moved into [sum + 0.5, sum + 8.5]. */
export function lineFor(k: number, sum: number): number {
  const line = SUM_CHASER_LINES[k] ?? Number.NaN;
  return Math.min(Math.max(line, sum + 0.5), sum + SUM_CHASER_DIGIT_MAX - 0.5);
}

const isRight = (call: SumChaserCallName, line: number, sum: number): boolean => (call === 'over' ? sum > line : sum < line);

function runningSums(digits: readonly number[]): number[] {
  let sum = 0;
  return digits.map((digit) => (sum += digit));
}
