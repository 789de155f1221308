/**
 * Sum Chaser's odds as properties: over every step and every reachable sum, and over seeded random strategies played
 * through the decider on every one of the 1,000 draws (seeded by the fair stream itself: no Math.random, no clock).
 */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { HOUSE_EDGE, HOUSE_EDGE_PERCENT, returnShare, times, valueOf, type Ratio } from '../chance/payout.ts';
import { after, loopSeeds } from '../chance/testing.ts';
import { isOver, multiplierOf, resultOf, step, sumOf, type SumChaserState } from './decider.ts';
import { ALL_DIGIT_SEQUENCES } from './module.ts';
import { callChance, isRight, lineFor, multiplierIfRight, winningDigits } from './odds.ts';
import { SUM_CHASER_CALLS, SUM_CHASER_DIGIT_MAX, SUM_CHASER_DIGITS, SUM_CHASER_RULE_NUMBERS, type SumChaserCall } from './rules.ts';
import { cashOut, predict, rigged } from './testing.ts';
import { viewFor } from './view.ts';

const RULES = SUM_CHASER_RULE_NUMBERS;
const TOLERANCE = 1e-12;

/** Every game state reachable with every call right so far: each prefix of every draw, played right. */
function reachableStates(): SumChaserState[] {
  const states = new Map<string, SumChaserState>();
  for (const digits of ALL_DIGIT_SEQUENCES) {
    let state = rigged(digits);
    for (let k = 0; k < SUM_CHASER_DIGITS && !isOver(state); k++) {
      states.set(digits.slice(0, k).join(), state);
      const line = lineFor(RULES, k, sumOf(state));
      const right: SumChaserCall = isRight('over', line, sumOf(state) + digits[k]!) ? 'over' : 'under';
      const stepped = step(predict(right, after(k + 1)), state);
      if (typeof stepped === 'string') throw new Error(stepped);
      state = stepped.state;
    }
  }
  return [...states.values()];
}

describe('no call is ever sure', () => {
  it('for every step and every reachable sum, each call wins on 1 to 9 of the 10 digits, and exactly one wins', () => {
    for (let k = 0; k < SUM_CHASER_DIGITS; k++) {
      for (let sum = 0; sum <= SUM_CHASER_DIGIT_MAX * k; sum++) {
        const line = lineFor(RULES, k, sum);
        expect(line % 1).toBe(0.5);
        const over = winningDigits(RULES, 'over', line, sum);
        const under = winningDigits(RULES, 'under', line, sum);
        expect(over).toBeGreaterThanOrEqual(1);
        expect(under).toBeGreaterThanOrEqual(1);
        expect(over + under).toBe(SUM_CHASER_DIGIT_MAX + 1);
      }
    }
  });
});

describe('every call is worth what is on the table', () => {
  it('for every reachable sum and step, both calls are worth (1 − edge) × the current multiplier (× the stake first)', () => {
    const states = reachableStates();
    // 1 start + 10 sums after one digit + every (first digit, second digit) pair played right.
    expect(states).toHaveLength(1 + 10 + 100);
    for (const state of states) {
      const current = multiplierOf(state);
      const sum = sumOf(state);
      const line = lineFor(RULES, state.calls.length, sum);
      // Before the first call the table holds the stake at ×1, and the edge is taken; after it, calls are fair.
      const worth: Ratio = current ?? returnShare(HOUSE_EDGE_PERCENT);
      for (const call of SUM_CHASER_CALLS) {
        const chance = callChance(RULES, call, line, sum);
        expect(times(chance, multiplierIfRight(RULES, current, call, line, sum))).toEqual(worth);
        const option = viewFor(state).options![call];
        expect(Math.abs(option.chance * option.multiplier - valueOf(worth))).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('under any strategy the game returns exactly (1 − edge): seeded random strategies, over all 1,000 draws', () => {
    for (let strategy = 0; strategy < 24; strategy++) {
      const random = fairRandom(loopSeeds(strategy));
      // The strategy sees only what the player sees: its choice for a history of revealed digits is drawn once.
      const choices = new Map<string, SumChaserCall | 'cash_out'>();
      const choose = (state: SumChaserState): SumChaserCall | 'cash_out' => {
        const key = state.calls.map((c) => c.digit).join();
        let choice = choices.get(key);
        if (choice === undefined) {
          const options = state.calls.length > 0 ? (['over', 'under', 'cash_out'] as const) : SUM_CHASER_CALLS;
          choice = options[random.int(options.length)]!;
          choices.set(key, choice);
        }
        return choice;
      };
      // Sum of the multipliers won over the draws, as an exact fraction in BigInt.
      let numerator = 0n;
      let denominator = 1n;
      for (const digits of ALL_DIGIT_SEQUENCES) {
        let state = rigged(digits);
        for (let at = 1; !isOver(state); at++) {
          const choice = choose(state);
          const stepped = step(choice === 'cash_out' ? cashOut(after(at)) : predict(choice, after(at)), state);
          if (typeof stepped === 'string') throw new Error(stepped);
          state = stepped.state;
        }
        const won = resultOf(state)!.won ? multiplierOf(state) : null;
        if (won === null) continue;
        numerator = numerator * BigInt(won.denominator) + BigInt(won.numerator) * denominator;
        denominator *= BigInt(won.denominator);
      }
      // The average over the equally likely draws: numerator / (denominator × 1000) = 97 / 100.
      expect(numerator * 100n).toBe(BigInt(100 - HOUSE_EDGE_PERCENT) * denominator * BigInt(ALL_DIGIT_SEQUENCES.length));
    }
    expect(HOUSE_EDGE).toBe(0.03);
  });
});
