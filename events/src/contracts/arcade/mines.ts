import * as z from 'zod/mini';

/**
 * Mines as its player sees it: the `play` part of an ArcadeView (the engine's games/mines/view.ts builds it). No
 * mine is in it before the game is over: `minePositions` is null until then, and shows every mine after.
 * Multipliers and chances are plain numbers for display; the engine pays from exact fractions.
 */

/** The board's side (5 × 5 tiles, numbered 0–24 row by row) and the player's choice of mines: the engine's rules. */
export const MINES_GRID_SIDE = 5;
export const MINES_COUNT_MIN = 1;
export const MINES_COUNT_MAX = MINES_GRID_SIDE * MINES_GRID_SIDE - 1;
export const MINES_COUNT_DEFAULT = 3;

export const MINES_END_REASONS = ['mine_hit', 'cashed_out', 'board_cleared', 'idle_cashed_out', 'idle_lost'] as const;
export type MinesEndReason = (typeof MINES_END_REASONS)[number];

export const MinesNextTile = z.object({
  /** The chance that the next tile opened is safe (0–1). */
  safeChance: z.number(),
  /** The multiplier if it is. */
  multiplier: z.number(),
  /** The tokens a cash-out would pay then. */
  cashOutTokens: z.number(),
});
export type MinesNextTile = z.infer<typeof MinesNextTile>;

export const MinesPlay = z.object({
  gridSide: z.number(),
  tiles: z.number(),
  /** How many tiles are mines (the player's choice). */
  mines: z.number(),
  /** The safe tiles opened, in order. */
  revealed: z.array(z.number()),
  safeTilesLeft: z.number(),
  /** The multiplier of the open safe tiles; null before the first. */
  multiplier: z.nullable(z.number()),
  /** What cashing out now pays, in tokens (0 before the first safe tile). */
  cashOutTokens: z.number(),
  canCashOut: z.boolean(),
  /** The odds of the next tile; null once the game is over. */
  next: z.nullable(MinesNextTile),
  costTokens: z.number(),
  houseEdgePercent: z.number(),
  tokensMax: z.number(),
  /** How the game ended; null while it is played. */
  end: z.nullable(z.object({ reason: z.enum(MINES_END_REASONS), at: z.string() })),
  /** The mine that was hit, if one was. */
  hitTile: z.nullable(z.number()),
  /** Every mine, in the order the fair shuffle drew them: only once the game is over. */
  minePositions: z.nullable(z.array(z.number())),
});
export type MinesPlay = z.infer<typeof MinesPlay>;
