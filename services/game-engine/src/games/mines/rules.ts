/**
 * Every number Mines' rules depend on, and the decisions this module makes where the product rules leave room or
 * where an earlier system for the same players got them wrong (its multipliers ignored the real odds and it sent the
 * seed at the start; docs/product-rules.md, "Mines").
 * MinesStarted copies the numbers a game needs, so a later change never alters a game in progress.
 *
 * Decisions (each has a given/when/then test in mines.test.ts):
 *
 * 1. Board. 25 tiles numbered 0–24 row by row (tile = row × 5 + column). The player chooses how many are mines,
 *    MINES_COUNT_MIN to MINES_COUNT_MAX (option `mines`, default MINES_COUNT_DEFAULT).
 * 2. Chance. The only draw of the game, at its start: `random.shuffle([0, 1, …, 24])` on the match's fair stream
 *    (Fisher–Yates from the last index down: for i = 24 … 1, swap i with int(i + 1)); the first `mines` tiles of the
 *    shuffled list are the mines. Nothing is drawn later, so the browser's verifier redraws the same board from the
 *    revealed seed. (The prior system returned its seed at the start, so the bombs could be computed in advance.)
 * 3. Reveal. `{type: 'reveal', tile}` opens a hidden tile: a safe tile raises the multiplier, a mine ends the game
 *    lost (nothing paid). A tile already opened is `tile_already_revealed`, a tile outside 0–24 `tile_out_of_range`
 *    (nothing changes).
 * 4. Multiplier. After n safe tiles with m mines: (1 − HOUSE_EDGE) / P(n safe tiles in a row), where
 *    P = C(25 − m, n) / C(25, n) (games/chance/payout.ts). The edge (3 %) is taken once, so cashing out after any
 *    number of tiles returns 97 % of the stake in expectation, whatever the number of mines. (The prior system's
 *    1.2ⁿ ignored the real odds.)
 * 5. Cash out. `{type: 'cash_out'}` after at least one safe tile (`nothing_to_cash_out` before). Opening the last
 *    safe tile cashes out on its own.
 * 6. Pay (games/chance/payout.ts). tokens = min(5, floor(cost × multiplier)), i.e. with the 1-token stake the
 *    multiplier rounded down, at most 5: the board shows the tokens a cash-out pays now beside the multiplier, so
 *    what is advertised is what is paid as far as whole tokens allow. score = round(100 × multiplier), counted up
 *    to ×1,000; XP = xpForScore(score). Rounding down and the 5-token cap make the return in tokens lower than the
 *    multiplier's 97 % (e.g. ×1.10 after one tile with 3 mines pays 1 token); the multiplier is never exceeded.
 * 7. Time. No time limit, only an idle expiry: MINES_IDLE_MINUTES after the last accepted action (the start or a
 *    reveal) the game ends on its own, cashed out if at least one safe tile is open, otherwise lost. A move at or
 *    after that instant is not played: the game ends as the expiry would have ended it.
 * 8. Secrets. No view shows a mine before the game is over; once over the view shows every mine and the tile hit.
 */
import { MINES_GRID_SIDE } from '@qal/events';
import { CHANCE_IDLE_MINUTES, HOUSE_EDGE_PERCENT } from '../chance/payout.ts';

export const MINES_COST_TOKENS = 1;
export const MINES_DAILY_PLAY_LIMIT = 15;
/** The board and the choice of mines are in the view's contract too (the client's picker and verifier read them). */
export { MINES_COUNT_DEFAULT, MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_GRID_SIDE } from '@qal/events';
export const MINES_TILES = MINES_GRID_SIDE * MINES_GRID_SIDE;
export const MINES_IDLE_MINUTES = CHANCE_IDLE_MINUTES;
export const MINES_IDLE_MS = MINES_IDLE_MINUTES * 60_000;
export { HOUSE_EDGE_PERCENT };

/** The numbers a game is played with, copied into MinesStarted. */
export interface MinesRuleNumbers {
  readonly tiles: number;
  readonly costTokens: number;
  readonly houseEdgePercent: number;
  readonly idleMs: number;
}

export const MINES_RULE_NUMBERS: MinesRuleNumbers = {
  tiles: MINES_TILES,
  costTokens: MINES_COST_TOKENS,
  houseEdgePercent: HOUSE_EDGE_PERCENT,
  idleMs: MINES_IDLE_MS,
};
