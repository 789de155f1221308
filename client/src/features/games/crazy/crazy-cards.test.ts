import { describe, expect, it } from 'vitest';
import {
  atOneCard,
  catchable,
  checkSelection,
  fits,
  isCombination,
  keepInHand,
  labelOfId,
  playableIds,
  seatsAfter,
  shortLabel,
  sortHand,
  toggleSelection,
} from './crazy-cards.ts';
import { card } from './crazy-fixtures.ts';

const pile = (top = card('9', 'hearts'), suit = top.suit, penalty = 0) => ({ top, suit, penalty });

describe('the hand', () => {
  it('given cards in deal order, when sorted, then by suit (colours alternating ♠ ♥ ♣ ♦), rank with A low, then copy', () => {
    const hand = [
      card('K', 'diamonds'),
      card('2', 'hearts'),
      card('A', 'spades'),
      card('10', 'hearts'),
      card('2', 'hearts', 2),
      card('5', 'clubs'),
    ];
    expect(sortHand(hand).map(shortLabel)).toEqual(['A♠', '2♥', '2♥', '10♥', '5♣', 'K♦']);
    expect(
      sortHand(hand)
        .map((c) => c.id)
        .slice(1, 3),
    ).toEqual(['h-2-1', 'h-2-2']);
  });

  it('given a selection, when a card is tapped, then it is added at the end or taken out; cards gone from the hand drop out', () => {
    expect(toggleSelection(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'a')).toEqual(['b']);
    expect(keepInHand(['h-7-1', 'h-3-1'], [card('3', 'hearts')])).toEqual(['h-3-1']);
  });
});

describe('what fits the pile', () => {
  it('given 9♥ on the pile, then the same suit, the same rank, and any 8 or J fit; nothing else', () => {
    const hand = [card('3', 'hearts'), card('9', 'clubs'), card('8', 'spades'), card('J', 'diamonds'), card('4', 'clubs')];
    expect([...playableIds(hand, pile())]).toEqual(['h-3-1', 'c-9-1', 's-8-1', 'd-J-1']);
  });

  it('given an 8 that chose spades on a heart, then spades fit and hearts do not', () => {
    expect(fits(card('3', 'spades'), pile(card('8', 'hearts'), 'spades'))).toBe(true);
    expect(fits(card('3', 'hearts'), pile(card('8', 'hearts'), 'spades'))).toBe(false);
  });

  it('given a penalty chain, then only stacking cards fit: any 2 on a 2; the A♠ on the 2♠ only; the A♠ or 2♠ on the A♠', () => {
    expect(fits(card('2', 'clubs'), pile(card('2', 'hearts'), 'hearts', 2))).toBe(true);
    expect(fits(card('8', 'hearts'), pile(card('2', 'hearts'), 'hearts', 2))).toBe(false);
    expect(fits(card('A', 'spades'), pile(card('2', 'hearts'), 'hearts', 2))).toBe(false);
    expect(fits(card('A', 'spades'), pile(card('2', 'spades'), 'spades', 2))).toBe(true);
    expect(fits(card('2', 'spades'), pile(card('A', 'spades'), 'spades', 5))).toBe(true);
    expect(fits(card('2', 'hearts'), pile(card('A', 'spades'), 'spades', 5))).toBe(false);
  });

  it('given an empty pile (the opening card), then anything fits', () => {
    expect(fits(card('K', 'clubs'), { top: null, suit: null, penalty: 0 })).toBe(true);
  });
});

describe('a selection', () => {
  it('given a 7 then cards of its suit, or identical twins, then it is a drop; otherwise not', () => {
    expect(isCombination([card('7', 'hearts'), card('3', 'hearts'), card('K', 'hearts')])).toBe(true);
    expect(isCombination([card('5', 'clubs'), card('5', 'clubs', 2)])).toBe(true);
    expect(isCombination([card('3', 'hearts'), card('7', 'hearts')])).toBe(false);
    expect(isCombination([card('5', 'clubs'), card('5', 'spades')])).toBe(false);
  });

  it('given a single 8, then a suit must be chosen unless the suit is locked', () => {
    expect(checkSelection([card('8', 'clubs')], pile(), false)).toEqual({ ok: true, chooseSuit: true });
    expect(checkSelection([card('8', 'clubs')], pile(), true)).toEqual({ ok: true, chooseSuit: false });
  });

  it('names why a selection will not go: nothing, not a drop, not a stacking card, a wrong card', () => {
    expect(checkSelection([], pile(), false)).toEqual({ ok: false, reason: 'empty' });
    expect(checkSelection([card('3', 'hearts'), card('4', 'hearts')], pile(), false)).toEqual({ ok: false, reason: 'combination' });
    expect(checkSelection([card('3', 'hearts')], pile(card('2', 'hearts'), 'hearts', 2), false)).toEqual({ ok: false, reason: 'penalty' });
    expect(checkSelection([card('4', 'clubs')], pile(), false)).toEqual({ ok: false, reason: 'wrongCard' });
    expect(checkSelection([card('7', 'hearts'), card('3', 'hearts')], pile(), false)).toEqual({ ok: true, chooseSuit: false });
  });
});

describe('the others', () => {
  const players = [
    { id: 'me', status: 'playing', cards: 3, saidQeregn: false },
    { id: 'a', status: 'playing', cards: 1, saidQeregn: false },
    { id: 'b', status: 'playing', cards: 1, saidQeregn: true },
    { id: 'c', status: 'playing', cards: 1, saidQeregn: false },
    { id: 'd', status: 'left', cards: 1, saidQeregn: false },
  ];

  it('given opponents at one card, then those without Qeregn and out of their window can be caught', () => {
    expect(atOneCard(players, 'me')).toEqual(['a', 'b', 'c']);
    expect(catchable(players, 'me', 'c')).toEqual(['a']);
    expect(catchable(players, 'me', null)).toEqual(['a', 'c']);
  });

  it('given the seat order, then the others come in turn order after me, reversed once the direction is clockwise', () => {
    const seats = ['a', 'me', 'b', 'c'].map((id) => ({ id }));
    expect(seatsAfter(seats, 'me', 'counterclockwise').map((p) => p.id)).toEqual(['b', 'c', 'a']);
    expect(seatsAfter(seats, 'me', 'clockwise').map((p) => p.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('labels', () => {
  it('given engine card ids, then short labels with suit symbols; anything else stays as it is', () => {
    expect(['h-8-1', 's-A-2', 'd-10-1', 'c-K-1'].map(labelOfId)).toEqual(['8♥', 'A♠', '10♦', 'K♣']);
    expect(labelOfId('x-9-1')).toBe('x-9-1');
  });
});
