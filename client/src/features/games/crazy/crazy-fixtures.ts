import type { Card, Rank, Suit } from './crazy-cards.ts';
import type { CrazyView } from './crazy-api.ts';

const LETTER: Record<Suit, string> = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' };

/** A card as the engine names it (`h-8-1`). */
export const card = (rank: Rank, suit: Suit, copy = 1): Card => ({ id: `${LETTER[suit]}-${rank}-${copy}`, suit, rank });

/** Sara (u-2) at a two-player table with Abebe (u-1); her turn, 9♥ on the pile. */
export function aCrazyView(overrides: Partial<CrazyView> = {}): CrazyView {
  return {
    mode: 'crazy',
    matchId: 'm-1',
    roomCode: 'ABC234',
    status: 'playing',
    viewerId: 'u-2',
    players: [
      { id: 'u-1', status: 'playing', cards: 4, saidQeregn: false, timeoutsInRow: 0 },
      { id: 'u-2', status: 'playing', cards: 4, saidQeregn: false, timeoutsInRow: 0 },
    ],
    hand: [card('9', 'spades'), card('8', 'clubs'), card('7', 'hearts'), card('3', 'hearts')],
    counts: { 'u-1': 4, 'u-2': 4 },
    deckCount: 80,
    pileCount: 3,
    top: card('9', 'hearts'),
    suit: 'hearts',
    direction: 'counterclockwise',
    penalty: 0,
    turn: 'u-2',
    turnNumber: 3,
    deadline: '2026-03-02T06:10:30.000Z',
    hasDrawn: false,
    suitLocked: false,
    canPassWithoutDrawing: false,
    saidQeregn: { 'u-1': false, 'u-2': false },
    qeregnWindow: null,
    starter: 'u-1',
    winner: null,
    last: null,
    fairness: { commitment: 'c0ffee'.repeat(10) + 'c0ff', serverSeed: null, clientSeed: 'crazy_m-1', nonce: 0 },
    ...overrides,
  };
}
