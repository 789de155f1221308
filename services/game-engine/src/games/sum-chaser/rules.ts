/**
 * Every number Sum Chaser's rules depend on, and the decisions this module makes where the product rules leave room
 * or where an earlier system for the same players got them wrong (its first call always won; docs/product-rules.md,
 * "Sum Chaser"). SumChaserStarted copies
 * the numbers a game needs, so a later change never alters a game in progress.
 *
 * Decisions (each has a given/when/then test in sum-chaser.test.ts):
 *
 * 1. Chance. The only draws of the game, at its start: SUM_CHASER_DIGITS digits, `random.int(10)` each, on the
 *    match's fair stream, in the order they are revealed. Nothing is drawn later (all three are drawn even if the
 *    game ends early), so the browser's verifier redraws the same digits from the revealed seed. (The prior system
 *    returned its seed at the start, so the digits could be computed in advance.)
 * 2. The line. Before each reveal the player calls `over` or `under` the line for the running sum after that
 *    reveal. The line of step k is SUM_CHASER_LINES[k] (4.5, 9.5, 13.5: the medians of the sum of 1, 2 and 3 digits,
 *    at .5 so the sum never lands on it), moved into [sum + 0.5, sum + 8.5] when the sum so far puts it out of
 *    reach. So each call wins on at least 1 and at most 9 of the 10 digits: no call is ever sure to win or to lose.
 *    (The prior system's single line 13.5 made "under" a sure win on the first digit.)
 * 3. A call's chance is the number of digits that win it over 10, given the sum so far. A right call multiplies:
 *    the first by (1 − HOUSE_EDGE) / chance, every later one by 1 / chance (games/chance/payout.ts). So a call is
 *    worth, in expectation, what is on the table before it (the first: 97 % of the stake), whatever is called,
 *    and cashing out after any number of right calls returns 97 % of the stake on average.
 * 4. A wrong call ends the game lost (nothing paid). Cash out (`{type: 'cash_out'}`) after at least one right call
 *    (`nothing_to_cash_out` before); the third right call cashes out on its own.
 * 5. Pay (games/chance/payout.ts): tokens = min(5, floor(cost × multiplier)), score = round(100 × multiplier),
 *    XP = xpForScore(score). With the 5-token stake and the arcade's 5-token reward cap, a cash-out pays the stake
 *    back (every right call's multiplier is above ×1) and never more: what the multiplier adds beyond ×1 counts in the
 *    score and XP only. The board shows the tokens a cash-out pays beside the multiplier.
 * 6. Time. No time limit, only an idle expiry: SUM_CHASER_IDLE_MINUTES after the last accepted action (the start or
 *    a call) the game ends on its own, cashed out after a right call, otherwise lost. A move at or after that
 *    instant is not played: the game ends as the expiry would have ended it.
 * 7. Secrets. The view shows a digit only once it is revealed; once the game is over it shows all three.
 */
import { SUM_CHASER_DIGIT_MAX, SUM_CHASER_LINES } from '@qal/events';
import { CHANCE_IDLE_MINUTES, HOUSE_EDGE_PERCENT } from '../chance/payout.ts';

export const SUM_CHASER_COST_TOKENS = 5;
export const SUM_CHASER_DAILY_PLAY_LIMIT = 15;
/**
 * Digits are 0 to SUM_CHASER_DIGIT_MAX, equally likely; SUM_CHASER_LINES are each step's line before it is moved
 * within reach (decision 2). Both are in the view's contract too (the client's verifier checks every line by them).
 */
export { SUM_CHASER_DIGIT_MAX, SUM_CHASER_LINES } from '@qal/events';
export const SUM_CHASER_DIGITS = SUM_CHASER_LINES.length;
export const SUM_CHASER_DIGIT_VALUES = SUM_CHASER_DIGIT_MAX + 1;
export const SUM_CHASER_IDLE_MINUTES = CHANCE_IDLE_MINUTES;
export const SUM_CHASER_IDLE_MS = SUM_CHASER_IDLE_MINUTES * 60_000;
export const SUM_CHASER_CALLS = ['over', 'under'] as const;
export type SumChaserCall = (typeof SUM_CHASER_CALLS)[number];
export { HOUSE_EDGE_PERCENT };

/** The numbers a game is played with, copied into SumChaserStarted. */
export interface SumChaserRuleNumbers {
  readonly lines: readonly number[];
  readonly digitMax: number;
  readonly costTokens: number;
  readonly houseEdgePercent: number;
  readonly idleMs: number;
}

export const SUM_CHASER_RULE_NUMBERS: SumChaserRuleNumbers = {
  lines: SUM_CHASER_LINES,
  digitMax: SUM_CHASER_DIGIT_MAX,
  costTokens: SUM_CHASER_COST_TOKENS,
  houseEdgePercent: HOUSE_EDGE_PERCENT,
  idleMs: SUM_CHASER_IDLE_MS,
};
