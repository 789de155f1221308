/** Sum Chaser's rules as given digits / when a command / then events or a named rejection (decisions: rules.ts). */
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { ratio, scoreFor } from '../chance/payout.ts';
import { FIXED_SEEDS, STARTED_AT, after } from '../chance/testing.ts';
import { deadlineOf, decide, resultOf, step } from './decider.ts';
import { ALL_DIGIT_SEQUENCES, SUM_CHASER_MAX_SCORE, allRightMultiplier, sumChaserModule, sumChaserMoveCommand } from './module.ts';
import { lineFor } from './odds.ts';
import { SUM_CHASER_IDLE_MS, SUM_CHASER_RULE_NUMBERS } from './rules.ts';
import { FIXED_DIGITS, PLAYER, accepted, cashOut, drawn, expire, predict, rigged, types } from './testing.ts';
import { viewFor } from './view.ts';
import { sumChaserTexts } from './texts.ts';
import { GAME_RULES } from '../../catalogue/games.ts';
import { rewardSentence } from '../../catalogue/sentences.ts';

const IDLE_DEADLINE = new Date(Date.parse(STARTED_AT) + SUM_CHASER_IDLE_MS).toISOString();
const RULES = SUM_CHASER_RULE_NUMBERS;

describe('the start', () => {
  it('draws three digits, int(10) each, in reveal order; the same for the same seeds', () => {
    const random = fairRandom(FIXED_SEEDS);
    expect(drawn().digits).toEqual([random.int(10), random.int(10), random.int(10)]);
    expect(drawn().digits).toEqual(FIXED_DIGITS);
    const others = Array.from({ length: 20 }, (_, n) => drawn({ ...FIXED_SEEDS, nonce: n }).digits);
    for (const digits of others) for (const digit of digits) expect(digit >= 0 && digit <= 9).toBe(true);
    expect(new Set(others.map((d) => d.join())).size).toBeGreaterThan(1);
  });

  it('takes no options, and opens with nothing won, the first line at 4.5 and the idle deadline in 30 minutes', () => {
    expect(sumChaserModule.parseOptions({ anything: 1 })).toEqual({});
    const state = drawn();
    expect(viewFor(state)).toMatchObject({ revealed: [], sum: 0, line: 4.5, multiplier: null, canCashOut: false, drawnDigits: null });
    expect(deadlineOf(state)).toBe(IDLE_DEADLINE);
    expect(resultOf(state)).toBeNull();
  });
});

describe('moves as commands', () => {
  it('turns predict and cash_out into commands, timed by the server', () => {
    expect(sumChaserMoveCommand({ type: 'predict', call: 'over' }, PLAYER, after(3))).toEqual(predict('over', after(3)));
    expect(sumChaserMoveCommand({ type: 'predict', call: 'under' }, PLAYER, after(3))).toEqual(predict('under', after(3)));
    expect(sumChaserMoveCommand({ type: 'cash_out' }, PLAYER, after(3))).toEqual(cashOut(after(3)));
  });

  it('answers a call other than over or under with invalid_prediction', () => {
    for (const call of ['sideways', 'OVER', 5, null])
      expect(sumChaserMoveCommand({ type: 'predict', call }, PLAYER, after(3))).toBe('invalid_prediction');
    expect(sumChaserMoveCommand({ type: 'predict' }, PLAYER, after(3))).toBe('invalid_prediction');
  });

  it("answers another game's move with move_not_for_this_game, and lists cash_out as its own too", () => {
    expect(sumChaserMoveCommand({ type: 'reveal', tile: 3 }, PLAYER, after(3))).toBe('move_not_for_this_game');
    expect(sumChaserModule.ownMoves).toEqual(['predict', 'cash_out']);
  });
});

describe('the line', () => {
  it('is 4.5, 9.5 and 13.5, moved within reach so at least one digit lands on each side', () => {
    expect(lineFor(RULES, 0, 0)).toBe(4.5);
    expect(lineFor(RULES, 1, 5)).toBe(9.5);
    // After a 0 the second line moves down to 8.5: "over" needs a 9, "under" is no longer sure.
    expect(lineFor(RULES, 1, 0)).toBe(8.5);
    expect(lineFor(RULES, 1, 9)).toBe(9.5);
    expect(lineFor(RULES, 2, 10)).toBe(13.5);
    expect(lineFor(RULES, 2, 0)).toBe(8.5);
    expect(lineFor(RULES, 2, 18)).toBe(18.5);
  });

  it("never makes the first call a sure win, as the prior system's 13.5 did: each side wins on 5 digits", () => {
    const { options } = viewFor(drawn());
    expect(options?.over).toMatchObject({ chance: 0.5, winningDigits: 5 });
    expect(options?.under).toMatchObject({ chance: 0.5, winningDigits: 5 });
    expect(options?.over.multiplier).toBeCloseTo(1.94, 12);
  });
});

describe('calling', () => {
  it('reveals the digit and multiplies by (1 − 3 %) / chance on a right first call', () => {
    const right = accepted(predict('over', after(5)), rigged([7, 1, 1]));
    expect(right.events).toEqual([
      { type: 'SumChaserDigitRevealed', data: { step: 0, call: 'over', line: 4.5, digit: 7, sum: 7, right: true, at: after(5) } },
    ]);
    expect(viewFor(right.state)).toMatchObject({ revealed: [7], sum: 7, line: 9.5, canCashOut: true, cashOutTokens: 5 });
    expect(viewFor(right.state).multiplier).toBeCloseTo(1.94, 12);
  });

  it('multiplies a later right call by 1 / its chance', () => {
    const first = accepted(predict('over', after(5)), rigged([7, 1, 1])).state;
    // Sum 7, line 9.5: "under" wins on 0, 1, 2 (3 digits of 10).
    expect(viewFor(first).options?.under.multiplier).toBeCloseTo((1.94 * 10) / 3, 12);
    const second = accepted(predict('under', after(6)), first).state;
    expect(viewFor(second).multiplier).toBeCloseTo((1.94 * 10) / 3, 12);
  });

  it('ends the game lost on a wrong call, paying nothing, and shows every digit', () => {
    const wrong = accepted(predict('under', after(5)), rigged([7, 1, 1]));
    expect(types(wrong)).toEqual(['SumChaserDigitRevealed']);
    expect(resultOf(wrong.state)).toEqual({ won: false, score: 0, tokens: 0, xp: 0, finishedAt: after(5) });
    expect(viewFor(wrong.state)).toMatchObject({ end: { reason: 'wrong_call' }, drawnDigits: [7, 1, 1], options: null, line: null });
  });

  it('cashes out on its own after the third right call', () => {
    let state = rigged([7, 1, 1]);
    state = accepted(predict('over', after(5)), state).state;
    state = accepted(predict('under', after(6)), state).state;
    const last = accepted(predict('under', after(7)), state);
    expect(types(last)).toEqual(['SumChaserDigitRevealed', 'SumChaserCashedOut']);
    expect(viewFor(last.state).end?.reason).toBe('all_right');
    expect(resultOf(last.state)?.won).toBe(true);
  });
});

describe('cashing out', () => {
  it('answers a cash-out before the first right call with nothing_to_cash_out, nothing changed', () => {
    const state = rigged([7, 1, 1]);
    expect(step(cashOut(after(5)), state)).toBe('nothing_to_cash_out');
    expect(decide(cashOut(after(5)), state)).toBe('nothing_to_cash_out');
    expect(state.calls).toEqual([]);
  });

  it('pays the 5-token stake back (the reward cap), 100 points per ×1 and XP by the score', () => {
    const first = accepted(predict('over', after(5)), rigged([7, 1, 1])).state;
    const cashed = accepted(cashOut(after(6)), first);
    expect(cashed.events).toEqual([{ type: 'SumChaserCashedOut', data: { reason: 'chosen', rightCalls: 1, at: after(6) } }]);
    expect(resultOf(cashed.state)).toEqual({ won: true, score: 194, tokens: 5, xp: 6, finishedAt: after(6) });
    expect(viewFor(cashed.state)).toMatchObject({ end: { reason: 'cashed_out' }, drawnDigits: [7, 1, 1] });
  });
});

describe('after the end', () => {
  it('answers every move and the expiry with game_over', () => {
    const over = accepted(predict('under', after(5)), rigged([7, 1, 1])).state;
    expect(step(predict('over', after(6)), over)).toBe('game_over');
    expect(step(cashOut(after(6)), over)).toBe('game_over');
    expect(step(expire(after(4000)), over)).toBe('game_over');
    expect(deadlineOf(over)).toBeNull();
  });

  it("answers another player's move with not_your_match", () => {
    expect(step(predict('over', after(5), 'someone-else'), rigged([7, 1, 1]))).toBe('not_your_match');
    expect(step(cashOut(after(5), 'someone-else'), rigged([7, 1, 1]))).toBe('not_your_match');
  });
});

describe('the idle expiry', () => {
  it('is 30 minutes after the last call, and an earlier expiry is deadline_not_reached', () => {
    const first = accepted(predict('over', after(600)), rigged([7, 1, 1])).state;
    expect(deadlineOf(first)).toBe(after(600 + SUM_CHASER_IDLE_MS / 1000));
    expect(step(expire(after(600 + SUM_CHASER_IDLE_MS / 1000 - 1)), first)).toBe('deadline_not_reached');
  });

  it('ends an idle game with nothing won as lost, and one after a right call as cashed out', () => {
    const lost = accepted(expire(IDLE_DEADLINE), rigged([7, 1, 1]));
    expect(types(lost)).toEqual(['SumChaserExpired']);
    expect(resultOf(lost.state)).toMatchObject({ won: false, tokens: 0 });
    expect(viewFor(lost.state).end?.reason).toBe('idle_lost');
    const first = accepted(predict('over', after(5)), rigged([7, 1, 1])).state;
    const cashed = accepted(expire(deadlineOf(first)!), first);
    expect(cashed.events).toMatchObject([{ type: 'SumChaserCashedOut', data: { reason: 'idle', rightCalls: 1 } }]);
    expect(resultOf(cashed.state)).toMatchObject({ won: true, tokens: 5, score: 194 });
  });

  it('does not play a call at or after the deadline: the game ends as the expiry ends it, the digit unrevealed', () => {
    const late = accepted(predict('over', IDLE_DEADLINE), rigged([7, 1, 1]));
    expect(types(late)).toEqual(['SumChaserExpired']);
    expect(late.state.calls).toEqual([]);
    const justInTime = new Date(Date.parse(IDLE_DEADLINE) - 1).toISOString();
    expect(types(accepted(predict('over', justInTime), rigged([7, 1, 1])))).toEqual(['SumChaserDigitRevealed']);
  });
});

describe('the view', () => {
  it('shows a digit only once revealed: games that differ in later digits look the same until then', () => {
    expect(viewFor(rigged([7, 1, 1]))).toEqual(viewFor(rigged([7, 8, 9])));
    const afterFirst = (digits: number[]) => viewFor(accepted(predict('over', after(5)), rigged(digits)).state);
    expect(afterFirst([7, 1, 1])).toEqual(afterFirst([7, 8, 9]));
    expect(afterFirst([7, 1, 1]).drawnDigits).toBeNull();
  });
});

describe('a whole game from the fixed seeds', () => {
  it('digits 0, 0, 6: three right "under" calls at 4.5, 8.5, 8.5 pay ×(0.97 · 2 · 10/9 · 10/9)', () => {
    let state = drawn();
    const lines: number[] = [];
    for (const [k] of FIXED_DIGITS.entries()) {
      lines.push(viewFor(state).line!);
      state = accepted(predict('under', after(10 * (k + 1))), state).state;
    }
    expect(lines).toEqual([4.5, 8.5, 8.5]);
    expect(viewFor(state).multiplier).toBeCloseTo(0.97 * 2 * (10 / 9) * (10 / 9), 12);
    expect(resultOf(state)).toEqual({ won: true, score: 240, tokens: 5, xp: 7, finishedAt: after(30) });
    expect(viewFor(state)).toMatchObject({ drawnDigits: FIXED_DIGITS, revealed: FIXED_DIGITS, sum: 6, end: { reason: 'all_right' } });
  });

  it('plays through the module as the engine does', () => {
    const events = sumChaserModule.start({
      matchId: 'sum-chaser.1',
      playerId: PLAYER,
      startedAt: STARTED_AT,
      options: {},
      random: fairRandom(FIXED_SEEDS),
      memory: null,
    });
    expect(events.map((e) => e.type)).toEqual([sumChaserModule.stream.startType]);
    let state = sumChaserModule.stream.fold(events);
    const command = sumChaserModule.moveCommand({ type: 'predict', call: 'over' }, PLAYER, after(3));
    if (typeof command === 'string') throw new Error(command);
    const stepped = sumChaserModule.step(command, state);
    if (typeof stepped === 'string') throw new Error(stepped);
    for (const event of [...events, ...stepped.events]) expect(sumChaserModule.stream.events.safeParse(event).success).toBe(true);
    state = stepped.events.reduce(sumChaserModule.stream.evolve, state);
    expect(state).toEqual(stepped.state);
    expect(sumChaserModule.resultOf(state)).toMatchObject({ won: false, tokens: 0 });
  });
});

describe('the best score', () => {
  it('is ×48.5 → 4850 points, e.g. digits 1, 9, 0: under 4.5 (½), over 9.5 on a 9 (1/10), under 13.5 (4/10)', () => {
    expect(allRightMultiplier([1, 9, 0])).toEqual(ratio(97, 2));
    expect(SUM_CHASER_MAX_SCORE).toBe(4850);
    expect(Math.max(...ALL_DIGIT_SEQUENCES.map((digits) => scoreFor(allRightMultiplier(digits))))).toBe(4850);
    expect(ALL_DIGIT_SEQUENCES).toHaveLength(1000);
    expect(sumChaserModule.leaderboard).toEqual({ category: 'prediction', maxScore: SUM_CHASER_MAX_SCORE });
  });
});

describe('the texts', () => {
  it('are generated from the rules, in both languages, ending with the price and the reward', () => {
    const texts = sumChaserTexts(GAME_RULES['sum-chaser']);
    for (const language of ['en', 'am'] as const) {
      const text = texts.instructions[language];
      for (const number of ['4.5', '9.5', '13.5', '3%', '97%', '30']) expect(text).toContain(number);
      expect(text.endsWith(rewardSentence[language])).toBe(true);
    }
    expect(texts.title).toEqual({ en: 'Sum Chaser', am: 'ድምር አሳዳጅ' });
  });
});
