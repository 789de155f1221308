/**
 * Mines' odds: the chance of the next tile being safe and the multiplier a run of safe tiles pays (rules.ts
 * decision 4), as exact fractions.
 */
import { multiplierAfter, ratio, type Ratio } from '../chance/payout.ts';

/** The chance that the next tile opened is safe, with `mines` mines among `tiles` and `opened` safe tiles open. */
export function safeChance(tiles: number, mines: number, opened: number): Ratio {
  return ratio(tiles - mines - opened, tiles - opened);
}

/** The chance of `opened` safe tiles in a row: C(tiles − mines, n) / C(tiles, n), as the product of each step's. */
export function runChances(tiles: number, mines: number, opened: number): Ratio[] {
  return Array.from({ length: opened }, (_, k) => safeChance(tiles, mines, k));
}

/** The multiplier after `opened` safe tiles: (1 − edge) / P(opened safe tiles in a row); null before the first. */
export function minesMultiplier(tiles: number, mines: number, opened: number, houseEdgePercent: number): Ratio | null {
  return multiplierAfter(runChances(tiles, mines, opened), houseEdgePercent);
}

/** C(n, k), exactly (the board's numbers stay far below 2^53). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}
