/** Mines' rules as given a board / when a command / then events or a named rejection (decisions: rules.ts). */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { CHANCE_SCORE_MAX, HOUSE_EDGE_PERCENT } from '../chance/payout.ts';
import { FIXED_SEEDS, STARTED_AT, after } from '../chance/testing.ts';
import { deadlineOf, decide, resultOf, step } from './decider.ts';
import { MINES_MAX_SCORE, minesModule, minesMoveCommand, parseMinesOptions } from './module.ts';
import { MINES_COUNT_DEFAULT, MINES_IDLE_MS, MINES_TILES } from './rules.ts';
import { FIXED_MINES_3, PLAYER, accepted, cashOut, drawn, expire, reveal, rigged, types } from './testing.ts';
import { viewFor } from './view.ts';
import { minesTexts } from './texts.ts';
import { GAME_RULES } from '../../catalogue/games.ts';
import { rewardSentence } from '../../catalogue/sentences.ts';

const IDLE_DEADLINE = new Date(Date.parse(STARTED_AT) + MINES_IDLE_MS).toISOString();
/** A board with mines on the top row's first three tiles. */
const topRow = () => rigged([0, 1, 2]);

describe('the start', () => {
  it('draws the mines as the first m tiles of the fair shuffle of 0…24, the same for the same seeds', () => {
    const expected = fairRandom(FIXED_SEEDS)
      .shuffle(Array.from({ length: MINES_TILES }, (_, tile) => tile))
      .slice(0, 3);
    expect(drawn(3).mines).toEqual(expected);
    expect(drawn(3).mines).toEqual(FIXED_MINES_3);
    expect(drawn(24).mines.slice(0, 3)).toEqual(FIXED_MINES_3);
    expect(drawn(3, { ...FIXED_SEEDS, nonce: 8 }).mines).not.toEqual(FIXED_MINES_3);
  });

  it('puts m distinct mines on the board for every m from 1 to 24', () => {
    for (let mines = 1; mines <= 24; mines++) {
      const state = drawn(mines);
      expect(new Set(state.mines).size).toBe(mines);
      for (const tile of state.mines) expect(tile >= 0 && tile < MINES_TILES).toBe(true);
    }
  });

  it('takes 3 mines unless the player chooses 1 to 24; anything else is invalid_mine_count', () => {
    expect(parseMinesOptions({})).toEqual({ mines: MINES_COUNT_DEFAULT });
    expect(parseMinesOptions(undefined)).toEqual({ mines: 3 });
    expect(parseMinesOptions({ mines: 1 })).toEqual({ mines: 1 });
    expect(parseMinesOptions({ mines: 24 })).toEqual({ mines: 24 });
    for (const mines of [0, 25, 2.5, '3', null, -1]) expect(parseMinesOptions({ mines })).toBe('invalid_mine_count');
    expect(parseMinesOptions(7)).toBe('invalid_mine_count');
  });

  it('opens with nothing won and the idle deadline 30 minutes after the start', () => {
    const state = drawn();
    expect(state.revealed).toEqual([]);
    expect(resultOf(state)).toBeNull();
    expect(deadlineOf(state)).toBe(IDLE_DEADLINE);
  });
});

describe('moves as commands', () => {
  it('turns reveal and cash_out into commands, timed by the server', () => {
    expect(minesMoveCommand({ type: 'reveal', tile: 12 }, PLAYER, after(5))).toEqual(reveal(12, after(5)));
    expect(minesMoveCommand({ type: 'cash_out' }, PLAYER, after(5))).toEqual(cashOut(after(5)));
  });

  it('answers a reveal without a whole tile from 0 to 24 with tile_out_of_range', () => {
    for (const tile of [-1, 25, 1.5, '3', null])
      expect(minesMoveCommand({ type: 'reveal', tile }, PLAYER, after(5))).toBe('tile_out_of_range');
    expect(minesMoveCommand({ type: 'reveal' }, PLAYER, after(5))).toBe('tile_out_of_range');
  });

  it("answers another game's move with move_not_for_this_game", () => {
    expect(minesMoveCommand({ type: 'predict', call: 'over' }, PLAYER, after(5))).toBe('move_not_for_this_game');
    expect(minesMoveCommand({ type: 'guess', letter: 'a' }, PLAYER, after(5))).toBe('move_not_for_this_game');
  });

  it('lists its own move types, cash_out shared with Sum Chaser', () => {
    expect(minesModule.ownMoves).toEqual(['reveal', 'cash_out']);
  });
});

describe('revealing tiles', () => {
  it('opens a safe tile and raises the multiplier by the real odds: 97 % × 25/22 with 3 mines', () => {
    const first = accepted(reveal(12, after(5)), topRow());
    expect(types(first)).toEqual(['MinesTileRevealed']);
    expect(first.state.revealed).toEqual([12]);
    expect(viewFor(first.state).multiplier).toBeCloseTo((0.97 * 25) / 22, 12);
    const second = accepted(reveal(13, after(6)), first.state);
    expect(viewFor(second.state).multiplier).toBeCloseTo(((0.97 * 25) / 22) * (24 / 21), 12);
  });

  it('ends the game lost on a mine, paying nothing', () => {
    const opened = accepted(reveal(12, after(5)), topRow());
    const hit = accepted(reveal(1, after(6)), opened.state);
    expect(types(hit)).toEqual(['MinesMineHit']);
    expect(resultOf(hit.state)).toEqual({ won: false, score: 0, tokens: 0, xp: 0, finishedAt: after(6) });
    expect(viewFor(hit.state)).toMatchObject({ hitTile: 1, end: { reason: 'mine_hit' }, canCashOut: false, next: null });
  });

  it('answers a second reveal of a tile with tile_already_revealed, nothing changed', () => {
    const opened = accepted(reveal(12, after(5)), topRow());
    expect(step(reveal(12, after(6)), opened.state)).toBe('tile_already_revealed');
    expect(decide(reveal(12, after(6)), opened.state)).toBe('tile_already_revealed');
    expect(opened.state.revealed).toEqual([12]);
  });

  it('answers a tile off the board with tile_out_of_range', () => {
    expect(step(reveal(25, after(5)), topRow())).toBe('tile_out_of_range');
    expect(step(reveal(-1, after(5)), topRow())).toBe('tile_out_of_range');
  });

  it('cashes out on its own when the last safe tile opens', () => {
    const allButOne = rigged(Array.from({ length: 24 }, (_, tile) => tile));
    const cleared = accepted(reveal(24, after(5)), allButOne);
    expect(types(cleared)).toEqual(['MinesTileRevealed', 'MinesCashedOut']);
    // 24 mines: one safe tile in 25, so ×(0.97 × 25) = ×24.25, capped at 5 tokens.
    expect(resultOf(cleared.state)).toEqual({ won: true, score: 2425, tokens: 5, xp: 10, finishedAt: after(5) });
    expect(viewFor(cleared.state).end?.reason).toBe('board_cleared');
  });
});

describe('cashing out', () => {
  it('answers a cash-out before the first safe tile with nothing_to_cash_out, nothing changed', () => {
    const state = topRow();
    expect(step(cashOut(after(5)), state)).toBe('nothing_to_cash_out');
    expect(resultOf(state)).toBeNull();
  });

  it('pays floor(stake × multiplier) tokens, 100 points per ×1 and XP by the score', () => {
    let state = topRow();
    for (const [k, tile] of [5, 6].entries()) state = accepted(reveal(tile, after(5 + k)), state).state;
    const cashed = accepted(cashOut(after(9)), state);
    expect(types(cashed)).toEqual(['MinesCashedOut']);
    // ×0.97 × (25/22) × (24/21) = ×1.2597…
    expect(resultOf(cashed.state)).toEqual({ won: true, score: 126, tokens: 1, xp: 6, finishedAt: after(9) });
  });

  it('pays 2 tokens once the multiplier passes ×2 (6 safe tiles with 3 mines), as the board advertised', () => {
    let state = topRow();
    for (const [k, tile] of [5, 6, 7, 8, 9, 10].entries()) state = accepted(reveal(tile, after(5 + k)), state).state;
    const view = viewFor(state);
    expect(view.multiplier).toBeCloseTo(2.302, 3);
    expect(view.cashOutTokens).toBe(2);
    expect(resultOf(accepted(cashOut(after(20)), state).state)).toMatchObject({ tokens: 2, score: 230 });
  });

  it('counts the score up to ×1,000: clearing a 3-mine board (×2231) scores the cap', () => {
    let state = topRow();
    for (let tile = 3; tile < MINES_TILES; tile++) state = accepted(reveal(tile, after(tile)), state).state;
    expect(viewFor(state).multiplier).toBeCloseTo(0.97 * 2300, 9);
    expect(resultOf(state)).toMatchObject({ won: true, score: CHANCE_SCORE_MAX, tokens: 5, xp: 10 });
    expect(MINES_MAX_SCORE).toBe(CHANCE_SCORE_MAX);
  });
});

describe('after the end', () => {
  it('answers every move and the expiry with game_over', () => {
    const opened = accepted(reveal(12, after(5)), topRow());
    const over = accepted(cashOut(after(6)), opened.state).state;
    expect(step(reveal(13, after(7)), over)).toBe('game_over');
    expect(step(cashOut(after(7)), over)).toBe('game_over');
    expect(step(expire(after(4000)), over)).toBe('game_over');
    expect(deadlineOf(over)).toBeNull();
  });

  it("answers another player's move with not_your_match", () => {
    expect(step(reveal(12, after(5), 'someone-else'), topRow())).toBe('not_your_match');
    expect(step(cashOut(after(5), 'someone-else'), topRow())).toBe('not_your_match');
  });
});

describe('the idle expiry', () => {
  it('is 30 minutes after the last reveal', () => {
    const opened = accepted(reveal(12, after(600)), topRow()).state;
    expect(deadlineOf(opened)).toBe(after(600 + MINES_IDLE_MS / 1000));
  });

  it('answers an expiry before the deadline with deadline_not_reached', () => {
    expect(step(expire(after(MINES_IDLE_MS / 1000 - 1)), topRow())).toBe('deadline_not_reached');
  });

  it('ends an idle game with nothing won as lost', () => {
    const expired = accepted(expire(IDLE_DEADLINE), topRow());
    expect(types(expired)).toEqual(['MinesExpired']);
    expect(resultOf(expired.state)).toMatchObject({ won: false, tokens: 0, score: 0 });
    expect(viewFor(expired.state).end?.reason).toBe('idle_lost');
  });

  it('cashes out an idle game with a safe tile open', () => {
    const opened = accepted(reveal(12, after(5)), topRow()).state;
    const deadline = deadlineOf(opened)!;
    const expired = accepted(expire(deadline), opened);
    expect(expired.events).toEqual([{ type: 'MinesCashedOut', data: { reason: 'idle', safeTiles: 1, at: deadline } }]);
    expect(resultOf(expired.state)).toMatchObject({ won: true, score: 110, tokens: 1 });
    expect(viewFor(expired.state).end?.reason).toBe('idle_cashed_out');
  });

  it('does not play a move at or after the deadline: the game ends as the expiry ends it', () => {
    const late = accepted(reveal(12, IDLE_DEADLINE), topRow());
    expect(types(late)).toEqual(['MinesExpired']);
    expect(late.state.revealed).toEqual([]);
    const opened = accepted(reveal(12, after(5)), topRow()).state;
    const lateCashOut = accepted(reveal(1, deadlineOf(opened)!), opened);
    expect(lateCashOut.events).toMatchObject([{ type: 'MinesCashedOut', data: { reason: 'idle' } }]);
    expect(resultOf(lateCashOut.state)?.won).toBe(true);
  });

  it('plays a move a moment before the deadline', () => {
    const justInTime = new Date(Date.parse(IDLE_DEADLINE) - 1).toISOString();
    expect(types(accepted(reveal(12, justInTime), topRow()))).toEqual(['MinesTileRevealed']);
  });
});

describe('the view', () => {
  it('shows no mine before the end, and every mine after it', () => {
    const state = drawn(3);
    const playing = viewFor(state);
    expect(playing.minePositions).toBeNull();
    expect(playing.hitTile).toBeNull();
    // Two boards that differ only in their mines look the same until the end.
    expect(viewFor(rigged([0, 1, 2]))).toEqual(viewFor(rigged([20, 21, 22])));
    const openOn = (mines: number[]) => viewFor(accepted(reveal(12, after(5)), rigged(mines)).state);
    expect(openOn([0, 1, 2])).toEqual(openOn([20, 21, 22]));
    const hit = accepted(reveal(FIXED_MINES_3[0]!, after(5)), state).state;
    expect(viewFor(hit).minePositions).toEqual(FIXED_MINES_3);
  });

  it("shows the next tile's odds, the multiplier it would bring and what a cash-out pays now", () => {
    const fresh = viewFor(topRow());
    expect(fresh).toMatchObject({ multiplier: null, cashOutTokens: 0, canCashOut: false, safeTilesLeft: 22, mines: 3, gridSide: 5 });
    expect(fresh.next?.safeChance).toBeCloseTo(22 / 25, 12);
    expect(fresh.next?.multiplier).toBeCloseTo((0.97 * 25) / 22, 12);
    expect(fresh.houseEdgePercent).toBe(HOUSE_EDGE_PERCENT);
    const opened = viewFor(accepted(reveal(12, after(5)), topRow()).state);
    expect(opened).toMatchObject({ revealed: [12], cashOutTokens: 1, canCashOut: true, safeTilesLeft: 21 });
    expect(opened.next?.safeChance).toBeCloseTo(21 / 24, 12);
  });
});

describe('a whole game from the fixed seeds', () => {
  it('opens three safe tiles and cashes out at ×1.4487 (1 token, 145 points); the mines show at the end', () => {
    let state = drawn(3);
    for (const [k, tile] of [12, 6, 24].entries()) state = accepted(reveal(tile, after(10 * (k + 1))), state).state;
    const view = viewFor(state);
    expect(view.multiplier).toBeCloseTo(0.97 * (25 / 22) * (24 / 21) * (23 / 20), 12);
    expect(view.minePositions).toBeNull();
    const done = accepted(cashOut(after(40)), state).state;
    expect(resultOf(done)).toEqual({ won: true, score: 145, tokens: 1, xp: 6, finishedAt: after(40) });
    expect(viewFor(done)).toMatchObject({ minePositions: FIXED_MINES_3, end: { reason: 'cashed_out' }, canCashOut: false, next: null });
  });

  it('plays through the module as the engine does: options, start, moves, expiry, result', () => {
    const options = minesModule.parseOptions({ mines: 3 });
    if (typeof options === 'string') throw new Error(options);
    const events = minesModule.start({
      matchId: 'mines.1',
      playerId: PLAYER,
      startedAt: STARTED_AT,
      options,
      random: fairRandom(FIXED_SEEDS),
      memory: null,
    });
    expect(events.map((e) => e.type)).toEqual([minesModule.stream.startType]);
    for (const event of events) expect(minesModule.stream.events.safeParse(event).success).toBe(true);
    let state = minesModule.stream.fold(events);
    const command = minesModule.moveCommand({ type: 'reveal', tile: 18 }, PLAYER, after(3));
    if (typeof command === 'string') throw new Error(command);
    const stepped = minesModule.step(command, state);
    if (typeof stepped === 'string') throw new Error(stepped);
    for (const event of stepped.events) expect(minesModule.stream.events.safeParse(event).success).toBe(true);
    state = stepped.events.reduce(minesModule.stream.evolve, state);
    expect(state).toEqual(stepped.state);
    expect(minesModule.resultOf(state)).toMatchObject({ won: false, tokens: 0 });
    expect(minesModule.deadlineOf(state)).toBeNull();
    expect(minesModule.leaderboard).toEqual({ category: 'mines', maxScore: MINES_MAX_SCORE });
  });
});

describe('the texts', () => {
  it('are generated from the rules, in both languages, ending with the price and the reward', () => {
    const texts = minesTexts(GAME_RULES.mines);
    for (const language of ['en', 'am'] as const) {
      const text = texts.instructions[language];
      for (const number of ['5×5', '24', '3%', '97%', '30', '×1,000']) expect(text).toContain(number);
      expect(text.endsWith(rewardSentence[language])).toBe(true);
    }
    expect(texts.title).toEqual({ en: 'Mines', am: 'ፈንጂ' });
  });
});
