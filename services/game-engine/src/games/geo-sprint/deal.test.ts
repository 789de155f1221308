/**
 * The deal (deal.ts) and the memory (memory.ts): every chance drawn at the start in a fixed order, no question twice
 * in a round, none again before the rest of its category. The vectors below were computed once from the engine and
 * are the same ones the browser's verifier must reproduce (client/src/features/games/geo-sprint/verify.test.ts).
 */
import {
  GEO_SPRINT_CATEGORIES,
  GEO_SPRINT_MIXED_PLAN,
  decodeGeoSprintPool,
  encodeGeoSprintPool,
  type GeoSprintCategory,
} from '@qal/events';
import { describe, expect, it } from 'vitest';
import { fairRandom } from '../../fairness/fairness.ts';
import { GEO_SPRINT_BANK, type QuestionBank } from './bank.ts';
import { dealRound } from './deal.ts';
import { EMPTY_GEO_SPRINT_MEMORY, geoSprintMemory, rememberDealt, unseenNumbers, type GeoSprintMemory } from './memory.ts';
import { SERVER_SEED, seedsOf, startRound, syntheticBank } from './testing.ts';

const SMALL_BANK = syntheticBank({ ethiopia: 30, africa: 20, world: 12 });

const ids =
  (...numbers: number[]) =>
  (prefix: string) =>
    numbers.map((n) => `${prefix}-${String(n).padStart(3, '0')}`);

/** Fixed-seed deals: the engine's side of the verifier's vectors (SERVER_SEED, client seed 'geo-sprint-test'). */
const DEAL_VECTORS = [
  {
    nonce: 7,
    category: 'mixed',
    seen: [],
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
    // Nine of the twelve world questions seen: the three left come first, then the pool fills again.
    nonce: 8,
    category: 'world',
    seen: ids(1, 2, 3, 4, 5, 6, 7, 8, 9)('wo'),
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
    seen: ['af-004', 'af-006', 'af-007', 'et-002', 'et-010', 'wo-003'],
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
] as const;

describe('the deal from a fixed seed', () => {
  it.each(DEAL_VECTORS)('nonce $nonce, $category: the same plan, pools, questions and 50/50 draws every time', (vector) => {
    const memory = rememberDealt(EMPTY_GEO_SPRINT_MEMORY, vector.seen, SMALL_BANK);
    const random = fairRandom({ serverSeed: SERVER_SEED, clientSeed: 'geo-sprint-test', nonce: vector.nonce });
    const round = dealRound(random, vector.category, memory, SMALL_BANK);
    expect(round.plan).toEqual(vector.plan);
    expect(round.pools).toEqual(vector.pools);
    expect(round.questions.map((q) => q.id)).toEqual(vector.ids);
    expect(round.questions.map((q) => q.answer)).toEqual(vector.answers);
    expect(round.fiftyFifty).toEqual(vector.fiftyFifty);
  });

  it('draws a mixed round’s categories as the shuffled plan: 4 Ethiopia, 3 Africa, 3 world', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const round = dealRound(fairRandom(seedsOf(nonce)), 'mixed', EMPTY_GEO_SPRINT_MEMORY, SMALL_BANK);
      expect([...round.plan].sort()).toEqual([...GEO_SPRINT_MIXED_PLAN].sort());
      expect(round.questions.map((q) => q.category)).toEqual(round.plan);
    }
  });

  it('the 50/50 would take away two wrong options of every question, never its answer', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const round = dealRound(fairRandom(seedsOf(nonce)), 'mixed', EMPTY_GEO_SPRINT_MEMORY);
      round.questions.forEach((question, i) => {
        const removed = round.fiftyFifty[i]!;
        expect(removed).toHaveLength(2);
        expect(new Set(removed).size).toBe(2);
        expect(removed).not.toContain(question.answer);
        expect([...removed].sort()).toEqual(removed);
      });
    }
  });

  it('every wrong option is the one the 50/50 leaves about as often (seeded)', () => {
    const left = [0, 0, 0];
    for (let nonce = 0; nonce < 300; nonce++) {
      const round = dealRound(fairRandom(seedsOf(nonce)), 'world', EMPTY_GEO_SPRINT_MEMORY, SMALL_BANK);
      round.questions.forEach((question, i) => {
        const wrong = [0, 1, 2, 3].filter((o) => o !== question.answer);
        left[wrong.findIndex((o) => !round.fiftyFifty[i]!.includes(o))]! += 1;
      });
    }
    for (const count of left) expect(count).toBeGreaterThan(900);
  });
});

describe('no repeats', () => {
  it('a round never asks a question twice', () => {
    for (const category of ['mixed', 'ethiopia', 'africa', 'world'] as const) {
      for (let nonce = 0; nonce < 40; nonce++) {
        const { state } = startRound({ category, nonce });
        const dealt = state.questions.map((q) => q.id);
        expect(new Set(dealt).size).toBe(dealt.length);
      }
    }
  });

  it('a round at a pool’s end never repeats either: the refill leaves out this round’s questions', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const seen = Array.from({ length: 12 - (nonce % 9) - 1 }, (_, i) => `wo-${String(i + 1).padStart(3, '0')}`);
      const memory = rememberDealt(EMPTY_GEO_SPRINT_MEMORY, seen, SMALL_BANK);
      const round = dealRound(fairRandom(seedsOf(nonce)), 'world', memory, SMALL_BANK);
      const dealt = round.questions.map((q) => q.id);
      expect(new Set(dealt).size).toBe(10);
      // The unseen ones come first.
      const unseen = unseenNumbers(memory, 'world', SMALL_BANK).map((n) => `wo-${String(n).padStart(3, '0')}`);
      expect([...dealt.slice(0, unseen.length)].sort()).toEqual(unseen);
    }
  });

  /**
   * Plays `rounds` rounds in a row, the memory folded from each start as the engine does, and cuts each category's
   * sequence of questions into passes of its bank's size: each pass must hold every question once.
   */
  function expectPassesWithoutRepeats(bank: QuestionBank, choice: 'mixed' | GeoSprintCategory, rounds: number) {
    let memory: GeoSprintMemory = geoSprintMemory.initial;
    const sequence: Record<GeoSprintCategory, string[]> = { ethiopia: [], africa: [], world: [] };
    for (let nonce = 0; nonce < rounds; nonce++) {
      const round = dealRound(fairRandom(seedsOf(nonce, SERVER_SEED)), choice, memory, bank);
      for (const question of round.questions) sequence[question.category].push(question.id);
      memory = rememberDealt(
        memory,
        round.questions.map((q) => q.id),
        bank,
      );
    }
    for (const category of GEO_SPRINT_CATEGORIES) {
      const size = bank.questions[category].length;
      const all = bank.questions[category].map((q) => q.id).sort();
      for (let from = 0; from + size <= sequence[category].length; from += size) {
        expect([...sequence[category].slice(from, from + size)].sort()).toEqual(all);
      }
      const rest = sequence[category].slice(sequence[category].length - (sequence[category].length % size));
      expect(new Set(rest).size).toBe(rest.length);
    }
  }

  it('across rounds no question comes again before its whole category came up (small bank, every choice)', () => {
    expectPassesWithoutRepeats(SMALL_BANK, 'world', 25);
    expectPassesWithoutRepeats(SMALL_BANK, 'africa', 25);
    expectPassesWithoutRepeats(SMALL_BANK, 'mixed', 40);
  });

  it('across rounds no question comes again before its whole category came up (the real bank)', () => {
    expectPassesWithoutRepeats(GEO_SPRINT_BANK, 'world', 60);
    expectPassesWithoutRepeats(GEO_SPRINT_BANK, 'mixed', 90);
  });

  it('the module’s memory keeps the start events and folds the dealt ids', () => {
    const { events } = startRound({ category: 'africa' });
    const started = events[0]!;
    expect(geoSprintMemory.keeps(started)).toBe(true);
    const memory = geoSprintMemory.evolve(geoSprintMemory.initial, started);
    const dealt = started.type === 'GeoSprintStarted' ? started.data.questions.map((q) => Number(q.id.slice(3))) : [];
    expect(memory.seen.africa).toEqual([...dealt].sort((a, b) => a - b));
    expect(memory.seen.ethiopia).toEqual([]);
    const next = startRound({ category: 'africa', nonce: 1, memory });
    const pool = decodeGeoSprintPool(next.state.pools[0]!.unseen);
    expect(pool).toHaveLength(GEO_SPRINT_BANK.questions.africa.length - 10);
    for (const number of dealt) expect(pool).not.toContain(number);
  });

  it('a category seen in full starts afresh', () => {
    const all = SMALL_BANK.questions.world.map((q) => q.id);
    const memory = rememberDealt(EMPTY_GEO_SPRINT_MEMORY, all, SMALL_BANK);
    expect(memory.seen.world).toEqual([]);
    expect(unseenNumbers(memory, 'world', SMALL_BANK)).toHaveLength(12);
  });

  it('ids of no category, or a bank that shrank, do not break the memory', () => {
    const memory = rememberDealt(EMPTY_GEO_SPRINT_MEMORY, ['xx-001', 'wo-999', 'wo-001'], SMALL_BANK);
    expect(memory.seen.world).toEqual([1, 999]);
    expect(unseenNumbers(memory, 'world', SMALL_BANK)).toHaveLength(11);
  });
});

describe('the pool codec', () => {
  it('writes runs and reads them back', () => {
    expect(encodeGeoSprintPool([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    expect(decodeGeoSprintPool('1-3,5,7-8')).toEqual([1, 2, 3, 5, 7, 8]);
    expect(encodeGeoSprintPool([])).toBe('');
    expect(decodeGeoSprintPool('')).toEqual([]);
    for (let nonce = 0; nonce < 20; nonce++) {
      const numbers = fairRandom(seedsOf(nonce))
        .shuffle(Array.from({ length: 60 }, (_, i) => i + 1))
        .slice(0, 30)
        .sort((a, b) => a - b);
      expect(decodeGeoSprintPool(encodeGeoSprintPool(numbers))).toEqual(numbers);
    }
  });

  it('refuses text that is not a pool', () => {
    expect(() => decodeGeoSprintPool('3-1')).toThrow(RangeError);
    expect(() => decodeGeoSprintPool('5,2')).toThrow(RangeError);
    expect(() => decodeGeoSprintPool('a')).toThrow(RangeError);
  });
});
