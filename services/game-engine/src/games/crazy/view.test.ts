/** viewFor / publicView / replay / the en+am texts: what each player sees, and nothing more. */
import { describe, expect, it } from 'vitest';
import { fold } from './decider.ts';
import { CRAZY_REJECTIONS } from './messages.ts';
import { CRAZY_REJECTION_HTTP_STATUS, CRAZY_REJECTION_MESSAGES, CRAZY_RULE_TABLE, SUIT_NAMES, instructions, rejectionMessage, ruleLines } from './messages.en-am.ts';
import { replay, replaySteps } from './replay.ts';
import {
  CRAZY_ACE_OF_SPADES_DRAW,
  CRAZY_FALSE_CALL_DRAW,
  CRAZY_FALSE_JOKER_DRAW,
  CRAZY_HAND_CARDS,
  CRAZY_STARTER_CARDS,
  CRAZY_TURN_SECONDS,
  CRAZY_TWO_DRAW,
} from './rules.ts';
import { after, callCrazy, drawCard, pass, play, playCards, qeregn, rig, started } from './testing.ts';
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
    expect(view.hands).toEqual({ ann: [], bob: [{ id: 'c-3-1', suit: 'clubs', rank: '3' }, { id: 's-8-1', suit: 'spades', rank: '8' }] });
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
    for (const phrase of ['A 5 reverses', 'A 7 skips', 'An 8 or a J goes on any card', 'Qeregn', 'Crazy'])
      expect(en).toContain(phrase);
    for (const n of [CRAZY_HAND_CARDS, CRAZY_STARTER_CARDS, CRAZY_TWO_DRAW, CRAZY_ACE_OF_SPADES_DRAW, CRAZY_FALSE_JOKER_DRAW, CRAZY_FALSE_CALL_DRAW])
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
