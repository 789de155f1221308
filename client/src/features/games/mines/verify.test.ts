import { describe, expect, it } from 'vitest';
import type { MinesPlay } from '@qal/events/contracts';
import { mines } from './game.ts';
import verify, { drawMines } from './verify.ts';

/** The engine's fixed seeds (games/chance/testing.ts): its mines.test.ts draws the same board from them. */
const SEEDS = {
  serverSeed: '6f1d3c2b9a8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170605f4',
  clientSeed: 'qal-test',
  nonce: 7,
};
/** What the engine's start draws from SEEDS with 3 mines (FIXED_MINES_3 there). */
const ENGINE_MINES = [18, 15, 0];

/** The finished view of the engine's fixed-seed game: tiles 12, 6 and 24 opened, then a cash-out. */
const finished = (overrides: Partial<MinesPlay> = {}): MinesPlay => ({
  gridSide: 5,
  tiles: 25,
  mines: 3,
  revealed: [12, 6, 24],
  safeTilesLeft: 19,
  multiplier: 1.4487,
  cashOutTokens: 1,
  canCashOut: false,
  next: null,
  costTokens: 1,
  houseEdgePercent: 3,
  tokensMax: 5,
  end: { reason: 'cashed_out', at: '2026-03-01T09:00:40.000Z' },
  hitTile: null,
  minePositions: ENGINE_MINES,
  ...overrides,
});

describe('verifying a Mines game in the browser', () => {
  it('draws the same mines as the engine from the same seeds', async () => {
    expect(await drawMines(SEEDS, 3)).toEqual(ENGINE_MINES);
    expect((await drawMines(SEEDS, 24)).slice(0, 3)).toEqual(ENGINE_MINES);
  });

  it('confirms a game whose shown mines are the ones drawn', async () => {
    const result = await verify(SEEDS, { mines: 3 }, finished());
    expect(result).toEqual({
      matches: true,
      recomputed: '3 mines at tiles 0 (row 1, column 1), 15 (row 4, column 1), 18 (row 4, column 4)',
    });
    expect((await verify(SEEDS, {}, finished())).matches).toBe(true);
    const hit = finished({ revealed: [12], hitTile: 18, end: { reason: 'mine_hit', at: '2026-03-01T09:00:10.000Z' } });
    expect((await verify(SEEDS, { mines: 3 }, hit)).matches).toBe(true);
  });

  it('refuses other mines, a safe tile on a mine, a hit off the mines, another count, or a game not over', async () => {
    expect((await verify(SEEDS, { mines: 3 }, finished({ minePositions: [18, 15, 1] }))).matches).toBe(false);
    expect((await verify(SEEDS, { mines: 3 }, finished({ revealed: [12, 18] }))).matches).toBe(false);
    expect((await verify(SEEDS, { mines: 3 }, finished({ hitTile: 12 }))).matches).toBe(false);
    expect((await verify(SEEDS, { mines: 4 }, finished())).matches).toBe(false);
    expect((await verify(SEEDS, { mines: 3 }, finished({ minePositions: null }))).matches).toBe(false);
    expect(await verify(SEEDS, { mines: 30 }, finished())).toEqual({ matches: false, recomputed: 'unknown number of mines' });
    expect((await verify(SEEDS, { mines: 3 }, { nonsense: true })).matches).toBe(false);
  });

  it("is the verifier the game's manifest gives the /fairness page", async () => {
    expect((await mines.fairness!.load()).default).toBe(verify);
    expect(mines.namespaces).toEqual(['mines', 'arcade']);
  });
});
