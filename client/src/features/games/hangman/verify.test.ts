import { describe, expect, it } from 'vitest';
import type { HangmanView } from '@qal/events/contracts';
import { matchesCommitment } from '../../../lib/fairness/verify.ts';
import verify, { redraw } from './verify.ts';

/**
 * A game the engine played (services/game-engine, games/hangman/decider.ts) from its test seed 'verify-hangman'
 * (fairness/testing.ts), the client seed 'Qal-player_1' and nonce 7: English, animals, easy; two hints, then a loss on
 * lives. Its final view as the engine built it: the word was candidate 7 of 38 ('frog'), the hints letters 3 of 4
 * ('o' of f, g, o, r) and 1 of 3 ('f' of f, g, r).
 */
const SEEDS = { serverSeed: '1f01d8fd948ae89ea11296a853ec73a5c054af82a282243a228eeb5854bb06fa', clientSeed: 'Qal-player_1', nonce: 7 };
const FINAL: HangmanView = {
  matchId: 'm-1',
  status: 'lost',
  language: 'en',
  category: 'animals',
  difficulty: 'easy',
  slots: ['f', null, 'o', 'g'],
  guessed: ['o', 'f', 'a', 'b', 'c', 'd', 'e', 'g', 'h', 'i'],
  missed: ['a', 'b', 'c', 'd', 'e', 'h', 'i'],
  wrongGuesses: 7,
  livesLeft: 0,
  hintsLeft: 0,
  startedAt: '2026-03-01T09:00:00.000Z',
  deadline: '2026-03-01T09:02:00.000Z',
  fairness: {
    commitment: '0fa7665dff46a0590e77dbf10ea55c4622c74d0a2dd833e11a41a2b036e0778f',
    serverSeed: SEEDS.serverSeed,
    clientSeed: 'Qal-player_1',
    nonce: 7,
  },
  word: 'frog',
  score: 0,
  tokensWon: 0,
  xpWon: 0,
  lossReason: 'lives',
  draws: {
    word: { index: 6, count: 38 },
    hints: [
      { index: 2, count: 4 },
      { index: 0, count: 3 },
    ],
  },
};

describe('verifying a Hangman game in the browser', () => {
  it('draws the same numbers as the engine from the same seeds, and the seed is the one committed to', async () => {
    expect(
      await redraw(SEEDS, [
        { index: 0, count: 38 },
        { index: 0, count: 4 },
        { index: 0, count: 3 },
      ]),
    ).toEqual([6, 2, 0]);
    expect(await matchesCommitment(SEEDS.serverSeed, FINAL.fairness!.commitment)).toBe(true);
  });

  it('confirms the game whose word and hints are the ones drawn', async () => {
    expect(await verify(SEEDS, {}, FINAL)).toEqual({
      matches: true,
      recomputed: 'word 7 of 38; hint 1: letter 3 of 4; hint 2: letter 1 of 3',
    });
    const noHints = { ...FINAL, draws: { word: FINAL.draws!.word, hints: [] } };
    expect((await verify(SEEDS, {}, noHints)).matches).toBe(true);
  });

  it('refuses another word, another hint, other seeds, a draw out of range, or a game that shows no draws', async () => {
    const other = (draws: HangmanView['draws']) => verify(SEEDS, {}, { ...FINAL, draws });
    expect((await other({ word: { index: 5, count: 38 }, hints: FINAL.draws!.hints })).matches).toBe(false);
    expect((await other({ word: { index: 6, count: 39 }, hints: FINAL.draws!.hints })).matches).toBe(false);
    expect(
      (
        await other({
          word: FINAL.draws!.word,
          hints: [
            { index: 1, count: 4 },
            { index: 0, count: 3 },
          ],
        })
      ).matches,
    ).toBe(false);
    expect((await other({ word: FINAL.draws!.word, hints: [{ index: 4, count: 4 }] })).matches).toBe(false);
    expect((await verify({ ...SEEDS, nonce: 8 }, {}, FINAL)).matches).toBe(false);
    expect(await verify(SEEDS, {}, { ...FINAL, draws: undefined })).toEqual({ matches: false, recomputed: 'no draws shown for the game' });
    expect((await verify(SEEDS, {}, { nonsense: true })).matches).toBe(false);
  });
});
