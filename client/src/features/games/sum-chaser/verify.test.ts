import { describe, expect, it } from 'vitest';
import type { SumChaserPlay } from '@qal/events/contracts';
import { sumChaser } from './game.ts';
import verify, { drawDigits, lineFor } from './verify.ts';

/** The engine's fixed seeds (games/chance/testing.ts): its sum-chaser.test.ts draws the same digits from them. */
const SEEDS = {
  serverSeed: '6f1d3c2b9a8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170605f4',
  clientSeed: 'qal-test',
  nonce: 7,
};
/** What the engine's start draws from SEEDS (FIXED_DIGITS there). */
const ENGINE_DIGITS = [0, 0, 6];

/** The finished view of the engine's fixed-seed game: three right "under" calls at 4.5, 8.5 and 8.5. */
const finished = (overrides: Partial<SumChaserPlay> = {}): SumChaserPlay => ({
  digitCount: 3,
  revealed: ENGINE_DIGITS,
  sum: 6,
  line: null,
  options: null,
  multiplier: 2.395,
  cashOutTokens: 5,
  canCashOut: false,
  calls: [
    { call: 'under', line: 4.5, digit: 0, sum: 0, right: true },
    { call: 'under', line: 8.5, digit: 0, sum: 0, right: true },
    { call: 'under', line: 8.5, digit: 6, sum: 6, right: true },
  ],
  costTokens: 5,
  houseEdgePercent: 3,
  tokensMax: 5,
  end: { reason: 'all_right', at: '2026-03-01T09:00:30.000Z' },
  drawnDigits: ENGINE_DIGITS,
  ...overrides,
});

describe('verifying a Sum Chaser game in the browser', () => {
  it('draws the same digits as the engine from the same seeds', async () => {
    expect(await drawDigits(SEEDS)).toEqual(ENGINE_DIGITS);
  });

  it('moves each line within reach as the engine does', () => {
    expect(lineFor(0, 0)).toBe(4.5);
    expect(lineFor(1, 0)).toBe(8.5);
    expect(lineFor(1, 9)).toBe(9.5);
    expect(lineFor(2, 18)).toBe(18.5);
  });

  it('confirms a game whose digits, lines and verdicts are the ones drawn', async () => {
    expect(await verify(SEEDS, {}, finished())).toEqual({ matches: true, recomputed: 'digits 0, 0, 6 (sums 0, 0, 6)' });
    const lostEarly = finished({
      revealed: [0],
      sum: 0,
      calls: [{ call: 'over', line: 4.5, digit: 0, sum: 0, right: false }],
      end: { reason: 'wrong_call', at: '2026-03-01T09:00:10.000Z' },
    });
    expect((await verify(SEEDS, {}, lostEarly)).matches).toBe(true);
  });

  it('refuses other digits, a line not by the rules, a wrong verdict, or a game not over', async () => {
    expect((await verify(SEEDS, {}, finished({ drawnDigits: [0, 0, 7] }))).matches).toBe(false);
    const calls = finished().calls;
    expect((await verify(SEEDS, {}, finished({ calls: [calls[0]!, { ...calls[1]!, line: 9.5, right: true }, calls[2]!] }))).matches).toBe(
      false,
    );
    expect((await verify(SEEDS, {}, finished({ calls: [{ ...calls[0]!, right: false }, calls[1]!, calls[2]!] }))).matches).toBe(false);
    expect((await verify(SEEDS, {}, finished({ drawnDigits: null }))).matches).toBe(false);
  });

  it("is the verifier the game's manifest gives the /fairness page", async () => {
    expect((await sumChaser.fairness!.load()).default).toBe(verify);
    expect(sumChaser.namespaces).toEqual(['sum-chaser', 'arcade']);
  });
});
