import { MINES_COUNT_DEFAULT, MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_GRID_SIDE, MinesPlay } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Mines game: from the revealed seeds, draw the board again in the engine's order
 * (its games/mines/rules.ts, decision 2: one `shuffle` of the tiles 0…24, Fisher–Yates from the last index down; the
 * first `mines` tiles of the result are the mines), then compare it with the mines the game showed at its end, and
 * check that every tile the player opened safely is off the board's mines and the tile that ended it on one.
 */
export default async function verify(
  seeds: FairnessSeeds,
  options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const mines = minesOf(options);
  if (mines === null) return { matches: false, recomputed: 'unknown number of mines' };
  const board = await drawMines(seeds, mines);
  const recomputed = describe(board);
  const shown = MinesPlay.safeParse(play);
  if (!shown.success) return { matches: false, recomputed };
  const p = shown.data;
  const onBoard = new Set(board);
  const matches =
    p.mines === mines &&
    p.minePositions !== null &&
    p.minePositions.length === board.length &&
    p.minePositions.every((tile, i) => tile === board[i]) &&
    p.revealed.every((tile) => !onBoard.has(tile)) &&
    (p.hitTile === null || onBoard.has(p.hitTile));
  return { matches, recomputed };
}

const TILES = Array.from({ length: MINES_GRID_SIDE * MINES_GRID_SIDE }, (_, tile) => tile);

/** The mines of a game started with `mines` mines on these seeds, in the order the shuffle drew them. */
export async function drawMines(seeds: FairnessSeeds, mines: number): Promise<number[]> {
  const random = await createFairRandom(seeds);
  return (await random.shuffle(TILES)).slice(0, mines);
}

/** The start's options as the engine reads them: `mines`, 3 when absent; null for anything else. */
function minesOf(options: unknown): number | null {
  if (options === undefined || options === null) return MINES_COUNT_DEFAULT;
  if (typeof options !== 'object' || Array.isArray(options)) return null;
  const mines = (options as { mines?: unknown }).mines;
  if (mines === undefined) return MINES_COUNT_DEFAULT;
  return typeof mines === 'number' && Number.isInteger(mines) && mines >= MINES_COUNT_MIN && mines <= MINES_COUNT_MAX ? mines : null;
}

/** "mines at tiles 0 (row 1, column 1), …", in tile order. */
function describe(board: readonly number[]): string {
  const tiles = [...board].sort((a, b) => a - b);
  const where = tiles.map((tile) => `${tile} (row ${Math.floor(tile / MINES_GRID_SIDE) + 1}, column ${(tile % MINES_GRID_SIDE) + 1})`);
  return `${board.length} mines at tiles ${where.join(', ')}`;
}
