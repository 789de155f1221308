/**
 * Pure helpers for the Crazy table: card order in the hand, which cards are worth offering, what a selection
 * means, labels. The engine (services/game-engine/src/games/crazy) decides; these are hints only, so a wrong card
 * is still the player's own call (the game charges it, as at a real table), but the hand shows what fits.
 */
export const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];
export type Card = { id: string; suit: Suit; rank: Rank };

export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };
export const colourOf = (suit: Suit): 'red' | 'black' => (suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black');

// Colours alternate in the hand (♠ ♥ ♣ ♦) so neighbouring suits are easy to tell apart on a small screen.
const SUIT_ORDER: Readonly<Record<Suit, number>> = { spades: 0, hearts: 1, clubs: 2, diamonds: 3 };
const RANK_ORDER: Readonly<Record<Rank, number>> = Object.fromEntries(RANKS.map((rank, i) => [rank, i])) as Record<Rank, number>;

/** The hand by suit, then rank (A low), then id: a stable order whatever order the cards came in. */
export function sortHand<C extends Card>(hand: readonly C[]): C[] {
  return [...hand].sort(
    (a, b) => SUIT_ORDER[a.suit] - SUIT_ORDER[b.suit] || RANK_ORDER[a.rank] - RANK_ORDER[b.rank] || a.id.localeCompare(b.id),
  );
}

export const isWild = (card: Card): boolean => card.rank === '8' || card.rank === 'J';
export const isAceOfSpades = (card: Card): boolean => card.rank === 'A' && card.suit === 'spades';
export const isTwo = (card: Card): boolean => card.rank === '2';

/** The table as the hints need it (a subset of the view). */
export type Pile = { top: Card | null; suit: Suit | null; penalty: number };

/** Any 2 on a 2, the A♠ only on the 2♠; the A♠ or 2♠ on the A♠ (the engine's stacksOn). */
export function stacksOn(top: Card, card: Card): boolean {
  if (isAceOfSpades(top)) return isAceOfSpades(card) || (isTwo(card) && card.suit === 'spades');
  if (isTwo(top)) return isTwo(card) || (isAceOfSpades(card) && top.suit === 'spades');
  return false;
}

/** Whether `card`, played alone, fits the pile now. */
export function fits(card: Card, pile: Pile): boolean {
  if (pile.top === null) return true;
  if (pile.penalty > 0) return stacksOn(pile.top, card);
  return isWild(card) || card.suit === pile.suit || card.rank === pile.top.rank;
}

/** A multi-card drop: a 7 then cards of its suit, or two identical cards (the other deck's twin). */
export function isCombination(cards: readonly Card[]): boolean {
  const [first, ...rest] = cards;
  if (!first || rest.length === 0) return false;
  if (cards.length === 2 && rest[0]!.suit === first.suit && rest[0]!.rank === first.rank && rest[0]!.id !== first.id) return true;
  return first.rank === '7' && rest.every((card) => card.suit === first.suit);
}

/** Ids of the cards that fit the pile alone (the hand raises them a little so they are easy to find). */
export function playableIds(hand: readonly Card[], pile: Pile): Set<string> {
  return new Set(hand.filter((card) => fits(card, pile)).map((card) => card.id));
}

export type SelectionCheck = { ok: true; chooseSuit: boolean } | { ok: false; reason: 'empty' | 'combination' | 'wrongCard' | 'penalty' };

/**
 * What playing the selected cards (in the order tapped) would be: fine (and whether a suit must be chosen: a single
 * 8 or J while the suit is not locked), or why not. The Play button stays enabled for a wrong card (the rules let a
 * player try and pay), but the table warns first.
 */
export function checkSelection(selected: readonly Card[], pile: Pile, suitLocked: boolean): SelectionCheck {
  const [first] = selected;
  if (!first) return { ok: false, reason: 'empty' };
  if (selected.length > 1 && !isCombination(selected)) return { ok: false, reason: 'combination' };
  if (pile.penalty > 0 && (selected.length > 1 || !fits(first, pile))) return { ok: false, reason: 'penalty' };
  if (!fits(first, pile)) return { ok: false, reason: 'wrongCard' };
  return { ok: true, chooseSuit: selected.length === 1 && isWild(first) && !suitLocked };
}

/** Toggles `id` in the selection, keeping the order of taps (a drop is played in that order: the 7 first). */
export function toggleSelection(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id];
}

/** The selection without cards that are no longer in the hand (after a view update). */
export function keepInHand(selection: readonly string[], hand: readonly Card[]): string[] {
  const ids = new Set(hand.map((card) => card.id));
  return selection.filter((id) => ids.has(id));
}

/** A short label for captions: `A♠`, `10♥`. */
export const shortLabel = (card: Card): string => `${card.rank}${SUIT_SYMBOL[card.suit]}`;

/** The rank's word key in the crazy namespace (`ranks.A` → "Ace"); numbers stay numbers. */
export const rankKey = (rank: Rank): `ranks.${Rank}` => `ranks.${rank}`;

/**
 * Players who hold one card and have not said Qeregn, once their window is closed: a Crazy call on them is right.
 * A player still inside their window (`qeregnWindow`) can still declare, so calling now would be a false call.
 */
export function catchable(
  players: readonly { id: string; status: string; cards: number; saidQeregn: boolean }[],
  me: string,
  qeregnWindow: string | null,
): string[] {
  return players
    .filter((p) => p.id !== me && p.status === 'playing' && p.cards === 1 && !p.saidQeregn && p.id !== qeregnWindow)
    .map((p) => p.id);
}

/** Opponents at one card (a Crazy call may be tried on any of them; the ones not catchable cost the caller). */
export function atOneCard(players: readonly { id: string; status: string; cards: number }[], me: string): string[] {
  return players.filter((p) => p.id !== me && p.status === 'playing' && p.cards === 1).map((p) => p.id);
}

/** The other players in turn order starting after `me` (seat order, reversed when the direction is clockwise). */
export function seatsAfter<P extends { id: string }>(players: readonly P[], me: string, direction: 'counterclockwise' | 'clockwise'): P[] {
  const at = players.findIndex((p) => p.id === me);
  const ordered = at < 0 ? [...players] : [...players.slice(at + 1), ...players.slice(0, at)];
  return direction === 'clockwise' ? ordered.reverse() : ordered;
}

const SUIT_OF_LETTER: Readonly<Record<string, Suit>> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };

/** `h-8-1` → `8♥` (card ids name the suit letter, rank and deck copy); an unknown id as it is. */
export function labelOfId(id: string): string {
  const [letter, rank] = id.split('-');
  const suit = SUIT_OF_LETTER[letter ?? ''];
  return suit && rank && (RANKS as readonly string[]).includes(rank) ? shortLabel({ id, suit, rank: rank as Rank }) : id;
}
