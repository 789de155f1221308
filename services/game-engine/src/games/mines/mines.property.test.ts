/**
 * Mines' odds and payout as properties, over every number of mines and every run length, and over seeded loops of
 * random games played through the decider (seeded by the fair stream itself: no Math.random, no clock).
 */
import { describe, expect, it } from 'vitest';
import { fairRandom, type FairRandom } from '../../fairness/fairness.ts';
import { HOUSE_EDGE, HOUSE_EDGE_PERCENT, SCORE_MULTIPLIER_MAX, ratio, returnShare, times, valueOf, type Ratio } from '../chance/payout.ts';
import { loopSeeds, after } from '../chance/testing.ts';
import { binomial, minesMultiplier, runChances, safeChance } from './board.ts';
import { isOver, multiplierOf, resultOf, step, type MinesState } from './decider.ts';
import { MINES_COST_TOKENS, MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_TILES } from './rules.ts';
import { cashOut, drawn, reveal, rigged } from './testing.ts';
import { viewFor } from './view.ts';

const TOLERANCE = 1e-12;
const product = (chances: readonly Ratio[]): Ratio => chances.reduce(times, ratio(1, 1));
const MINE_COUNTS = Array.from({ length: MINES_COUNT_MAX - MINES_COUNT_MIN + 1 }, (_, k) => MINES_COUNT_MIN + k);

describe('the multiplier follows the real odds', () => {
  it('for every m in 1…24 and every n, the chance of n safe tiles in a row is C(25 − m, n) / C(25, n)', () => {
    for (const m of MINE_COUNTS) {
      for (let n = 0; n <= MINES_TILES - m; n++) {
        expect(product(runChances(MINES_TILES, m, n))).toEqual(ratio(binomial(MINES_TILES - m, n), binomial(MINES_TILES, n)));
      }
    }
  });

  it('for every m and every n ≥ 1, stopping after n safe tiles is worth exactly (1 − edge) of the stake', () => {
    for (const m of MINE_COUNTS) {
      for (let n = 1; n <= MINES_TILES - m; n++) {
        const chance = product(runChances(MINES_TILES, m, n));
        const multiplier = minesMultiplier(MINES_TILES, m, n, HOUSE_EDGE_PERCENT)!;
        expect(times(chance, multiplier)).toEqual(returnShare(HOUSE_EDGE_PERCENT));
        expect(Math.abs(valueOf(chance) * valueOf(multiplier) - (1 - HOUSE_EDGE))).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('is worth (1 − edge) under any stopping rule: seeded random rules, valued exactly over the tree', () => {
    for (let game = 0; game < 200; game++) {
      const random = fairRandom(loopSeeds(game));
      const m = MINES_COUNT_MIN + random.int(MINES_COUNT_MAX);
      const safe = MINES_TILES - m;
      // stops[n]: cash out with n safe tiles open (never at 0, always once the board is cleared).
      const stops = Array.from({ length: safe + 1 }, (_, n) => n > 0 && (n === safe || random.int(3) === 0));
      let value: Ratio = ratio(0, 1);
      for (let n = safe; n >= 0; n--) {
        value = stops[n] ? minesMultiplier(MINES_TILES, m, n, HOUSE_EDGE_PERCENT)! : times(safeChance(MINES_TILES, m, n), value);
      }
      expect(value).toEqual(returnShare(HOUSE_EDGE_PERCENT));
    }
  });
});

/** Plays a random game: random tiles (some repeated), a random stop. Checks every step on the way. */
function playRandomly(random: FairRandom, state: MinesState): MinesState {
  let at = 1;
  const stopAfter = 1 + random.int(MINES_TILES);
  while (!isOver(state)) {
    at += 1;
    const view = viewFor(state);
    expect(view.minePositions).toBeNull();
    if (state.revealed.length >= stopAfter && view.canCashOut) {
      const cashed = step(cashOut(after(at)), state);
      if (typeof cashed === 'string') throw new Error(cashed);
      return cashed.state;
    }
    const tile = random.int(MINES_TILES);
    const stepped = step(reveal(tile, after(at)), state);
    if (state.revealed.includes(tile)) {
      expect(stepped).toBe('tile_already_revealed');
      continue;
    }
    if (typeof stepped === 'string') throw new Error(stepped);
    state = stepped.state;
  }
  return state;
}

describe('seeded random games through the decider', () => {
  it('never shows a mine before the end, and pays what the board advertised', () => {
    for (let game = 0; game < 300; game++) {
      const random = fairRandom(loopSeeds(game));
      const m = MINES_COUNT_MIN + random.int(MINES_COUNT_MAX);
      const start = drawn(m, loopSeeds(game));
      const state = playRandomly(fairRandom({ ...loopSeeds(game), clientSeed: 'moves' }), start);
      expect(isOver(state)).toBe(true);
      const result = resultOf(state)!;
      const multiplier = multiplierOf(state);
      const view = viewFor(state);
      expect(view.minePositions).toEqual(start.mines);
      if (!result.won) {
        expect(result).toMatchObject({ score: 0, tokens: 0, xp: 0 });
        continue;
      }
      const worth = MINES_COST_TOKENS * valueOf(multiplier!);
      expect(result.tokens).toBeLessThanOrEqual(Math.min(5, worth));
      expect(result.tokens).toBeGreaterThan(Math.min(5, worth) - 1);
      // Rounded half up from the exact fraction (a float reference can land on either side of an exact .5).
      expect(Math.abs(result.score - 100 * Math.min(valueOf(multiplier!), SCORE_MULTIPLIER_MAX))).toBeLessThanOrEqual(0.5 + TOLERANCE);
      expect(view.cashOutTokens).toBe(result.tokens);
    }
  });

  it('shows the same view for any two boards until the end (the view depends on the open tiles alone)', () => {
    for (let game = 0; game < 100; game++) {
      const random = fairRandom(loopSeeds(game));
      const m = MINES_COUNT_MIN + random.int(6);
      const mines = random.shuffle(Array.from({ length: MINES_TILES }, (_, tile) => tile)).slice(0, m);
      const other = random.shuffle(Array.from({ length: MINES_TILES }, (_, tile) => tile)).slice(0, m);
      let a = rigged(mines);
      let b = rigged(other);
      for (let tile = 0, at = 2; tile < MINES_TILES && !isOver(a) && !isOver(b); tile++, at++) {
        if (mines.includes(tile) || other.includes(tile)) continue;
        expect(viewFor(a)).toEqual(viewFor(b));
        const sa = step(reveal(tile, after(at)), a);
        const sb = step(reveal(tile, after(at)), b);
        if (typeof sa === 'string' || typeof sb === 'string') throw new Error('rejected');
        a = sa.state;
        b = sb.state;
      }
    }
  });
});
