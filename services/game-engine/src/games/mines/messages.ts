/**
 * Mines' options, moves, commands, events and rejections. Every message is `{ type, data }`; the schemas parse them
 * at the edge (moves from the gateway, events read back from the store), and the types come from them.
 *
 * Times are ISO-8601 instants carried by the commands (the server's receive time, or the expiry's instant).
 * MinesStarted holds the mines, so a game's stream is server-only; the player sees viewFor() alone.
 */
import { z } from 'zod';
import { MINES_COUNT_DEFAULT, MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_TILES } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Tile = z
  .number()
  .int()
  .min(0)
  .max(MINES_TILES - 1);
const Count = z.number().int().nonnegative();

// Options and moves ----------------------------------------------------------------------------------------------

/** The start's options: how many of the 25 tiles are mines. */
export const MinesOptions = z.object({ mines: z.number().int().min(MINES_COUNT_MIN).max(MINES_COUNT_MAX).default(MINES_COUNT_DEFAULT) });
export type MinesOptions = z.infer<typeof MinesOptions>;

export const RevealMove = z.object({ type: z.literal('reveal'), tile: Tile });
export const MINES_MOVE_TYPES = ['reveal', 'cash_out'] as const;

// Commands -------------------------------------------------------------------------------------------------------

export const RevealTile = z.object({ type: z.literal('RevealTile'), data: z.object({ playerId: Id, tile: Tile, at: Instant }) });
export type RevealTile = z.infer<typeof RevealTile>;

export const CashOut = z.object({ type: z.literal('CashOut'), data: z.object({ playerId: Id, at: Instant }) });
export type CashOut = z.infer<typeof CashOut>;

/** Sent by the engine once deadlineOf(state) has passed: the idle game ends (rules.ts decision 7). */
export const ExpireMines = z.object({ type: z.literal('ExpireMines'), data: z.object({ at: Instant }) });
export type ExpireMines = z.infer<typeof ExpireMines>;

export const MinesCommand = z.discriminatedUnion('type', [RevealTile, CashOut, ExpireMines]);
export type MinesCommand = z.infer<typeof MinesCommand>;

// Events ---------------------------------------------------------------------------------------------------------

export const MinesRules = z.object({
  tiles: z.number().int().positive(),
  costTokens: Count,
  houseEdgePercent: z.number().int().min(0).max(99),
  idleMs: z.number().int().positive(),
});

/** The game's first event: the mines drawn from the fair stream (decision 2), secret until the end. */
export const MinesStarted = z.object({
  type: z.literal('MinesStarted'),
  data: z.object({
    matchId: Id,
    playerId: Id,
    startedAt: Instant,
    /** The mine tiles, in the order the shuffle put them. */
    mines: z.array(Tile).min(MINES_COUNT_MIN).max(MINES_COUNT_MAX),
    rules: MinesRules,
  }),
});
export type MinesStarted = z.infer<typeof MinesStarted>;

/** A safe tile opened. */
export const MinesTileRevealed = z.object({ type: z.literal('MinesTileRevealed'), data: z.object({ tile: Tile, at: Instant }) });
export type MinesTileRevealed = z.infer<typeof MinesTileRevealed>;

/** A mine opened: the game is lost. */
export const MinesMineHit = z.object({ type: z.literal('MinesMineHit'), data: z.object({ tile: Tile, at: Instant }) });
export type MinesMineHit = z.infer<typeof MinesMineHit>;

/** Why a game was cashed out: the player chose to, every safe tile was open, or it sat idle with something won. */
export const MINES_CASH_OUT_REASONS = ['chosen', 'board_cleared', 'idle'] as const;
export type MinesCashOutReason = (typeof MINES_CASH_OUT_REASONS)[number];

/** The game ends won at the multiplier of `safeTiles` open tiles. */
export const MinesCashedOut = z.object({
  type: z.literal('MinesCashedOut'),
  data: z.object({ reason: z.enum(MINES_CASH_OUT_REASONS), safeTiles: z.number().int().positive(), at: Instant }),
});
export type MinesCashedOut = z.infer<typeof MinesCashedOut>;

/** The game sat idle with nothing won: it ends lost. */
export const MinesExpired = z.object({ type: z.literal('MinesExpired'), data: z.object({ at: Instant }) });
export type MinesExpired = z.infer<typeof MinesExpired>;

export const MinesEvent = z.discriminatedUnion('type', [MinesStarted, MinesTileRevealed, MinesMineHit, MinesCashedOut, MinesExpired]);
export type MinesEvent = z.infer<typeof MinesEvent>;

// Rejections -----------------------------------------------------------------------------------------------------

export const MINES_REJECTIONS = [
  'game_over',
  'not_your_match',
  'move_not_for_this_game',
  'deadline_not_reached',
  /** The start's `mines` is not a whole number from 1 to 24. */
  'invalid_mine_count',
  /** A reveal without a whole tile number from 0 to 24. */
  'tile_out_of_range',
  'tile_already_revealed',
  /** A cash-out before the first safe tile. */
  'nothing_to_cash_out',
] as const;
export type MinesRejection = (typeof MINES_REJECTIONS)[number];
