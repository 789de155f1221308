/**
 * Cards of the two decks and what they can do. A card id names its suit letter, rank and deck copy (`h-A-1`,
 * `s-10-2`), so ids are stable, unique and readable in events; the view sends `{id, suit, rank}`.
 */
import { CRAZY_ACE_OF_SPADES_POINTS, CRAZY_CARD_POINTS, CRAZY_DECKS } from './rules.ts';
import { RANKS, SUITS, type Rank, type Suit } from '@qal/events';

/** Suits and ranks are the client contract's (@qal/events contracts/crazy.ts). */
export { RANKS, SUITS, type Rank, type Suit };

export interface Card {
  readonly id: string;
  readonly suit: Suit;
  readonly rank: Rank;
}

const SUIT_LETTER: Readonly<Record<Suit, string>> = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' };
const SUIT_OF_LETTER: Readonly<Record<string, Suit>> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

export const cardId = (suit: Suit, rank: Rank, copy: number): string => `${SUIT_LETTER[suit]}-${rank}-${copy}`;

/** Every card of the match in a fixed order (deck 1 then deck 2, suit by suit): 104 ids. */
export const ALL_CARD_IDS: readonly string[] = Array.from({ length: CRAZY_DECKS }, (_, deck) =>
  SUITS.flatMap((suit) => RANKS.map((rank) => cardId(suit, rank, deck + 1))),
).flat();
const KNOWN: ReadonlySet<string> = new Set(ALL_CARD_IDS);
export const isCardId = (id: string): boolean => KNOWN.has(id);

const cache = new Map<string, Card>();
/** The card an id names; throws on an unknown id (decide checks ids against the hand first). */
export function cardOf(id: string): Card {
  const cached = cache.get(id);
  if (cached) return cached;
  const [letter, rank] = id.split('-');
  const suit = SUIT_OF_LETTER[letter ?? ''];
  if (!suit || !isCardId(id)) throw new RangeError(`not a Crazy card: ${id}`);
  const card: Card = { id, suit, rank: rank as Rank };
  cache.set(id, card);
  return card;
}

export const isWild = (card: Card): boolean => card.rank === '8' || card.rank === 'J';
export const isAceOfSpades = (card: Card): boolean => card.rank === 'A' && card.suit === 'spades';
export const isTwo = (card: Card): boolean => card.rank === '2';
export const isPenaltyCard = (card: Card): boolean => isTwo(card) || isAceOfSpades(card);
export const colourOf = (suit: Suit): 'red' | 'black' => (suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black');
/** The same card of the other deck. */
export const areTwins = (a: Card, b: Card): boolean => a.id !== b.id && a.suit === b.suit && a.rank === b.rank;

export const pointsOf = (card: Card): number => (isAceOfSpades(card) ? CRAZY_ACE_OF_SPADES_POINTS : CRAZY_CARD_POINTS[card.rank]);

/** A short label for captions and messages: `A♠`, `10♥`. */
export const labelOf = (card: Card): string => `${card.rank}${SUIT_SYMBOL[card.suit]}`;
