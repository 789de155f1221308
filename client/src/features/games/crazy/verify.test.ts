import { describe, expect, it } from 'vitest';
import type { CrazyReplay, CrazyReplayStep } from '@qal/events/contracts';
import { RANKS, SUITS, type Card } from './crazy-cards.ts';
import { aCrazyView } from './crazy-fixtures.ts';
import verify, { ALL_CARD_IDS, dealOf } from './verify.ts';

/**
 * A match the engine dealt (its test seed 'verify-crazy', fairness/testing.ts) for seats u-1, u-2, u-3 in the room
 * match `crazy.7c1d`, whose client seed is the match id with `_` for the `.`. The engine's own values below: the
 * starter, the hands, the top of the deck, and the reshuffle its decider draws next from the stream (the pile of the
 * starter's first 5 cards, its 4 under the top) — computed by services/game-engine (games/crazy/decider.ts).
 */
const SEEDS = { serverSeed: 'b3d686ea91fd4aa1acae03e9295b21234eb62f65d5b7e854020582a86907ad61', clientSeed: 'crazy_7c1d', nonce: 0 };
const PLAYERS = ['u-1', 'u-2', 'u-3'];
const ENGINE_DEAL = {
  starter: 'u-3',
  hands: {
    'u-1': ['c-J-2', 's-J-2', 'h-6-1', 'd-5-2', 'c-Q-2'],
    'u-2': ['c-8-1', 'c-3-1', 'h-9-2', 'c-4-2', 's-A-2'],
    'u-3': ['d-K-2', 'd-A-1', 'h-7-1', 'c-10-1', 'd-Q-1', 'h-3-1'],
  },
  deckHead: ['s-4-2', 's-2-1', 's-K-1', 'd-J-1', 'd-4-1'],
};
const ENGINE_RESHUFFLE = ['c-10-1', 'd-K-2', 'h-7-1', 'd-A-1'];

const LETTERS: Record<string, Card['suit']> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };
const cardOf = (id: string): Card => {
  const [letter, rank] = id.split('-');
  return { id, suit: LETTERS[letter!]!, rank: rank as Card['rank'] };
};

/**
 * A finished match's replay, played as a script from the engine's deal: u-3 plays five cards, u-1 draws the whole
 * deck, the pile under its top is reshuffled, u-2 draws two, u-1 leaves (their cards go under the deck).
 */
async function aReplay(): Promise<CrazyReplay> {
  const deal = await dealOf(SEEDS, PLAYERS);
  const hands: Record<string, string[]> = Object.fromEntries(PLAYERS.map((id) => [id, [...deal.hands[id]!]]));
  let deck = [...deal.deck];
  let pile: string[] = [];
  const steps: CrazyReplayStep[] = [];
  const push = (step: Omit<CrazyReplayStep, 'index' | 'event' | 'at' | 'view'>, status: 'playing' | 'finished' = 'playing') =>
    steps.push({
      index: steps.length,
      event: step.kind,
      at: '2026-03-01T09:00:00.000Z',
      ...step,
      view: aCrazyView({
        matchId: 'crazy.7c1d',
        status,
        players: PLAYERS.map((id) => ({ id, status: 'playing', cards: hands[id]!.length, saidQeregn: false, timeoutsInRow: 0 })),
        starter: deal.starter,
        hands: Object.fromEntries(PLAYERS.map((id) => [id, hands[id]!.map(cardOf)])),
        deckCount: deck.length,
        pileCount: pile.length,
      }),
    });
  push({ kind: 'start', playerId: deal.starter });
  for (const id of hands['u-3']!.slice(0, 5)) {
    hands['u-3'] = hands['u-3']!.filter((c) => c !== id);
    pile = [...pile, id];
    push({ kind: 'play', playerId: 'u-3', cards: [id] });
  }
  const all = deck;
  hands['u-1'] = [...hands['u-1']!, ...all];
  deck = [];
  push({ kind: 'draw', playerId: 'u-1', cards: all, count: all.length });
  deck = [...ENGINE_RESHUFFLE];
  pile = pile.slice(-1);
  push({ kind: 'reshuffle', count: 4 });
  const two = deck.slice(0, 2);
  hands['u-2'] = [...hands['u-2']!, ...two];
  deck = deck.slice(2);
  push({ kind: 'draw', playerId: 'u-2', cards: two, count: 2 });
  deck = [...deck, ...hands['u-1']!];
  hands['u-1'] = [];
  push({ kind: 'removed', playerId: 'u-1' });
  push({ kind: 'end', playerId: 'u-2' }, 'finished');
  return { kind: 'crazy', matchId: 'crazy.7c1d', roomCode: 'ABC234', final: steps.at(-1)!.view, steps };
}

/** The replay with one step's fields changed. */
async function tampered(index: number, change: (step: CrazyReplayStep) => CrazyReplayStep): Promise<CrazyReplay> {
  const replay = await aReplay();
  return { ...replay, steps: replay.steps.map((step, i) => (i === index ? change(step) : step)) };
}

describe('verifying a Crazy match in the browser', () => {
  it('deals exactly what the engine dealt from the same seeds', async () => {
    const deal = await dealOf(SEEDS, PLAYERS);
    expect(deal.starter).toBe(ENGINE_DEAL.starter);
    expect(deal.hands).toEqual(ENGINE_DEAL.hands);
    expect(deal.deck.slice(0, 5)).toEqual(ENGINE_DEAL.deckHead);
    expect(deal.deck).toHaveLength(104 - 16);
    // The deal read 104 uint32s (103 for the shuffle, 1 for the starter); the reshuffle goes on from there.
    expect(deal.random.bytesUsed).toBe(416);
    expect(await deal.random.shuffle(ENGINE_DEAL.hands['u-3'].slice(0, 4))).toEqual(ENGINE_RESHUFFLE);
  });

  it('shuffles the 104 cards of the engine, in its order', () => {
    expect(ALL_CARD_IDS).toHaveLength(104);
    expect(new Set(ALL_CARD_IDS).size).toBe(104);
    expect(ALL_CARD_IDS.slice(0, 3)).toEqual(['h-A-1', 'h-2-1', 'h-3-1']);
    expect(ALL_CARD_IDS[52]).toBe('h-A-2');
    expect(ALL_CARD_IDS.at(-1)).toBe(`s-K-2`);
    expect([SUITS.length, RANKS.length]).toEqual([4, 13]);
  });

  it('confirms a match whose deal, draws and reshuffle are the ones drawn from its seeds', async () => {
    expect(await verify(SEEDS, {}, await aReplay())).toEqual({
      matches: true,
      recomputed: 'starter u-3, 3 hands dealt, 2 draws and 1 reshuffle as drawn',
    });
  });

  it('refuses another deal, a stacked draw, another reshuffle, a deck that does not add up, other seeds or no replay', async () => {
    const swapHands = (step: CrazyReplayStep) => ({
      ...step,
      view: { ...step.view, hands: { ...step.view.hands, 'u-1': step.view.hands!['u-2']!, 'u-2': step.view.hands!['u-1']! } },
    });
    expect((await verify(SEEDS, {}, await tampered(0, swapHands))).matches).toBe(false);
    expect((await verify(SEEDS, {}, await tampered(0, (s) => ({ ...s, view: { ...s.view, starter: 'u-1' } })))).matches).toBe(false);
    // The first card after the reshuffle was another one (a stacked deck).
    const stacked = await tampered(8, (s) => ({ ...s, cards: ['d-A-1', 'd-K-2'] }));
    expect(await verify(SEEDS, {}, stacked)).toMatchObject({ matches: false, recomputed: expect.stringContaining('draw 2 differs') });
    expect((await verify(SEEDS, {}, await tampered(7, (s) => ({ ...s, count: 3 })))).matches).toBe(false);
    expect((await verify(SEEDS, {}, await tampered(9, (s) => ({ ...s, view: { ...s.view, deckCount: 2 } })))).matches).toBe(false);
    expect((await verify({ ...SEEDS, nonce: 1 }, {}, await aReplay())).matches).toBe(false);
    expect((await verify({ ...SEEDS, clientSeed: 'crazy_7c1e' }, {}, await aReplay())).matches).toBe(false);
    expect(await verify(SEEDS, {}, { nonsense: true })).toEqual({ matches: false, recomputed: 'no replay of the match' });
  });
});
