/** viewFor / publicView / replay / the en+am texts: what each player sees, and nothing more. */
import { describe, expect, it } from 'vitest';
import { fold } from './decider.ts';
import { CRAZY_REJECTIONS } from './messages.ts';
import {
  CRAZY_REJECTION_HTTP_STATUS,
  CRAZY_REJECTION_MESSAGES,
  CRAZY_RULE_TABLE,
  SUIT_NAMES,
  instructions,
  rejectionMessage,
  ruleLines,
} from './messages.en-am.ts';
import { replay, replaySteps } from './replay.ts';
import {
  CRAZY_ACE_OF_SPADES_DRAW,
  CRAZY_CALL_DRAW,
  CRAZY_FALSE_CALL_DRAW,
  CRAZY_FALSE_JOKER_DRAW,
  CRAZY_HAND_CARDS,
  CRAZY_STARTER_CARDS,
  CRAZY_TURN_SECONDS,
  CRAZY_TWO_DRAW,
  CRAZY_WRONG_CARD_DRAW,
} from './rules.ts';
import type { CrazyState } from './state.ts';
import {
  after,
  callCrazy,
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
  type Played,
} from './testing.ts';
import { CrazyView, publicView, viewFor } from './view.ts';

const ETHIOPIC = /[\u1200-\u137F]/;

/** Card ids a view shows anywhere (hand, top, hands). */
const idsIn = (view: unknown): string[] => JSON.stringify(view).match(/[hdcs]-(?:A|[2-9]|10|J|Q|K)-[12]/g) ?? [];

describe('viewFor', () => {
  const game = () => play(started({ players: ['ann', 'bob', 'cat'] }, 'view-seed'));

  it('shows the viewer their own hand as {id, suit, rank}, everyone’s counts, and the table', () => {
    const { state } = game();
    const view = viewFor(state, 'bob');
    expect(CrazyView.parse(view)).toEqual(view);
    expect(view.hand.map((c) => c.id)).toEqual(state.hands.bob);
    expect(view.hand[0]).toEqual({ id: state.hands.bob![0], suit: expect.any(String), rank: expect.any(String) });
    expect(view.counts).toEqual({ ann: state.hands.ann!.length, bob: state.hands.bob!.length, cat: state.hands.cat!.length });
    expect(view).toMatchObject({
      mode: 'crazy',
      status: 'playing',
      top: null,
      suit: null,
      direction: 'counterclockwise',
      penalty: 0,
      turn: state.starter,
      turnNumber: 1,
      deadline: after(30),
      hasDrawn: false,
      suitLocked: false,
      winner: null,
      deckCount: state.deck.length,
    });
    expect(view.saidQeregn).toEqual({ ann: false, bob: false, cat: false });
  });

  it('never shows another hand or the deck order', () => {
    const { state } = play(game(), drawCard(game().state.starter));
    for (const viewer of ['ann', 'bob', 'cat', null]) {
      const view = viewFor(state, viewer);
      const own = new Set(viewer ? state.hands[viewer] : []);
      for (const id of idsIn(view)) expect(own.has(id) || id === state.pile.at(-1)).toBe(true);
      expect(view).not.toHaveProperty('hands');
      expect(view).not.toHaveProperty('deck');
    }
    expect(publicView(state).hand).toEqual([]);
  });

  it('shows the top card, the suit in force, the chain and whose turn it is', () => {
    const given = rig({ hands: { ann: ['h-2-1', 'c-4-1'], bob: ['c-3-1'] }, pile: ['h-9-1'] });
    const view = viewFor(play(given, playCards('ann', ['h-2-1'])).state, 'bob');
    expect(view).toMatchObject({ top: { id: 'h-2-1', suit: 'hearts', rank: '2' }, suit: 'hearts', penalty: 2, turn: 'bob' });
  });

  it('reveals every hand only when asked (the replay), and the scores once finished', () => {
    const given = rig({ hands: { ann: ['h-3-1'], bob: ['c-3-1', 's-8-1'] }, pile: ['h-9-1'], saidQeregn: { ann: true } });
    const { state } = play(given, playCards('ann', ['h-3-1']));
    const view = viewFor(state, null, { revealHands: true });
    expect(view.hands).toEqual({
      ann: [],
      bob: [
        { id: 'c-3-1', suit: 'clubs', rank: '3' },
        { id: 's-8-1', suit: 'spades', rank: '8' },
      ],
    });
    expect(view).toMatchObject({ status: 'finished', winner: 'ann', turn: null, endReason: 'emptied_hand', scores: { ann: 123, bob: 0 } });
  });
});

describe('replay', () => {
  /** A dealt match: the starter opens, the next draws, the third calls a false Crazy, the next passes, the third draws. */
  const match = () => {
    const begun = started({ players: ['ann', 'bob', 'cat'] }, 'replay-seed');
    const seats = ['ann', 'bob', 'cat'];
    const first = begun.state.starter;
    const second = seats[(seats.indexOf(first) + 1) % 3]!;
    const third = seats[(seats.indexOf(first) + 2) % 3]!;
    const opening = begun.state.hands[first]!.find((id) => !/-(2|5|7|8|J)-/.test(id) && !id.startsWith('s-A'))!;
    const p = play(begun, playCards(first, [opening]), drawCard(second), callCrazy(third, first), pass(second), drawCard(third));
    return { ...p, first, second, third };
  };

  it('gives one view per event, and folds to the same state', () => {
    const { events, state } = match();
    const views = replay(events);
    expect(views).toHaveLength(events.length);
    expect(fold(events)).toEqual(state);
    expect(views.at(-1)).toEqual(viewFor(state, null, { revealHands: true }));
  });

  it('shows every hand at every step by default; one player’s eyes when asked', () => {
    const { events, state } = match();
    for (const view of replay(events)) expect(Object.keys(view.hands ?? {})).toEqual(['ann', 'bob', 'cat']);
    const own = replay(events, { viewerId: 'bob', revealHands: false });
    for (const view of own) expect(view.hands).toBeUndefined();
    expect(own.at(-1)!.hand.map((c) => c.id)).toEqual(state.hands.bob);
  });

  it('labels each step: who did what', () => {
    const { events, first, second, third } = match();
    const steps = replaySteps(events, { viewerId: third, revealHands: false });
    expect(steps.map((s) => s.kind)).toEqual(['start', 'play', 'turn', 'draw', 'crazy_call', 'draw', 'turn', 'draw']);
    expect(steps[0]).toMatchObject({ playerId: first, at: after(0) });
    expect(steps[4]).toMatchObject({ playerId: third, targetId: first, right: false });
    // The second player's drawn card is hidden from the third, the count is not.
    expect(steps[3]).toMatchObject({ playerId: second, count: 1 });
    expect(steps[3]).not.toHaveProperty('cards');
    expect(steps[5]).toHaveProperty('cards');
    expect(replaySteps(events)[3]).toHaveProperty('cards');
  });
});

describe('en + am texts', () => {
  it('has an English and an Amharic message for every rejection', () => {
    for (const rejection of CRAZY_REJECTIONS) {
      expect(CRAZY_REJECTION_MESSAGES[rejection].en.length).toBeGreaterThan(5);
      expect(rejectionMessage(rejection, 'am')).toMatch(ETHIOPIC);
    }
    expect(Object.keys(CRAZY_REJECTION_MESSAGES).sort()).toEqual([...CRAZY_REJECTIONS].sort());
    expect(Object.keys(CRAZY_REJECTION_HTTP_STATUS).sort()).toEqual([...CRAZY_REJECTIONS].sort());
    for (const suit of Object.values(SUIT_NAMES)) expect(suit.am).toMatch(ETHIOPIC);
  });

  it('generates the instructions in both languages from the one rule table (§11.4.1)', () => {
    expect(ruleLines('en')).toHaveLength(CRAZY_RULE_TABLE.length);
    for (const line of ruleLines('am')) expect(line).toMatch(ETHIOPIC);
    const en = instructions('en');
    for (const phrase of ['A 5 reverses', 'A 7 skips', 'An 8 or a J goes on any card', 'Qeregn', 'Crazy']) expect(en).toContain(phrase);
    for (const n of [
      CRAZY_HAND_CARDS,
      CRAZY_STARTER_CARDS,
      CRAZY_TWO_DRAW,
      CRAZY_ACE_OF_SPADES_DRAW,
      CRAZY_FALSE_JOKER_DRAW,
      CRAZY_FALSE_CALL_DRAW,
    ])
      expect(en).toContain(String(n));
    expect(en).toContain(`${CRAZY_TURN_SECONDS.normal} seconds`);
    expect(instructions('am')).toContain('ቀረኝ');
    expect(instructions('am')).toContain(String(CRAZY_TURN_SECONDS.rush));
    expect(en).not.toMatch(/8 skips|Ace changes the suit|5 can be played on any card/);
  });

  it('the declared player’s view says so', () => {
    const given = rig({ hands: { ann: ['h-3-1', 'h-4-1'], bob: ['c-3-1'] }, pile: ['h-9-1'] });
    const view = viewFor(play(given, playCards('ann', ['h-3-1']), qeregn('ann')).state, 'bob');
    expect(view.saidQeregn.ann).toBe(true);
    expect(view.qeregnWindow).toBeNull();
  });
});

describe('view.last: what the table hears about', () => {
  /** ann to play on 9♥; bob and cat hold a few cards; the deck gives K♠ then Q♦ first. */
  const table = (annHand: string[], more: Partial<Parameters<typeof rig>[0]> = {}): Played =>
    rig({
      hands: { ann: annHand, bob: ['c-3-2', 'c-5-2', 'c-6-2'], cat: ['d-3-2', 'd-5-2', 'd-6-2'] },
      pile: ['h-9-1'],
      deckTop: ['s-K-1', 'd-Q-1'],
      ...more,
    });
  const lastOf = (p: Played, viewer: string | null = 'cat') => viewFor(p.state, viewer).last;
  /** ann is down to one card without declaring; bob drew, so her window is closed. */
  const annCatchable = () => play(table(['h-3-1', 'c-4-1']), playCards('ann', ['h-3-1'], undefined, after(1)), drawCard('bob', after(2)));

  it('given a fresh deal, then nothing has happened yet', () => {
    expect(viewFor(started().state, null).last).toBeNull();
  });

  it('given a card played, then everyone sees who played which card, numbered by the event count', () => {
    const p = play(table(['h-4-1', 'c-4-1']), playCards('ann', ['h-4-1']));
    for (const viewer of ['ann', 'bob', null])
      expect(lastOf(p, viewer)).toEqual({
        kind: 'played',
        seq: p.state.seq - 1,
        at: after(1),
        by: 'ann',
        cards: [{ id: 'h-4-1', suit: 'hearts', rank: '4' }],
        effect: 'none',
      });
    expect(CrazyView.parse(viewFor(p.state, 'bob'))).toEqual(viewFor(p.state, 'bob'));
  });

  it('given an 8 with a suit chosen, then the suit is told', () => {
    expect(lastOf(play(table(['s-8-1', 'c-4-1']), playCards('ann', ['s-8-1'], 'diamonds')))).toMatchObject({
      kind: 'played',
      effect: 'suit_choice',
      suit: 'diamonds',
    });
  });

  it('given a 7, then the player it skips is named; a 5 reverses, and skips only when two are left', () => {
    expect(lastOf(play(table(['h-7-1', 'c-4-1']), playCards('ann', ['h-7-1'])))).toMatchObject({ effect: 'skip', skipped: 'bob' });
    const reversed = lastOf(play(table(['h-5-1', 'c-4-1']), playCards('ann', ['h-5-1'])));
    expect(reversed).toMatchObject({ effect: 'reverse' });
    expect(reversed).not.toHaveProperty('skipped');
    const two = rig({ hands: { ann: ['h-5-1', 'c-4-1'], bob: ['c-3-2'] }, pile: ['h-9-1'] });
    expect(lastOf(play(two, playCards('ann', ['h-5-1'])), 'bob')).toMatchObject({ effect: 'reverse', skipped: 'bob' });
  });

  it('given a 7 as the winning card, then nobody is skipped: the game is over', () => {
    const given = rig({ hands: { ann: ['h-7-1'], bob: ['c-3-2'], cat: ['d-3-2'] }, pile: ['h-9-1'], saidQeregn: { ann: true } });
    const won = play(given, playCards('ann', ['h-7-1']));
    expect(won.state.status).toBe('finished');
    expect(lastOf(won)).toMatchObject({ kind: 'played', by: 'ann', effect: 'skip' });
    expect(lastOf(won)).not.toHaveProperty('skipped');
  });

  it('given a drop, then every card of it is told, in the order played', () => {
    const last = lastOf(play(table(['h-7-1', 'h-4-1', 'h-3-1']), playCards('ann', ['h-7-1', 'h-4-1'])));
    expect(last).toMatchObject({ kind: 'played', effect: 'none' });
    expect(last?.kind === 'played' && last.cards.map((c) => c.id)).toEqual(['h-7-1', 'h-4-1']);
  });

  it('given a catch, then everyone hears who caught whom and how many cards it cost, but not which cards', () => {
    const p = play(annCatchable(), callCrazy('cat', 'ann', after(3)));
    for (const viewer of ['ann', 'bob', 'cat', null]) {
      expect(lastOf(p, viewer)).toEqual({
        kind: 'caught',
        seq: p.state.seq,
        at: after(3),
        by: 'cat',
        target: 'ann',
        count: CRAZY_CALL_DRAW,
      });
    }
    const drawn = p.state.hands.ann!.slice(-CRAZY_CALL_DRAW);
    expect(idsIn(viewFor(p.state, 'bob'))).not.toEqual(expect.arrayContaining([drawn[0]]));
  });

  it('given a false call, then the caller is named and the card it cost them counted', () => {
    const p = play(table(['h-3-1', 'c-4-1']), callCrazy('bob', 'ann'));
    expect(lastOf(p)).toMatchObject({ kind: 'false_call', by: 'bob', target: 'ann', count: CRAZY_FALSE_CALL_DRAW });
  });

  it('given a short deck, when a catch reshuffles the pile first, then it still counts the cards drawn', () => {
    const given = rig({
      hands: { ann: ['c-4-1'], bob: ['c-3-2', 'c-5-2'], cat: ['d-3-2', 'd-5-2'] },
      pile: ['d-6-1', 'd-7-1', 'h-9-1'],
      deck: ['s-K-1'],
    });
    const p = play(given, callCrazy('bob', 'ann'));
    expect(p.events.map((e) => e.type)).toEqual(['CrazyStarted', 'CrazyCalled', 'PileReshuffled', 'CardsDrawn']);
    expect(lastOf(p)).toMatchObject({ kind: 'caught', by: 'bob', target: 'ann', count: CRAZY_CALL_DRAW, seq: p.state.seq });
  });

  it('given Qeregn said, then it is told; a closing grace window is no news', () => {
    const declared = play(table(['h-3-1', 'c-4-1']), playCards('ann', ['h-3-1']), qeregn('ann', after(2)));
    expect(lastOf(declared)).toEqual({ kind: 'qeregn', seq: declared.state.seq, at: after(2), by: 'ann' });
    const windowClosed = play(table(['h-3-1', 'c-4-1']), playCards('ann', ['h-3-1']));
    expect(lastOf(windowClosed)).toMatchObject({ kind: 'played', by: 'ann' });
    const next = play(windowClosed, drawCard('bob', after(2)));
    expect(next.events.map((e) => e.type)).toContain('QeregnWindowClosed');
    expect(lastOf(next)).toMatchObject({ kind: 'drew', by: 'bob', count: 1, seq: next.state.seq });
  });

  it('given a chain taken, then the penalty is told, even when taken by passing', () => {
    const facing = rig({ hands: { ann: ['c-4-1', 'c-5-1'], bob: ['c-3-2'], cat: ['d-3-2'] }, pile: ['h-2-1'], penalty: 4 });
    expect(lastOf(play(facing, facePenalty('ann')))).toMatchObject({ kind: 'penalty_taken', by: 'ann', count: 4 });
    const passed = play(facing, pass('ann'));
    expect(passed.state.currentPlayer).toBe('bob');
    expect(lastOf(passed)).toMatchObject({ kind: 'penalty_taken', by: 'ann', count: 4 });
  });

  it('given a draw and then a pass, then each is told in turn with a growing number', () => {
    const drew = play(table(['c-4-1']), drawCard('ann', after(1)));
    const passed = play(drew, pass('ann', after(2)));
    expect(lastOf(drew)).toMatchObject({ kind: 'drew', by: 'ann', count: 1 });
    expect(lastOf(passed)).toMatchObject({ kind: 'passed', by: 'ann' });
    expect(lastOf(passed)!.seq).toBeGreaterThan(lastOf(drew)!.seq);
  });

  it('given a wrong card or a forgotten Qeregn, then the reason and the cost are told, never the card tried', () => {
    const wrong = play(table(['d-4-1', 'c-4-1']), playCards('ann', ['d-4-1']));
    expect(lastOf(wrong, 'bob')).toEqual({
      kind: 'wrong_play',
      seq: wrong.state.seq,
      at: after(1),
      by: 'ann',
      reason: 'wrong_card',
      count: CRAZY_WRONG_CARD_DRAW,
    });
    expect(idsIn(viewFor(wrong.state, 'bob'))).not.toContain('d-4-1');
    const forgot = play(rig({ hands: { ann: ['h-3-1'], bob: ['c-3-1'], cat: ['d-3-1'] }, pile: ['h-9-1'] }), playCards('ann', ['h-3-1']));
    expect(lastOf(forgot)).toMatchObject({ kind: 'wrong_play', by: 'ann', reason: 'forgot_qeregn', count: 2 });
  });

  it('given a turn that runs out, then the timeout is told with the card or the chain it drew', () => {
    expect(lastOf(play(table(['c-4-1']), timeout(1)))).toMatchObject({ kind: 'timed_out', by: 'ann', count: 1, at: after(31) });
    expect(lastOf(play(table(['c-4-1'], { hasDrawn: true }), timeout(1)))).toMatchObject({ kind: 'timed_out', by: 'ann', count: 0 });
    const facing = rig({ hands: { ann: ['c-4-1'], bob: ['c-3-1'] }, pile: ['h-2-1'], penalty: 2 });
    expect(lastOf(play(facing, timeout(1)), 'bob')).toMatchObject({ kind: 'timed_out', by: 'ann', count: 2 });
  });

  it('given a player leaving or timed out three times, then everyone hears they are out', () => {
    expect(lastOf(play(table(['c-4-1']), remove('bob')))).toMatchObject({ kind: 'left', by: 'bob', reason: 'left' });
    const third = play(table(['c-4-1'], { timeoutsInRow: { ann: 2 } }), timeout(1));
    expect(lastOf(third)).toMatchObject({ kind: 'left', by: 'ann', reason: 'timeouts' });
  });

  it('given a turn passed after a play, then the play stays the news, with its own number', () => {
    const p = play(table(['h-4-1', 'c-4-1']), playCards('ann', ['h-4-1']));
    expect(p.events.at(-1)?.type).toBe('TurnPassed');
    expect(lastOf(p)!.seq).toBe(p.state.seq - 1);
  });

  it('given a state stored before `last` existed, then the view says null and the next event fills it in', () => {
    const { last: _dropped, ...stored } = table(['h-4-1', 'c-4-1']).state;
    const old: CrazyState = stored;
    expect(viewFor(old, 'bob').last).toBeNull();
    expect(lastOf(play({ state: old, events: [] }, playCards('ann', ['h-4-1'])))).toMatchObject({ kind: 'played', by: 'ann' });
  });

  it('replays with the same news at every step as the live table had', () => {
    const p = play(annCatchable(), callCrazy('cat', 'ann', after(3)));
    const steps = replay(p.events, { viewerId: 'bob', revealHands: false });
    expect(steps.at(-1)!.last).toEqual(lastOf(p, 'bob'));
    expect(steps[0]!.last).toBeNull();
  });
});
