import { describe, expect, it } from 'vitest';
import { createFairRandom } from '../../../lib/fairness/verify.ts';
import verify, { drawSequences } from './verify.ts';

/**
 * The same fixed seeds as the engine's tests (services/game-engine/src/games/rapid-recall/testing.ts SEEDS): the
 * engine's rapid-recall.test.ts asserts its start draws exactly these sequences, so the two agree.
 */
const SEEDS = {
  serverSeed: 'a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff',
  clientSeed: 'player-seed',
  nonce: 3,
};

const draw = async (kind: 'colour' | 'digit' | 'fidel' | 'mixed') => drawSequences(await createFairRandom(SEEDS), kind, 15, 15);

/** The finished view's `play` of a mixed game from these seeds: right, wrong, timed out, wrong. */
async function finishedPlay(overrides: Record<string, unknown> = {}) {
  const sequences = await draw('mixed');
  const seq = (round: number, length: number) => sequences[round - 1]!.slice(0, length);
  const swapped = (items: string[]) => [items[1]!, items[0]!, ...items.slice(2)];
  const rounds = [
    { round: 1, length: 3, outcome: 'right', points: 45, sequence: seq(1, 3), answer: seq(1, 3) },
    { round: 2, length: 4, outcome: 'wrong', points: 0, sequence: seq(2, 4), answer: swapped(seq(2, 4)) },
    { round: 3, length: 4, outcome: 'timed_out', points: 0, sequence: seq(3, 4), answer: null },
    { round: 4, length: 4, outcome: 'wrong', points: 0, sequence: seq(4, 4), answer: swapped(seq(4, 4)) },
  ];
  return {
    kind: 'mixed',
    pad: [],
    round: 4,
    length: 4,
    lives: 0,
    livesMax: 3,
    score: 45,
    longest: 3,
    winLength: 6,
    lengthMax: 15,
    phase: 'over',
    roundStartsAt: '2026-03-01T09:00:30.000Z',
    itemMs: 1000,
    inputOpensAt: '2026-03-01T09:00:34.000Z',
    inputClosesAt: '2026-03-01T09:00:45.000Z',
    showing: null,
    nextChangeAt: null,
    last: rounds[3],
    endReason: 'out_of_lives',
    rounds,
    sequences,
    ...overrides,
  };
}

describe('rapid recall verify', () => {
  it('draws the sequences the engine drew from the same seeds, for every kind', async () => {
    expect((await draw('colour'))[0]!.slice(0, 8)).toEqual(['blue', 'yellow', 'green', 'red', 'yellow', 'green', 'yellow', 'purple']);
    expect((await draw('digit'))[1]!.slice(0, 4)).toEqual(['9', '4', '0', '7']);
    expect((await draw('fidel'))[0]!.slice(0, 4)).toEqual(['ነ', 'ዘ', 'ሰ', 'ሀ']);
    const mixed = await draw('mixed');
    expect(mixed[1]!.slice(0, 8)).toEqual(['ነ', 'purple', 'ሰ', '0', 'መ', '4', 'ረ', 'yellow']);
    expect(mixed[14]!.slice(10)).toEqual(['ነ', '7', 'ሀ', 'green', 'ሀ']);
  });

  it('matches the finished game the engine showed, and says what it recomputed', async () => {
    const result = await verify(SEEDS, { kind: 'mixed' }, await finishedPlay());
    expect(result.matches).toBe(true);
    const [, , third, fourth] = await draw('mixed');
    const rest = `round 3: ${third!.slice(0, 4).join(' ')}; round 4: ${fourth!.slice(0, 4).join(' ')}`;
    expect(result.recomputed).toBe(`mixed; round 1: ሰ በ 4; round 2: ነ purple ሰ 0; ${rest}`);
    // No kind chosen is mixed, as in the engine.
    expect((await verify(SEEDS, {}, await finishedPlay())).matches).toBe(true);
  });

  it('does not match another sequence, a false verdict, another kind or another seed', async () => {
    const play = await finishedPlay();
    const sequences = play.sequences.map((s, r) => (r === 9 ? ['red', ...s.slice(1)] : s));
    expect((await verify(SEEDS, { kind: 'mixed' }, { ...play, sequences })).matches).toBe(false);
    const rounds = play.rounds.map((round, i) => (i === 1 ? { ...round, outcome: 'right' } : round));
    expect((await verify(SEEDS, { kind: 'mixed' }, { ...play, rounds })).matches).toBe(false);
    expect((await verify(SEEDS, { kind: 'digit' }, play)).matches).toBe(false);
    expect((await verify({ ...SEEDS, nonce: 4 }, { kind: 'mixed' }, play)).matches).toBe(false);
  });

  it('does not match a view still hiding the sequences, nor unknown options', async () => {
    expect((await verify(SEEDS, { kind: 'mixed' }, await finishedPlay({ sequences: undefined, rounds: undefined }))).matches).toBe(false);
    expect(await verify(SEEDS, { kind: 'sound' }, await finishedPlay())).toEqual({ matches: false, recomputed: 'unknown kind' });
    expect((await verify(SEEDS, { kind: 'mixed' }, { nonsense: true })).matches).toBe(false);
  });
});
