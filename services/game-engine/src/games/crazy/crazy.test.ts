/** Crazy's rules as given a table / when a command / then events or a named rejection (decisions: rules.ts). */
import { describe, expect, it } from 'vitest';
import { ALL_CARD_IDS } from './cards.ts';
import { commitmentOf, fairRandom, fairRandomAt } from '../../fairness/fairness.ts';
import { testServerSeed } from '../../fairness/testing.ts';
import { decide, evolve, fold, initialState, startEvents, step, winnersOf } from './decider.ts';
import { CrazyEvent, CrazyMove, moveToCommand, type CardsDrawn, type CrazyStarted } from './messages.ts';
import {
  CRAZY_ACE_OF_SPADES_DRAW,
  CRAZY_CALL_DRAW,
  CRAZY_FALSE_CALL_DRAW,
  CRAZY_FALSE_JOKER_DRAW,
  CRAZY_FORGOTTEN_QEREGN_DRAW,
  CRAZY_TWO_DRAW,
  CRAZY_WIN_POINTS,
  CRAZY_WRONG_CARD_DRAW,
  crazyTurnMsOf,
} from './rules.ts';
import {
  STARTED_AT,
  after,
  callCrazy,
  cardsInPlay,
  crazyConfig,
  drawCard,
  facePenalty,
  pass,
  play,
  playCards,
  qeregn,
  remove,
  rig,
  started,
  timeout,
  types,
  when,
  type Played,
} from './testing.ts';
import { viewFor } from './view.ts';

const drawn = (outcome: CrazyEvent[] | string): CardsDrawn['data'][] =>
  typeof outcome === 'string' ? [] : outcome.flatMap((e) => (e.type === 'CardsDrawn' ? [e.data] : []));

/** ann to play on 9♥ with a hand of her own; bob and cat hold a few cards. */
const table = (annHand: string[], more: Partial<Parameters<typeof rig>[0]> = {}): Played =>
  rig({
    hands: { ann: annHand, bob: ['c-3-2', 'c-5-2', 'c-6-2'], cat: ['d-3-2', 'd-5-2', 'd-6-2'] },
    pile: ['h-9-1'],
    ...more,
  });

const expectWhole = (p: Played) => {
  const all = cardsInPlay(p.state);
  expect(all).toHaveLength(104);
  expect(new Set(all).size).toBe(104);
};

describe('dealing from the match’s fair stream', () => {
  const SEED = testServerSeed('seed-1');

  it('deals two decks: the starter 6, everyone else 5, the rest in the deck, every card once', () => {
    const [event] = startEvents(crazyConfig({ players: ['ann', 'bob', 'cat', 'dan'] }), SEED);
    if (event?.type !== 'CrazyStarted') throw new Error('no start');
    const { hands, deck, starter } = event.data;
    for (const [id, hand] of Object.entries(hands)) expect(hand).toHaveLength(id === starter ? 6 : 5);
    expect(deck).toHaveLength(104 - 6 - 15);
    expect(new Set([...Object.values(hands).flat(), ...deck])).toEqual(new Set(ALL_CARD_IDS));
    expect(ALL_CARD_IDS).toContain('h-A-1');
    expect(ALL_CARD_IDS).toContain('s-10-2');
  });

  it('draws the published way: shuffle the 104, then int(players) for the starter, then deal from the starter round the seats', () => {
    const players = ['ann', 'bob', 'cat', 'dan'];
    const [event] = startEvents(crazyConfig({ players }), SEED);
    if (event?.type !== 'CrazyStarted') throw new Error('no start');
    const seeds = { serverSeed: SEED, clientSeed: 'match-1', nonce: 0 };
    const random = fairRandom(seeds);
    const deck = random.shuffle(ALL_CARD_IDS);
    const starterIndex = random.int(players.length);
    const order = players.map((_, k) => players[(starterIndex + k) % players.length]!);
    expect(event.data.starter).toBe(order[0]);
    expect(order.flatMap((id) => event.data.hands[id]!)).toEqual(deck.slice(0, 6 + 5 * 3));
    expect(event.data.deck).toEqual(deck.slice(21));
    // The start event keeps the seeds (secret) and where the stream got to, and no old-style seed.
    expect(event.data).toMatchObject({ fairness: seeds, bytesUsed: random.bytesUsed });
    expect(event.data).not.toHaveProperty('seed');
  });

  it('is the same deal for the same seeds and another for another server seed or another match', () => {
    expect(startEvents(crazyConfig(), SEED)).toEqual(startEvents(crazyConfig(), SEED));
    expect(startEvents(crazyConfig(), SEED)).not.toEqual(startEvents(crazyConfig(), testServerSeed('seed-2')));
    const other = startEvents(crazyConfig({ matchId: 'match-2' }), SEED)[0]!;
    expect(other.type === 'CrazyStarted' && other.data.deck).not.toEqual((startEvents(crazyConfig(), SEED)[0] as CrazyStarted).data.deck);
    const starters = new Set(Array.from({ length: 40 }, (_, i) => initialState(crazyConfig(), testServerSeed(`s${i}`)).starter));
    expect(starters).toEqual(new Set(['ann', 'bob', 'cat']));
  });

  it('deals the vector the browser’s verifier checks (client/src/features/games/crazy/verify.test.ts)', () => {
    const state = initialState(crazyConfig({ matchId: 'crazy.7c1d', players: ['u-1', 'u-2', 'u-3'] }), testServerSeed('verify-crazy'));
    expect(state.chance.seeds).toEqual({
      serverSeed: 'b3d686ea91fd4aa1acae03e9295b21234eb62f65d5b7e854020582a86907ad61',
      clientSeed: 'crazy_7c1d',
      nonce: 0,
    });
    expect(state.starter).toBe('u-3');
    expect(state.hands).toEqual({
      'u-1': ['c-J-2', 's-J-2', 'h-6-1', 'd-5-2', 'c-Q-2'],
      'u-2': ['c-8-1', 'c-3-1', 'h-9-2', 'c-4-2', 's-A-2'],
      'u-3': ['d-K-2', 'd-A-1', 'h-7-1', 'c-10-1', 'd-Q-1', 'h-3-1'],
    });
    expect(state.deck.slice(0, 5)).toEqual(['s-4-2', 's-2-1', 's-K-1', 'd-J-1', 'd-4-1']);
    expect(state.chance.bytesUsed).toBe(416);
    // The reshuffle the decider draws next: the starter's first five cards on the pile, the four under the top.
    const reshuffle = fairRandomAt(state.chance.seeds, state.chance.bytesUsed).shuffle(['d-K-2', 'd-A-1', 'h-7-1', 'c-10-1']);
    expect(reshuffle).toEqual(['c-10-1', 'd-K-2', 'h-7-1', 'd-A-1']);
  });

  it('takes the match id as the client seed, written with `_` for a character a client seed may not hold', () => {
    const [event] = startEvents(crazyConfig({ matchId: 'crazy.0b9c-42' }), SEED);
    expect(event).toMatchObject({ data: { fairness: { serverSeed: SEED, clientSeed: 'crazy_0b9c-42', nonce: 0 } } });
  });

  it('refuses a server seed that is not 64 lowercase hex characters', () => {
    for (const bad of ['seed-1', SEED.toUpperCase(), SEED.slice(1)]) expect(() => startEvents(crazyConfig(), bad)).toThrow(RangeError);
  });

  it("opens on the starter's turn, an empty pile, seat order, the turn timer running (Normal 30 s, Rush 15 s)", () => {
    const state = initialState(crazyConfig({ turnMs: crazyTurnMsOf('rush') }), SEED);
    expect(state).toMatchObject({ status: 'playing', pile: [], suit: null, penalty: 0, direction: 1, turnNumber: 1 });
    expect(state.currentPlayer).toBe(state.starter);
    expect(state.turnDeadline).toBe(after(15));
    expect(crazyTurnMsOf('normal')).toBe(30_000);
  });

  it('needs 2 to 8 distinct players, and deals only to them (§11.4.4)', () => {
    expect(() => startEvents(crazyConfig({ players: ['ann'] }), SEED)).toThrow(RangeError);
    expect(() => startEvents(crazyConfig({ players: Array.from({ length: 9 }, (_, i) => `p${i}`) }), SEED)).toThrow(RangeError);
    expect(() => startEvents(crazyConfig({ players: ['ann', 'ann'] }), SEED)).toThrow(RangeError);
    const eight = initialState(crazyConfig({ players: Array.from({ length: 8 }, (_, i) => `p${i}`) }), SEED);
    expect(Object.keys(eight.hands)).toEqual(eight.players.map((p) => p.id));
    expect(cardsInPlay(eight)).toHaveLength(104);
  });

  it('lets the starter open with any card, its effect applying', () => {
    const given = rig({ hands: { ann: ['s-7-1', 'h-3-1'], bob: ['c-3-1'], cat: ['d-3-1'] } });
    const { state } = play(given, playCards('ann', ['s-7-1']));
    expect(state).toMatchObject({ pile: ['s-7-1'], suit: 'spades', currentPlayer: 'cat' });
  });
});

describe('matching the pile', () => {
  it('takes a card of the current suit or of the top card’s rank, and passes the turn in seat order', () => {
    expect(types(when(table(['h-3-1', 'c-4-2']), playCards('ann', ['h-3-1'])))).toEqual(['CardsPlayed', 'TurnPassed']);
    const { state } = play(table(['c-9-1', 'c-4-2']), playCards('ann', ['c-9-1']));
    expect(state).toMatchObject({ suit: 'clubs', currentPlayer: 'bob', turnNumber: 2, turnDeadline: after(31), hands: { ann: ['c-4-2'] } });
    expect(state.pile).toEqual(['h-9-1', 'c-9-1']);
  });

  it('plays an 8 or a J on anything, choosing the suit (default: its own)', () => {
    const chosen = play(table(['c-8-1', 'c-4-2']), playCards('ann', ['c-8-1'], 'diamonds')).state;
    expect(chosen).toMatchObject({ suit: 'diamonds', currentPlayer: 'bob', suitLocked: true });
    const own = play(table(['s-J-1', 'c-4-2']), playCards('ann', ['s-J-1'])).state;
    expect(own.suit).toBe('spades');
  });

  it('punishes a wrong card: the card stays, the player draws 2 and keeps the turn and its deadline', () => {
    const given = table(['s-3-1', 'd-4-2'], { deckTop: ['c-K-1', 'c-Q-1'] });
    const outcome = when(given, playCards('ann', ['d-4-2']));
    expect(types(outcome)).toEqual(['WrongPlay', 'CardsDrawn']);
    expect(drawn(outcome)).toEqual([
      { playerId: 'ann', cards: ['c-K-1', 'c-Q-1'], owed: CRAZY_WRONG_CARD_DRAW, reason: 'wrong_card', at: after(1) },
    ]);
    const { state } = play(given, playCards('ann', ['d-4-2']));
    expect(state).toMatchObject({ currentPlayer: 'ann', turnNumber: 1, pile: ['h-9-1'], turnDeadline: given.state.turnDeadline });
    expect(state.hands.ann).toEqual(['s-3-1', 'd-4-2', 'c-K-1', 'c-Q-1']);
  });

  it('punishes a false joker (matches nothing, and the other colour) with 5', () => {
    const outcome = when(table(['s-3-1']), playCards('ann', ['s-3-1']));
    expect(drawn(outcome)[0]).toMatchObject({ reason: 'false_joker', owed: CRAZY_FALSE_JOKER_DRAW });
    expect(drawn(outcome)[0]!.cards).toHaveLength(CRAZY_FALSE_JOKER_DRAW);
  });

  it('judges colour by the suit in force after an 8/J, not the top card', () => {
    // 8♥ chose spades: a club is the same colour as spades, so only a wrong card.
    const given = table(['c-3-1', 'h-4-1'], { pile: ['h-9-1', 'h-8-1'], suit: 'spades' });
    expect(drawn(when(given, playCards('ann', ['c-3-1'])))[0]).toMatchObject({ reason: 'wrong_card' });
    expect(drawn(when(given, playCards('ann', ['h-4-1'])))[0]).toMatchObject({ reason: 'false_joker' });
  });

  it.each([
    ['not your turn', 'bob', ['c-3-1'], undefined, 'not_your_turn'],
    ['not a player', 'zed', ['c-3-1'], undefined, 'not_your_match'],
    ['no cards', 'ann', [], undefined, 'no_cards_selected'],
    ['a card of another hand', 'ann', ['c-3-1'], undefined, 'card_not_in_hand'],
    ['an unknown id', 'ann', ['x-1-1'], undefined, 'card_not_in_hand'],
    ['the same card twice (§11.2.6)', 'ann', ['h-3-1', 'h-3-1'], undefined, 'card_not_in_hand'],
    ['a suit with a plain card', 'ann', ['h-3-1'], 'clubs', 'suit_not_allowed'],
    ['two cards that are no combination', 'ann', ['h-3-1', 'h-4-1'], undefined, 'invalid_combination'],
  ] as const)('rejects %s', (_name, player, cards, suit, rejection) => {
    expect(when(table(['h-3-1', 'h-4-1', 'c-8-1']), playCards(player, [...cards], suit))).toBe(rejection);
  });
});

describe('penalty chains: 2 and A♠', () => {
  it('a 2 makes the next player face 2', () => {
    const { state } = play(table(['h-2-1', 'c-4-2']), playCards('ann', ['h-2-1']));
    expect(state).toMatchObject({ penalty: CRAZY_TWO_DRAW, currentPlayer: 'bob' });
  });

  it('any 2 stacks on a 2 and passes the total on', () => {
    const given = rig({ hands: { ann: ['c-K-1'], bob: ['d-2-1', 'c-4-1'], cat: ['d-3-1'] }, pile: ['h-2-1'], current: 'bob', penalty: 2 });
    const { state } = play(given, playCards('bob', ['d-2-1']));
    expect(state).toMatchObject({ penalty: 4, currentPlayer: 'cat', suit: 'diamonds' });
  });

  it('the A♠ makes the next face 5, and stacks on the 2♠ only', () => {
    expect(play(table(['s-A-1', 'c-4-2'], { pile: ['s-9-1'] }), playCards('ann', ['s-A-1'])).state.penalty).toBe(CRAZY_ACE_OF_SPADES_DRAW);
    const onSpade = rig({ hands: { ann: ['s-A-1', 'c-4-1'], bob: ['c-3-1'] }, pile: ['s-2-1'], penalty: 2 });
    expect(play(onSpade, playCards('ann', ['s-A-1'])).state).toMatchObject({ penalty: 7, currentPlayer: 'bob' });
    const onHeart = rig({ hands: { ann: ['s-A-1', 'c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    const wrong = when(onHeart, playCards('ann', ['s-A-1']));
    expect(types(wrong)).toEqual(['WrongPlay', 'CardsDrawn']);
    expect(play(onHeart, playCards('ann', ['s-A-1'])).state).toMatchObject({ penalty: 2, currentPlayer: 'ann' });
  });

  it('the A♠ itself must fit the pile when no chain is on (spades, or on an Ace)', () => {
    expect(types(when(table(['s-A-1', 'c-4-2']), playCards('ann', ['s-A-1'])))).toEqual(['WrongPlay', 'CardsDrawn']);
    expect(play(table(['s-A-1', 'c-4-2'], { pile: ['h-A-1'] }), playCards('ann', ['s-A-1'])).state.penalty).toBe(CRAZY_ACE_OF_SPADES_DRAW);
  });

  it('on the A♠ only the other A♠ or the 2♠ stacks; anything else is a wrong card (2)', () => {
    const facing = (card: string) => rig({ hands: { ann: [card, 'c-4-1'], bob: ['c-3-1'] }, pile: ['s-A-1'], penalty: 5 });
    expect(play(facing('s-A-2'), playCards('ann', ['s-A-2'])).state.penalty).toBe(10);
    expect(play(facing('s-2-1'), playCards('ann', ['s-2-1'])).state.penalty).toBe(7);
    for (const card of ['h-2-1', 's-9-1', 'd-8-1']) {
      const outcome = when(facing(card), playCards('ann', [card]));
      expect(drawn(outcome)[0]).toMatchObject({ reason: 'wrong_card', owed: CRAZY_WRONG_CARD_DRAW });
    }
  });

  it('face_penalty draws the whole chain and keeps the turn; then Pass needs no second draw (§11.4.3)', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 4 });
    const outcome = when(given, facePenalty('ann'));
    expect(drawn(outcome)[0]).toMatchObject({ reason: 'penalty', owed: 4 });
    const faced = play(given, facePenalty('ann'));
    expect(faced.state).toMatchObject({ penalty: 0, currentPlayer: 'ann', hasDrawn: true });
    expect(faced.state.hands.ann).toHaveLength(5);
    expect(when(faced, drawCard('ann'))).toBe('already_drew');
    expect(play(faced, pass('ann')).state.currentPlayer).toBe('bob');
  });

  it('after taking the chain the player may play on the pile', () => {
    const given = rig({ hands: { ann: ['h-5-1', 'c-4-1'], bob: ['c-3-1'], cat: ['d-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    const { state } = play(given, facePenalty('ann'), playCards('ann', ['h-5-1']));
    expect(state.pile.at(-1)).toBe('h-5-1');
  });

  it('Pass while facing a chain takes the chain and really passes the turn (§11.4.3)', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    const outcome = when(given, pass('ann'));
    expect(types(outcome)).toEqual(['CardsDrawn', 'TurnPassed']);
    expect(play(given, pass('ann')).state).toMatchObject({ penalty: 0, currentPlayer: 'bob', hasDrawn: false });
  });

  it('a plain draw is refused while facing a chain; face_penalty without one is refused', () => {
    const facing = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    expect(when(facing, drawCard('ann'))).toBe('must_answer_penalty');
    expect(when(table(['c-4-1']), facePenalty('ann'))).toBe('no_penalty');
    expect(when(facing, facePenalty('bob'))).toBe('not_your_turn');
  });

  it('a drop, or a plain card, while facing a chain is a wrong card; the chain stays', () => {
    const given = rig({ hands: { ann: ['h-7-1', 'h-3-1', 'h-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    expect(drawn(when(given, playCards('ann', ['h-7-1', 'h-3-1'])))[0]).toMatchObject({ reason: 'wrong_card', owed: 2 });
    expect(play(given, playCards('ann', ['h-4-1'])).state).toMatchObject({ penalty: 2, currentPlayer: 'ann' });
  });

  it('winning with a penalty card ends the match at once', () => {
    const given = rig({ hands: { ann: ['h-2-2'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2, saidQeregn: { ann: true } });
    const { state } = play(given, playCards('ann', ['h-2-2']));
    expect(state).toMatchObject({ status: 'finished', winner: 'ann', currentPlayer: null });
  });
});

describe('5 reverses, 7 skips', () => {
  const four = (card: string) => rig({ hands: { ann: [card, 'c-4-1'], bob: ['c-3-1'], cat: ['d-3-1'], dan: ['s-3-1'] }, pile: ['h-9-1'] });

  it('a 5 reverses the direction: the turn goes the other way', () => {
    const { state } = play(four('h-5-1'), playCards('ann', ['h-5-1']));
    expect(state).toMatchObject({ direction: -1, currentPlayer: 'dan' });
    const back = play({ ...four('h-5-1') }, playCards('ann', ['h-5-1']));
    expect(play(back, drawCard('dan'), pass('dan')).state.currentPlayer).toBe('cat');
  });

  it('a 7 skips the next player', () => {
    expect(play(four('h-7-1'), playCards('ann', ['h-7-1'])).state.currentPlayer).toBe('cat');
  });

  it('with two players a 5 or a 7 gives the same player another turn (a fresh one)', () => {
    for (const card of ['h-5-1', 'h-7-1']) {
      const given = rig({ hands: { ann: [card, 'c-4-1'], bob: ['c-3-1'] }, pile: ['h-9-1'], hasDrawn: true });
      const { state, events } = play(given, playCards('ann', [card]));
      expect(state).toMatchObject({ currentPlayer: 'ann', turnNumber: 2, hasDrawn: false });
      expect(events.at(-1)).toMatchObject({ type: 'TurnPassed', data: { from: 'ann', to: 'ann' } });
    }
  });

  it('counts only players still in the match (a 7 among three after one left)', () => {
    const given = play(four('h-7-1'), remove('cat'));
    expect(play(given, playCards('ann', ['h-7-1'])).state.currentPlayer).toBe('dan');
  });
});

describe('the suit-change lock', () => {
  const locked = (bobHand: string[]) =>
    play(
      rig({ hands: { ann: ['c-8-1', 'c-4-1'], bob: bobHand, cat: ['d-3-1', 'd-4-1'] }, pile: ['h-9-1'] }),
      playCards('ann', ['c-8-1'], 'diamonds'),
    );

  it('the player after an 8/J suit change may not change it again', () => {
    expect(when(locked(['h-J-1', 'c-3-1']), playCards('bob', ['h-J-1'], 'hearts'))).toBe('suit_change_locked');
  });

  it('may still play an 8/J, which keeps the suit and locks nobody', () => {
    const { state } = play(locked(['h-J-1', 'c-3-1']), playCards('bob', ['h-J-1']));
    expect(state).toMatchObject({ suit: 'diamonds', currentPlayer: 'cat', suitLocked: false });
    expect(play(locked(['h-J-1', 'c-3-1']), playCards('bob', ['h-J-1'], 'diamonds')).state.suit).toBe('diamonds');
  });

  it('is not lifted by a Qeregn declaration', () => {
    const withOne = play(
      rig({ hands: { ann: ['c-8-1', 'c-4-1'], bob: ['h-J-1', 'c-3-1'], cat: ['d-3-1'] }, pile: ['h-9-1'] }),
      playCards('ann', ['c-8-1'], 'diamonds'),
      qeregn('cat'),
    );
    expect(withOne.state).toMatchObject({ currentPlayer: 'bob', suitLocked: true });
    expect(when(withOne, playCards('bob', ['h-J-1'], 'hearts'))).toBe('suit_change_locked');
  });

  it('lasts one turn: the player after may change the suit again', () => {
    const given = play(locked(['h-J-1', 'c-3-1']), drawCard('bob'), pass('bob'));
    expect(given.state.suitLocked).toBe(false);
    expect(play(given, playCards('cat', ['d-3-1'])).state.suit).toBe('diamonds');
  });

  it("keeps the suit when a locked player's drop ends with an 8/J", () => {
    const { state } = play(locked(['s-8-1', 's-8-2', 'c-3-1']), playCards('bob', ['s-8-1', 's-8-2']));
    expect(state.suit).toBe('diamonds');
  });
});

describe('multi-card drops', () => {
  it('a 7 followed by cards of its suit goes down at once: no skip, the suit of the last card', () => {
    const given = table(['h-7-1', 'h-3-1', 'h-K-2', 'c-4-1']);
    const { state } = play(given, playCards('ann', ['h-7-1', 'h-3-1', 'h-K-2']));
    expect(state).toMatchObject({ currentPlayer: 'bob', suit: 'hearts', hands: { ann: ['c-4-1'] } });
    expect(state.pile).toEqual(['h-9-1', 'h-7-1', 'h-3-1', 'h-K-2']);
  });

  it('the identical twins go down together, with no effect', () => {
    const given = table(['c-2-1', 'c-2-2', 'c-4-1'], { pile: ['c-9-1'] });
    expect(play(given, playCards('ann', ['c-2-1', 'c-2-2'])).state).toMatchObject({ penalty: 0, currentPlayer: 'bob' });
  });

  it('rejects a 7 followed by another suit, and a run that does not start with a 7', () => {
    expect(when(table(['h-7-1', 'c-3-1']), playCards('ann', ['h-7-1', 'c-3-1']))).toBe('invalid_combination');
    expect(when(table(['h-3-1', 'h-7-1']), playCards('ann', ['h-3-1', 'h-7-1']))).toBe('invalid_combination');
    expect(when(table(['h-7-1', 'h-3-1']), playCards('ann', ['h-7-1', 'h-3-1'], 'hearts'))).toBe('suit_not_allowed');
  });

  it('checks the first card against the pile (§11.2.6): a wrong first card is a wrong card', () => {
    const given = table(['d-7-1', 'd-3-1', 'c-4-1']);
    const outcome = when(given, playCards('ann', ['d-7-1', 'd-3-1']));
    expect(types(outcome)).toEqual(['WrongPlay', 'CardsDrawn']);
    expect(play(given, playCards('ann', ['d-7-1', 'd-3-1'])).state.hands.ann).toHaveLength(3 + CRAZY_WRONG_CARD_DRAW);
  });

  it('checks every card against the hand (§11.2.6)', () => {
    expect(when(table(['h-7-1', 'c-4-1']), playCards('ann', ['h-7-1', 'h-3-1']))).toBe('card_not_in_hand');
    expect(when(table(['h-7-1', 'c-4-1']), playCards('ann', ['h-7-1', 'h-7-1']))).toBe('card_not_in_hand');
  });

  it('emptying the hand with a drop wins without a Qeregn (one card was never held)', () => {
    const { state } = play(table(['h-7-1', 'h-3-1']), playCards('ann', ['h-7-1', 'h-3-1']));
    expect(state).toMatchObject({ status: 'finished', winner: 'ann', endReason: 'emptied_hand' });
  });
});

describe('drawing and passing', () => {
  it('draws one card per turn and keeps the turn', () => {
    const given = table(['c-4-1'], { deckTop: ['s-K-1'] });
    const { state } = play(given, drawCard('ann'));
    expect(state).toMatchObject({ currentPlayer: 'ann', hasDrawn: true, hands: { ann: ['c-4-1', 's-K-1'] } });
    expect(when({ ...given, state }, drawCard('ann'))).toBe('already_drew');
  });

  it('passes (Yelegnm) only after drawing', () => {
    expect(when(table(['c-4-1']), pass('ann'))).toBe('draw_first');
    const { state } = play(table(['c-4-1']), drawCard('ann'), pass('ann'));
    expect(state).toMatchObject({ currentPlayer: 'bob', hasDrawn: false, turnNumber: 2 });
  });

  it('may play any legal card after drawing', () => {
    const given = table(['h-4-1', 'c-4-1'], { deckTop: ['s-K-1'] });
    expect(play(given, drawCard('ann'), playCards('ann', ['h-4-1'])).state.currentPlayer).toBe('bob');
  });

  it('with nothing left to draw, refuses the draw and lets the player pass', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-9-1'], deck: [] });
    expect(when(given, drawCard('ann'))).toBe('nothing_to_draw');
    expect(play(given, pass('ann')).state.currentPlayer).toBe('bob');
  });
});

describe('reshuffling the pile', () => {
  /** A full table with an empty deck and four cards on the pile; `label` names the match's server seed. */
  const short = (label = 'rigged', bytesUsed = 0) => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['d-5-1', 'd-6-1', 'd-7-1', 'h-9-1'], deck: [] });
    const pile = new Set(given.state.pile);
    const rest = ALL_CARD_IDS.filter((id) => !pile.has(id) && id !== 'c-4-1' && id !== 'c-3-1');
    // The rest of the cards sit in cat's hand (a full table), so the deck is empty and the pile must be reused.
    const full = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'], cat: rest }, pile: [...given.state.pile], deck: [] });
    const seeds = { serverSeed: testServerSeed(label), clientSeed: 'match-1', nonce: 0 };
    return { ...full, state: { ...full.state, chance: { seeds, commitment: commitmentOf(seeds.serverSeed), bytesUsed } } };
  };

  it('puts the pile under its top card, shuffled by the match’s stream, into the deck when it runs out', () => {
    const outcome = when(short(), drawCard('ann'));
    expect(types(outcome)).toEqual(['PileReshuffled', 'CardsDrawn']);
    const { state } = play(short(), drawCard('ann'));
    expect(state.pile).toEqual(['h-9-1']);
    expect(state.deck).toHaveLength(2);
    expect(state.reshuffles).toBe(1);
    expectWhole({ ...short(), state });
  });

  it('shuffles where the stream had got to, records where it left off, and the next reshuffle goes on from there', () => {
    const given = short('rigged', 412);
    const outcome = when(given, drawCard('ann'));
    const reshuffled = (outcome as CrazyEvent[])[0]!;
    const random = fairRandomAt(given.state.chance.seeds, 412);
    expect(reshuffled).toMatchObject({
      type: 'PileReshuffled',
      data: { cards: random.shuffle(['d-5-1', 'd-6-1', 'd-7-1']), bytesUsed: random.bytesUsed },
    });
    const after1 = play(given, drawCard('ann')).state;
    expect(after1.chance.bytesUsed).toBe(random.bytesUsed);

    // ann plays the card she drew onto nothing useful later; here: put the pile back under a new top and draw again.
    const refilled: Played = {
      state: { ...after1, currentPlayer: 'bob', hasDrawn: false, deck: [], pile: ['s-2-1', 's-3-1', 'h-9-1'] },
      events: [],
    };
    const second = (when(refilled, drawCard('bob')) as CrazyEvent[])[0]!;
    expect(second).toMatchObject({
      type: 'PileReshuffled',
      data: { cards: random.shuffle(['s-2-1', 's-3-1']), bytesUsed: random.bytesUsed },
    });
  });

  it('is deterministic: the same seeds and position give the same order, another server seed another', () => {
    expect(when(short('a'), drawCard('ann'))).toEqual(when(short('a'), drawCard('ann')));
    const orders = new Set(
      Array.from({ length: 12 }, (_, i) => JSON.stringify((when(short(`b${i}`), drawCard('ann')) as CrazyEvent[])[0])),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('draws what there is when every other card is in a hand, and never makes cards', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 4, deck: ['s-K-1'] });
    const outcome = when(given, facePenalty('ann'));
    expect(drawn(outcome)).toEqual([{ playerId: 'ann', cards: ['s-K-1'], owed: 4, reason: 'penalty', at: after(1) }]);
    expect(play(given, facePenalty('ann')).state.penalty).toBe(0);
  });
});

describe('a match started before Crazy drew from the fairness module', () => {
  /** Its start event as it was stored then: an old `seed`, no fairness. */
  const legacy = (): Played => {
    const { events } = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: [], deck: [] });
    const { fairness: _fairness, bytesUsed: _bytesUsed, ...data } = (events[0] as CrazyStarted).data;
    const started = CrazyEvent.parse({ type: 'CrazyStarted', data: { ...data, seed: 'an-old-base64url-seed' } });
    return { state: fold([started]), events: [started] };
  };

  it('still parses and folds, and shows no fairness (it never showed a commitment)', () => {
    const { state } = legacy();
    expect(state.chance.commitment).toBeNull();
    expect(viewFor(state, 'ann').fairness).toBeNull();
    expect(viewFor({ ...state, status: 'finished' }, 'ann').fairness).toBeNull();
  });

  it('replays its old reshuffles as they are stored, and reshuffles again from a stream keyed by its old seed', () => {
    const base = legacy();
    const stored: CrazyEvent = CrazyEvent.parse({ type: 'PileReshuffled', data: { cards: ['h-5-1'], at: after(1) } });
    const state = evolve({ ...base.state, pile: ['h-5-1', 'h-9-1'] }, stored);
    expect(state).toMatchObject({ deck: ['h-5-1'], pile: ['h-9-1'], reshuffles: 1 });
    expect(state.chance.bytesUsed).toBe(0);
    const refilled: Played = { state: { ...state, deck: [], pile: ['d-5-1', 'd-6-1', 'h-9-1'] }, events: [] };
    const next = when(refilled, drawCard('ann'));
    expect(types(next)).toEqual(['PileReshuffled', 'CardsDrawn']);
    expect(next).toEqual(when(refilled, drawCard('ann')));
  });

  it('refuses a start event with both an old seed and the seeds, or with neither', () => {
    const data = (rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] } }).events[0] as CrazyStarted).data;
    expect(CrazyEvent.safeParse({ type: 'CrazyStarted', data: { ...data, seed: 'old' } }).success).toBe(false);
    const { fairness: _fairness, ...neither } = data;
    expect(CrazyEvent.safeParse({ type: 'CrazyStarted', data: neither }).success).toBe(false);
  });
});

describe('the fairness shown to the table', () => {
  it('shows the commitment and the seeds from the deal, the server seed only once the match is finished', () => {
    const { state } = started({}, 'seed-1');
    const seed = testServerSeed('seed-1');
    for (const viewer of ['ann', 'bob', null]) {
      expect(viewFor(state, viewer).fairness).toEqual({
        commitment: commitmentOf(seed),
        serverSeed: null,
        clientSeed: 'match-1',
        nonce: 0,
      });
      expect(JSON.stringify(viewFor(state, viewer))).not.toContain(seed);
    }
    const over = play(started({}, 'seed-1'), remove(state.players.find((p) => p.id !== state.starter)!.id), remove(state.starter)).state;
    expect(over.status).toBe('finished');
    expect(viewFor(over, 'ann').fairness).toMatchObject({ commitment: commitmentOf(seed), serverSeed: seed });
  });
});

describe('Qeregn and Crazy calls (§11.4.2)', () => {
  /** ann plays down to one card; bob is next. */
  const oneLeft = () => play(table(['h-3-1', 'c-4-1']), playCards('ann', ['h-3-1']));

  it('a play down to one card opens a grace window in which a call is false and costs the caller', () => {
    const given = oneLeft();
    expect(given.state.qeregnWindow).toBe('ann');
    const outcome = when(given, callCrazy('cat', 'ann'));
    expect(types(outcome)).toEqual(['CrazyCalled', 'CardsDrawn']);
    expect(outcome[0]).toMatchObject({ data: { callerId: 'cat', targetId: 'ann', right: false } });
    expect(drawn(outcome)[0]).toMatchObject({ playerId: 'cat', owed: CRAZY_FALSE_CALL_DRAW, reason: 'false_crazy_call' });
  });

  it('the window closes when the next player acts; then a call catches: the target draws 2', () => {
    const given = play(oneLeft(), drawCard('bob'));
    expect(given.events.map((e) => e.type)).toContain('QeregnWindowClosed');
    expect(given.state.qeregnWindow).toBeNull();
    const outcome = when(given, callCrazy('cat', 'ann'));
    expect(outcome[0]).toMatchObject({ data: { right: true } });
    expect(drawn(outcome)[0]).toMatchObject({ playerId: 'ann', owed: CRAZY_CALL_DRAW, reason: 'crazy_call' });
    expect(play(given, callCrazy('cat', 'ann')).state.hands.ann).toHaveLength(3);
  });

  it('the window closes on the next player’s timeout too', () => {
    const given = play(oneLeft(), timeout(2));
    expect(given.state.qeregnWindow).toBeNull();
    expect(when(given, callCrazy('bob', 'ann'))).toMatchObject([{ data: { right: true } }, {}]);
  });

  it('declared in time, the player cannot be caught (a call is false)', () => {
    const given = play(oneLeft(), qeregn('ann', after(2)), drawCard('bob'));
    expect(given.state.saidQeregn.ann).toBe(true);
    expect(when(given, callCrazy('cat', 'ann'))).toMatchObject([{ data: { right: false } }, { data: { playerId: 'cat' } }]);
  });

  it('may declare late, off turn, as long as nobody caught them first', () => {
    const given = play(oneLeft(), drawCard('bob'), qeregn('ann'));
    expect(given.state.saidQeregn.ann).toBe(true);
  });

  it('a false call on a player with more cards costs the caller', () => {
    expect(drawn(when(table(['h-3-1', 'c-4-1']), callCrazy('bob', 'ann')))[0]).toMatchObject({ playerId: 'bob', owed: 1 });
  });

  it.each([
    ['with more than one card', (g: Played) => g, 'bob', 'qeregn_needs_one_card'],
    ['twice', (g: Played) => play(g, qeregn('ann')), 'ann', 'already_said_qeregn'],
    ['from outside the match', (g: Played) => g, 'zed', 'not_your_match'],
  ] as const)('refuses a declaration %s', (_name, prepare, player, rejection) => {
    expect(when(prepare(oneLeft()), qeregn(player))).toBe(rejection);
  });

  it('refuses self-calls and calls on someone not in the match', () => {
    expect(when(oneLeft(), callCrazy('ann', 'ann'))).toBe('cannot_call_self');
    expect(when(oneLeft(), callCrazy('bob', 'zed'))).toBe('unknown_target');
    expect(when(play(oneLeft(), remove('cat')), callCrazy('bob', 'cat'))).toBe('unknown_target');
    expect(when(oneLeft(), callCrazy('zed', 'ann'))).toBe('not_your_match');
  });

  it('a declaration lasts only while the hand has its one card: any draw clears it', () => {
    // ann declared, then plays a wrong card and draws for it.
    const given = rig({
      hands: { ann: ['d-5-1'], bob: ['c-3-1', 'c-4-1'], cat: ['d-3-1', 'd-4-1'] },
      pile: ['h-9-1'],
      saidQeregn: { ann: true },
    });
    const wrong = play(given, playCards('ann', ['d-5-1']));
    expect(wrong.state.hands.ann).toHaveLength(1 + CRAZY_WRONG_CARD_DRAW);
    expect(wrong.state.saidQeregn.ann).toBe(false);
  });

  it('a player who declared and then draws loses the declaration and can be caught later', () => {
    const given = rig({
      hands: { ann: ['s-3-1'], bob: ['c-3-1', 'c-4-1'], cat: ['d-3-1', 'd-4-1'] },
      pile: ['h-9-1'],
      deckTop: ['h-7-1', 'h-4-1'],
      saidQeregn: { ann: true },
    });
    // ann draws (h-7-1): two cards, no declaration any more; she drops h-7-1... one card: window; bob acts; caught.
    const p = play(given, drawCard('ann'), playCards('ann', ['h-7-1']));
    expect(p.state.saidQeregn.ann).toBe(false);
    const after7 = play(p, drawCard('cat'));
    expect(when(after7, callCrazy('bob', 'ann'))).toMatchObject([{ data: { right: true } }, { data: { playerId: 'ann' } }]);
  });

  it('going out on an undeclared last card is a forgotten Qeregn: the card stays, draw 2, keep the turn', () => {
    const given = rig({ hands: { ann: ['h-3-1'], bob: ['c-3-1'], cat: ['d-3-1'] }, pile: ['h-9-1'] });
    const outcome = when(given, playCards('ann', ['h-3-1']));
    expect(types(outcome)).toEqual(['WrongPlay', 'CardsDrawn']);
    expect(drawn(outcome)[0]).toMatchObject({ reason: 'forgot_qeregn', owed: CRAZY_FORGOTTEN_QEREGN_DRAW });
    expect(play(given, playCards('ann', ['h-3-1'])).state).toMatchObject({ status: 'playing', currentPlayer: 'ann' });
  });

  it('with two players, a 7 down to one card: the player’s own next move closes the window', () => {
    const given = rig({ hands: { ann: ['h-7-1', 'h-3-1'], bob: ['c-3-1'] }, pile: ['h-9-1'] });
    const again = play(given, playCards('ann', ['h-7-1']));
    expect(again.state).toMatchObject({ currentPlayer: 'ann', qeregnWindow: 'ann' });
    expect(types(when(again, playCards('ann', ['h-3-1'])))).toEqual(['QeregnWindowClosed', 'WrongPlay', 'CardsDrawn']);
    const declared = play(again, qeregn('ann'), playCards('ann', ['h-3-1']));
    expect(declared.state).toMatchObject({ status: 'finished', winner: 'ann' });
  });
});

describe('timeouts', () => {
  it('a timeout draws one card and passes', () => {
    const given = table(['c-4-1'], { deckTop: ['s-K-1'] });
    const outcome = when(given, timeout(1));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'CardsDrawn', 'TurnPassed']);
    expect(play(given, timeout(1)).state).toMatchObject({
      currentPlayer: 'bob',
      hands: { ann: ['c-4-1', 's-K-1'] },
      timeoutsInRow: { ann: 1 },
    });
  });

  it('a player who drew already only passes; one facing a chain takes the chain', () => {
    expect(types(when(table(['c-4-1'], { hasDrawn: true }), timeout(1)))).toEqual(['TurnTimedOut', 'TurnPassed']);
    const facing = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    expect(drawn(when(facing, timeout(1)))[0]).toMatchObject({ reason: 'penalty', owed: 2 });
    expect(play(facing, timeout(1)).state).toMatchObject({ penalty: 0, currentPlayer: 'bob' });
  });

  it('a stale or repeated timer changes nothing', () => {
    expect(when(table(['c-4-1']), timeout(7))).toEqual([]);
    const once = play(table(['c-4-1']), timeout(1));
    expect(when(once, timeout(1))).toEqual([]);
  });

  it('a move after the deadline counts as the timeout', () => {
    const outcome = when(table(['h-4-1']), playCards('ann', ['h-4-1'], undefined, after(30)));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'CardsDrawn', 'TurnPassed']);
  });

  it('three timed-out turns in a row take the player out; a played turn resets the count', () => {
    const given = table(['c-4-1', 'h-4-1'], { timeoutsInRow: { ann: 2 } });
    const outcome = when(given, timeout(1));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'PlayerRemoved', 'TurnPassed']);
    const { state } = play(given, timeout(1));
    expect(state.players.find((p) => p.id === 'ann')).toEqual({ id: 'ann', status: 'left', leftReason: 'timeouts' });
    expectWhole({ ...given, state });
    expect(play(given, playCards('ann', ['h-4-1'])).state.timeoutsInRow.ann).toBe(0);
  });
});

describe('leaving (§11.4.5)', () => {
  it('puts the leaver’s cards under the deck and passes their turn on', () => {
    const given = table(['c-4-1', 'h-4-1']);
    const { state } = play(given, remove('ann'));
    expect(state.deck.slice(-2)).toEqual(['c-4-1', 'h-4-1']);
    expect(state).toMatchObject({ currentPlayer: 'bob', hands: { ann: [] } });
    expectWhole({ ...given, state });
  });

  it('cancels a chain aimed at the leaver', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'], cat: ['d-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    expect(play(given, remove('ann')).state).toMatchObject({ penalty: 0, currentPlayer: 'bob' });
  });

  it('keeps the turn where it is when someone else leaves', () => {
    expect(play(table(['c-4-1']), remove('cat')).state.currentPlayer).toBe('ann');
  });

  it('the last player left wins', () => {
    const given = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1', 'c-K-1'] }, pile: ['h-9-1'] });
    const { state } = play(given, remove('bob'));
    expect(state).toMatchObject({ status: 'finished', winner: 'ann', endReason: 'players', scores: { ann: CRAZY_WIN_POINTS, bob: 0 } });
  });

  it('ignores removing a player already out, refuses a stranger, and a leaver cannot move', () => {
    const gone = play(table(['c-4-1']), remove('cat'));
    expect(when(gone, remove('cat'))).toEqual([]);
    expect(when(gone, remove('zed'))).toBe('not_your_match');
    expect(when(gone, qeregn('cat'))).toBe('not_your_match');
  });
});

describe('winning and scores', () => {
  it('the first to empty the hand wins; the winner scores 100 plus the points the others hold', () => {
    const given = rig({
      hands: { ann: ['h-3-1'], bob: ['c-3-1', 's-8-1'], cat: ['s-A-1', 'h-K-1'] },
      pile: ['h-9-1'],
      saidQeregn: { ann: true },
    });
    const { state, events } = play(given, playCards('ann', ['h-3-1']));
    expect(events.at(-1)).toMatchObject({ type: 'CrazyFinished', data: { winner: 'ann', reason: 'emptied_hand' } });
    expect(state.scores).toEqual({ ann: CRAZY_WIN_POINTS + 3 + 20 + 20 + 10, bob: 0, cat: 0 });
    expect(when({ ...given, state }, drawCard('bob'))).toBe('game_over');
    expect(when({ ...given, state }, timeout(state.turnNumber))).toEqual([]);
  });
});

describe('wire moves', () => {
  it('parses the issue’s moves and maps each to a command', () => {
    const at = STARTED_AT;
    const cases: [unknown, string][] = [
      [{ type: 'play', cards: ['h-8-1'], suit: 'clubs' }, 'PlayCards'],
      [{ type: 'draw' }, 'DrawCard'],
      [{ type: 'pass' }, 'Pass'],
      [{ type: 'qeregn' }, 'SayQeregn'],
      [{ type: 'crazy', target: 'bob' }, 'CallCrazy'],
      [{ type: 'face_penalty' }, 'FacePenalty'],
    ];
    for (const [raw, type] of cases) expect(moveToCommand(CrazyMove.parse(raw), 'ann', at).type).toBe(type);
    expect(moveToCommand(CrazyMove.parse({ type: 'play', cards: ['h-8-1'], suit: 'clubs' }), 'ann', at)).toEqual({
      type: 'PlayCards',
      data: { playerId: 'ann', cards: ['h-8-1'], suit: 'clubs', at },
    });
    expect(CrazyMove.safeParse({ type: 'play', cards: [] }).success).toBe(false);
    expect(CrazyMove.safeParse({ type: 'play', cards: ['h-8-1'], suit: 'stars' }).success).toBe(false);
  });

  it('every event it emits matches its schema', () => {
    const p = play(started(), drawCard(started().state.starter));
    for (const event of p.events) expect(CrazyEvent.parse(event)).toEqual(event);
  });
});

describe('step', () => {
  it('gives decide()’s events and the state they fold to; rejections as they are', () => {
    const given = table(['h-2-1', 'c-4-1']);
    const command = playCards('ann', ['h-2-1']);
    const stepped = step(command, given.state);
    const events = decide(command, given.state);
    if (typeof stepped === 'string' || typeof events === 'string') throw new Error('rejected');
    expect(stepped.events).toEqual(events);
    expect(stepped.state).toEqual(events.reduce(evolve, given.state));
    expect(step(playCards('bob', ['c-3-2']), given.state)).toBe('not_your_turn');
    expect(step(timeout(9), given.state)).toEqual({ events: [], state: given.state });
  });

  it('winnersOf: none while playing, the one winner after', () => {
    const given = rig({ hands: { ann: ['h-3-1'], bob: ['c-3-1'] }, pile: ['h-9-1'], saidQeregn: { ann: true } });
    expect(winnersOf(given.state)).toEqual([]);
    expect(winnersOf(play(given, playCards('ann', ['h-3-1'])).state)).toEqual(['ann']);
  });
});
