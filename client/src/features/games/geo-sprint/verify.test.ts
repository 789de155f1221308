import { describe, expect, it } from 'vitest';
import type { GeoSprintCategoryChoice, GeoSprintPlay, GeoSprintPool, GeoSprintResult } from '@qal/events/contracts';
import { createFairRandom } from '../../../lib/fairness/verify.ts';
import verify, { redrawRound } from './verify.ts';

/**
 * The same seeds and pools as the engine's deal test (services/game-engine/src/games/geo-sprint/deal.test.ts,
 * DEAL_VECTORS): the draws below were computed once by the engine, and both tests must give them.
 */
const SERVER_SEED = '5c1f3a9e0b7d4c2a8e6f1b3d5a7c9e0f2b4d6f8a0c2e4a6b8d0f1e3c5a7b9d1f';
const CLIENT_SEED = 'geo-sprint-test';

interface Vector {
  nonce: number;
  category: GeoSprintCategoryChoice;
  plan: GeoSprintPlay['results'][number]['category'][];
  pools: GeoSprintPool[];
  ids: string[];
  answers: number[];
  fiftyFifty: number[][];
}

const VECTORS: Vector[] = [
  {
    nonce: 7,
    category: 'mixed',
    plan: ['africa', 'world', 'world', 'ethiopia', 'ethiopia', 'ethiopia', 'africa', 'ethiopia', 'world', 'africa'],
    pools: [
      { category: 'ethiopia', bankSize: 30, unseen: '1-30' },
      { category: 'africa', bankSize: 20, unseen: '1-20' },
      { category: 'world', bankSize: 12, unseen: '1-12' },
    ],
    ids: ['af-002', 'wo-002', 'wo-006', 'et-030', 'et-021', 'et-010', 'af-020', 'et-027', 'wo-010', 'af-016'],
    answers: [2, 2, 2, 2, 3, 2, 0, 1, 2, 0],
    fiftyFifty: [
      [0, 3],
      [0, 1],
      [0, 1],
      [0, 3],
      [0, 1],
      [0, 3],
      [1, 3],
      [2, 3],
      [1, 3],
      [2, 3],
    ],
  },
  {
    nonce: 8,
    category: 'world',
    plan: Array(10).fill('world'),
    pools: [{ category: 'world', bankSize: 12, unseen: '10-12' }],
    ids: ['wo-010', 'wo-012', 'wo-011', 'wo-007', 'wo-001', 'wo-006', 'wo-009', 'wo-002', 'wo-008', 'wo-003'],
    answers: [2, 0, 1, 1, 3, 2, 3, 2, 0, 1],
    fiftyFifty: [
      [1, 3],
      [1, 2],
      [0, 2],
      [2, 3],
      [0, 2],
      [1, 3],
      [0, 1],
      [1, 3],
      [1, 3],
      [2, 3],
    ],
  },
  {
    nonce: 9,
    category: 'mixed',
    plan: ['world', 'africa', 'ethiopia', 'africa', 'ethiopia', 'ethiopia', 'africa', 'world', 'world', 'ethiopia'],
    pools: [
      { category: 'ethiopia', bankSize: 30, unseen: '1,3-9,11-30' },
      { category: 'africa', bankSize: 20, unseen: '1-3,5,8-20' },
      { category: 'world', bankSize: 12, unseen: '1-2,4-12' },
    ],
    ids: ['wo-005', 'af-002', 'et-024', 'af-008', 'et-019', 'et-022', 'af-015', 'wo-006', 'wo-002', 'et-017'],
    answers: [3, 2, 0, 0, 1, 2, 1, 2, 2, 3],
    fiftyFifty: [
      [0, 2],
      [0, 3],
      [1, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [0, 3],
      [1, 3],
      [0, 3],
      [0, 2],
    ],
  },
];

const seedsOf = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

/** A finished round's play as the engine's end view shows it: every question answered, the 50/50 used on the third. */
function finishedPlay(vector: Vector): GeoSprintPlay {
  const results: GeoSprintResult[] = vector.ids.map((id, index) => {
    const answer = vector.answers[index]!;
    const choice = index % 3 === 1 ? (answer + 1) % 4 : answer;
    const texts = { question: `Question ${id}?`, options: ['a', 'b', 'c', 'd'], explanation: 'Because.' };
    return {
      index,
      id,
      category: vector.plan[index]!,
      difficulty: 'easy',
      en: texts,
      am: texts,
      source: 'https://example.org',
      answer,
      choice,
      correct: choice === answer,
      points: { base: 0, speed: 0, streak: 0, total: 0 },
      streak: 0,
      at: '2026-03-01T09:00:00.000Z',
      removed: index === 2 ? vector.fiftyFifty[2]! : [],
      hint: null,
    };
  });
  return {
    category: vector.category,
    questionCount: 10,
    secondsPerQuestion: 15,
    rightToWin: 5,
    position: 10,
    current: null,
    nextAt: null,
    results,
    lifelines: { fiftyFifty: false, geoHint: true },
    score: 0,
    right: results.filter((r) => r.correct).length,
    streak: 0,
    bestStreak: 0,
    draw: { plan: vector.plan, pools: vector.pools, fiftyFifty: vector.fiftyFifty },
  };
}

describe('verifying a Geo Sprint round', () => {
  it.each(VECTORS)('draws the engine’s round again (nonce $nonce, $category)', async (vector) => {
    const round = await redrawRound(await createFairRandom(seedsOf(vector.nonce)), vector.category, vector.pools, vector.answers);
    expect(round.plan).toEqual(vector.plan);
    expect(round.ids).toEqual(vector.ids);
    expect(round.fiftyFifty).toEqual(vector.fiftyFifty);
  });

  it.each(VECTORS)('matches the finished round it was dealt (nonce $nonce)', async (vector) => {
    const result = await verify(seedsOf(vector.nonce), { category: vector.category }, finishedPlay(vector));
    expect(result.matches).toBe(true);
    expect(result.recomputed).toContain(vector.ids.join(', '));
  });

  it('does not match another seed, a swapped question, or a 50/50 that took other options', async () => {
    const vector = VECTORS[0]!;
    const play = finishedPlay(vector);
    expect((await verify(seedsOf(vector.nonce + 1), { category: 'mixed' }, play)).matches).toBe(false);

    const swapped = structuredClone(play);
    swapped.results[4]!.id = 'et-001';
    expect((await verify(seedsOf(vector.nonce), { category: 'mixed' }, swapped)).matches).toBe(false);

    const otherPool = structuredClone(play);
    otherPool.draw!.pools[0]!.unseen = '2-30';
    expect((await verify(seedsOf(vector.nonce), { category: 'mixed' }, otherPool)).matches).toBe(false);

    const otherFiftyFifty = structuredClone(play);
    const wrong = [0, 1, 2, 3].filter((i) => i !== vector.answers[2]);
    otherFiftyFifty.results[2]!.removed = wrong.filter((i) => i !== vector.fiftyFifty[2]![0]);
    expect((await verify(seedsOf(vector.nonce), { category: 'mixed' }, otherFiftyFifty)).matches).toBe(false);

    expect((await verify(seedsOf(vector.nonce), { category: 'africa' }, play)).matches).toBe(false);
  });

  it('does not match a game that is not over, or that is not Geo Sprint', async () => {
    const play = { ...finishedPlay(VECTORS[0]!), draw: null };
    expect(await verify(seedsOf(7), {}, play)).toEqual({ matches: false, recomputed: 'the game is not over' });
    expect((await verify(seedsOf(7), {}, { mines: [1, 2] })).matches).toBe(false);
  });
});
