/** The room economy's settlement math, given a pot / when the match is settled / then the rake and payouts. */
import { describe, expect, it } from 'vitest';
import { ROOM_RAKE_PERCENT_OF_BETS, ROOM_RAKE_PERCENT_OF_FEES } from '../config.ts';
import { potOf, prizeOf, rakeOf, ROOM_RAKE, settleMatch, type PotParts } from './settlement.ts';

/** A pot of `players` entry fees of `fee`, their stakes of `stake`, and forfeited penalties. */
const pot = (players: number, fee: number, stake = 0, penalties = 0): PotParts => ({
  fees: players * fee,
  stakes: players * stake,
  penalties,
});

describe('the rule as configured', () => {
  it('rakes 10 % of the entry fees and 0 % of the bets', () => {
    expect(ROOM_RAKE_PERCENT_OF_FEES).toBe(10);
    expect(ROOM_RAKE_PERCENT_OF_BETS).toBe(0);
    expect(ROOM_RAKE).toEqual({ feesPercent: 10, betsPercent: 0 });
  });
});

describe('settling a room match', () => {
  it('no bet: the winner takes the entry fees less the rake; the house takes the rake', () => {
    // given two players who paid 10 each, no bet
    const parts = pot(2, 10);
    // when ann wins
    const settled = settleMatch(parts, ['ann']);
    // then the house gets 10 % of 20 and ann the rest
    expect(settled).toEqual({ pot: 20, rake: 2, prize: 18, payouts: [{ userId: 'ann', amount: 18 }] });
  });

  it('with a bet: the stakes join the pot unraked', () => {
    // given three players, fee 10, stake 20
    const parts = pot(3, 10, 20);
    // when bob wins
    const settled = settleMatch(parts, ['bob']);
    // then the rake is 10 % of the 30 in fees, nothing of the 60 in stakes
    expect(settled).toEqual({ pot: 90, rake: 3, prize: 87, payouts: [{ userId: 'bob', amount: 87 }] });
  });

  it('a tie of two splits the prize evenly', () => {
    // given two players, fee 20, stake 10 (pot 60, rake 4)
    const settled = settleMatch(pot(2, 20, 10), ['ann', 'bob']);
    // then 56 in two shares of 28
    expect(settled).toEqual({
      pot: 60,
      rake: 4,
      prize: 56,
      payouts: [
        { userId: 'ann', amount: 28 },
        { userId: 'bob', amount: 28 },
      ],
    });
  });

  it('a tie of three splits the prize evenly', () => {
    // given three players, fee 10, stake 5 (pot 45, rake 3): a prize of 42
    const settled = settleMatch(pot(3, 10, 5), ['cat', 'ann', 'bob']);
    expect(settled.rake).toBe(3);
    expect(settled.payouts).toEqual([
      { userId: 'cat', amount: 14 },
      { userId: 'ann', amount: 14 },
      { userId: 'bob', amount: 14 },
    ]);
  });

  it('an uneven split: the remainder goes to the first finisher (first in the winners list)', () => {
    // given three players, fee 9, stake 5 (pot 42, rake floor(2.7) = 2): a prize of 40 among 3
    const settled = settleMatch(pot(3, 9, 5), ['bob', 'ann', 'cat']);
    // then 13 each and the odd token to bob, who finished first
    expect(settled).toEqual({
      pot: 42,
      rake: 2,
      prize: 40,
      payouts: [
        { userId: 'bob', amount: 14 },
        { userId: 'ann', amount: 13 },
        { userId: 'cat', amount: 13 },
      ],
    });
    expect(settled.payouts.reduce((a, p) => a + p.amount, 0) + settled.rake).toBe(settled.pot);
  });

  it('a leaver: their fee and stake stay in the pot and their penalty joins it, unraked', () => {
    // given three players, fee 10, stake 20, penalty 5; cat left (her penalty posted)
    const parts = pot(3, 10, 20, 5);
    // when ann wins among those who stayed
    const settled = settleMatch(parts, ['ann']);
    // then ann takes everything but 10 % of the fees: cat's fee, stake and penalty included
    expect(settled).toEqual({ pot: 95, rake: 3, prize: 92, payouts: [{ userId: 'ann', amount: 92 }] });
  });

  it('nobody left to win (everyone forfeited): the whole pot is the house’s', () => {
    expect(settleMatch(pot(2, 10, 10, 10), [])).toEqual({ pot: 50, rake: 50, prize: 0, payouts: [] });
  });

  it('an empty pot pays nothing', () => {
    expect(settleMatch(pot(0, 10), ['ann'])).toEqual({ pot: 0, rake: 0, prize: 0, payouts: [] });
  });

  it('a winner listed twice gets one share', () => {
    expect(settleMatch(pot(2, 10), ['ann', 'ann']).payouts).toEqual([{ userId: 'ann', amount: 18 }]);
  });

  it('a prize smaller than the number of winners pays only the shares that are whole tokens', () => {
    // given a rate that leaves 1 token for 2 winners
    expect(settleMatch({ fees: 2, stakes: 0, penalties: 0 }, ['ann', 'bob'], { feesPercent: 50, betsPercent: 0 }).payouts).toEqual([
      { userId: 'ann', amount: 1 },
    ]);
  });
});

describe('the rake', () => {
  it('is rounded down, once, to whole tokens', () => {
    // 10 % of 2 × 9 = 1.8 → 1; of 2 × 15 = 3; of 3 × 15 = 4.5 → 4; of 8 × 9 = 7.2 → 7
    expect(rakeOf(pot(2, 9))).toBe(1);
    expect(rakeOf(pot(2, 15))).toBe(3);
    expect(rakeOf(pot(3, 15))).toBe(4);
    expect(rakeOf(pot(8, 9))).toBe(7);
    // below 10 tokens of fees, nothing
    expect(rakeOf({ fees: 9, stakes: 50, penalties: 50 })).toBe(0);
  });

  it('takes both percents, the total rounded down once', () => {
    // 10 % of 15 (1.5) + 10 % of 15 (1.5) = 3, not 1 + 1
    expect(rakeOf({ fees: 15, stakes: 15, penalties: 0 }, { feesPercent: 10, betsPercent: 10 })).toBe(3);
    // penalties are never raked
    expect(rakeOf({ fees: 0, stakes: 0, penalties: 100 }, { feesPercent: 100, betsPercent: 100 })).toBe(0);
  });

  it('the prize is the pot less the rake', () => {
    const parts = pot(4, 15, 10, 5);
    expect(potOf(parts)).toBe(105);
    expect(prizeOf(parts)).toBe(105 - 6);
  });

  it('refuses amounts that are not whole tokens and percents outside 0–100', () => {
    expect(() => rakeOf({ fees: 2.5, stakes: 0, penalties: 0 })).toThrow(RangeError);
    expect(() => settleMatch({ fees: -1, stakes: 0, penalties: 0 }, ['ann'])).toThrow(RangeError);
    expect(() => rakeOf(pot(2, 10), { feesPercent: 101, betsPercent: 0 })).toThrow(RangeError);
    expect(() => rakeOf(pot(2, 10), { feesPercent: 10, betsPercent: 0.5 })).toThrow(RangeError);
  });
});
