/**
 * Seeded simulation: 10,000 whole games of 2–8 players through the real decider. Players mostly choose random
 * legal moves (single cards, 7-runs, twins, stacking, taking chains, drawing, passing) and sometimes illegal ones
 * (wrong cards, cards not held, bad combinations, moves out of turn, suit changes under the lock); they declare
 * Qeregn or forget to, call Crazy rightly and wrongly, time out (on time, stale and late) and leave. After every
 * accepted command the invariants hold (104 cards, each in exactly one place; no negative chain; the turn on a
 * player still in; ...), and every game ends with exactly one winner. A failing seed is a reproducible bug report.
 *
 * The checks in the hot loop are plain comparisons that throw (expect() per step would dominate the run time).
 */
import { describe, expect, it } from 'vitest';
import { ALL_CARD_IDS, SUITS, cardOf, isAceOfSpades, isTwo, isWild } from './cards.ts';
import { fold, goesOnPile, isCatchable, stacksOn, startEvents, step } from './decider.ts';
import { CRAZY_REJECTIONS, CrazyEvent, type CrazyCommand, type CrazyRejection } from './messages.ts';
import { testRandom, testServerSeed } from '../../fairness/testing.ts';
import { replay } from './replay.ts';
import { CRAZY_TURN_SECONDS } from './rules.ts';
import { handOf, playingIds, topCard, type CrazyState } from './state.ts';
import { CrazyView, viewFor } from './view.ts';

const GAMES = Number(process.env.CRAZY_SIM_GAMES ?? 10_000);
const CHUNKS = 8;
/** Per chunk: generous, as the machine is shared (a timeout, not a timing assertion). */
const CHUNK_TIMEOUT_MS = 180_000;
/** Commands tried per game before the remaining players start leaving (so every game ends). */
const STEP_CAP = 600;
const STARTED_AT_MS = Date.parse('2026-03-01T09:00:00.000Z');

/** Rejections a random player may run into; anything else is a bug. */
const EXPECTED: ReadonlySet<CrazyRejection> = new Set(CRAZY_REJECTIONS);

const INDEX = new Map(ALL_CARD_IDS.map((id, i) => [id, i]));
const seen = new Uint8Array(ALL_CARD_IDS.length);

function fail(message: string, state: CrazyState, seed: string): never {
  throw new Error(`${seed}: ${message} (turn ${state.turnNumber}, current ${state.currentPlayer})`);
}

function checkInvariants(state: CrazyState, previous: CrazyState, seed: string): void {
  // 104 cards, each exactly once: hands + deck + pile.
  seen.fill(0);
  let count = 0;
  const mark = (id: string) => {
    const i = INDEX.get(id);
    if (i === undefined) fail(`unknown card ${id}`, state, seed);
    if (seen[i] !== 0) fail(`card ${id} in two places`, state, seed);
    seen[i] = 1;
    count++;
  };
  for (const hand of Object.values(state.hands)) for (const id of hand) mark(id);
  for (const id of state.deck) mark(id);
  for (const id of state.pile) mark(id);
  if (count !== 104) fail(`${count} cards`, state, seed);

  if (state.penalty < 0) fail('negative chain', state, seed);
  if (state.turnNumber < previous.turnNumber) fail('turn counter went back', state, seed);
  const top = topCard(state);
  if (state.penalty > 0 && (top === null || !(isTwo(top) || isAceOfSpades(top)))) fail('a chain without a 2 or A♠ on top', state, seed);
  if (top !== null && state.suit === null) fail('a pile without a suit', state, seed);
  for (const p of state.players) {
    const hand = handOf(state, p.id);
    if (p.status === 'left' && hand.length > 0) fail(`${p.id} left holding cards`, state, seed);
    if (state.saidQeregn[p.id] && hand.length !== 1) fail(`${p.id} declared with ${hand.length} cards`, state, seed);
  }
  const remaining = playingIds(state);
  if (state.status === 'playing') {
    if (remaining.length < 2) fail('playing with fewer than 2', state, seed);
    if (state.currentPlayer === null || !remaining.includes(state.currentPlayer)) fail('the turn is on nobody still in', state, seed);
    if (state.turnDeadline === null) fail('no deadline', state, seed);
    if (state.winner !== null) fail('a winner while playing', state, seed);
    for (const id of remaining) if (handOf(state, id).length === 0) fail(`${id} has no cards but has not won`, state, seed);
  } else {
    if (state.winner === null || !remaining.includes(state.winner)) fail('finished without a winner still in', state, seed);
    if (state.endReason === 'emptied_hand' && handOf(state, state.winner).length !== 0) fail('winner holds cards', state, seed);
    if (state.endReason === 'players' && remaining.length !== 1) fail('"players" end with others left', state, seed);
    const winners = Object.entries(state.scores).filter(([, score]) => score > 0);
    if (winners.length !== 1 || winners[0]![0] !== state.winner) fail('not exactly one scoring winner', state, seed);
  }
}

/**
 * No view shows another hand or the deck: only the viewer's cards, the top card, and the cards of the latest play
 * (a drop's first cards lie under the top), which are on the pile for everyone to see.
 */
function checkViews(state: CrazyState, seed: string): void {
  const onPile = new Set(state.pile);
  const lastPlayed = state.last?.kind === 'played' ? state.last.cards : [];
  for (const id of lastPlayed) if (!onPile.has(id)) fail(`the latest play names ${id}, which is no longer on the pile`, state, seed);
  if (state.last && state.last.seq > state.seq) fail('news from the future', state, seed);
  for (const viewer of [...state.players.map((p) => p.id), null]) {
    const view = viewFor(state, viewer);
    const allowed = new Set([...(viewer === null ? [] : handOf(state, viewer)), ...lastPlayed]);
    const top = state.pile.at(-1);
    if (top) allowed.add(top);
    for (const id of JSON.stringify(view).match(/[hdcs]-(?:A|[2-9]|10|J|Q|K)-[12]/g) ?? [])
      if (!allowed.has(id)) fail(`the view of ${viewer} shows ${id}`, state, seed);
    if (view.hand.length !== (viewer === null ? 0 : handOf(state, viewer).length)) fail('view hand size', state, seed);
  }
  CrazyView.parse(viewFor(state, state.currentPlayer));
}

interface GameResult {
  readonly state: CrazyState;
  readonly events: CrazyEvent[];
  readonly steps: number;
  readonly capped: boolean;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The legal plays of the current player: single cards, and some 7-runs and twins. */
function legalPlays(state: CrazyState, playerId: string, random: () => number): string[][] {
  const hand = handOf(state, playerId);
  const top = topCard(state);
  if (state.penalty > 0) return top === null ? [] : hand.filter((id) => stacksOn(top, cardOf(id))).map((id) => [id]);
  const plays: string[][] = [];
  for (const id of hand) {
    const card = cardOf(id);
    if (!goesOnPile(state, card)) continue;
    plays.push([id]);
    const twin = hand.find((other) => other !== id && cardOf(other).suit === card.suit && cardOf(other).rank === card.rank);
    if (twin) plays.push([id, twin]);
    if (card.rank === '7') {
      const sameSuit = hand.filter((other) => other !== id && cardOf(other).suit === card.suit);
      if (sameSuit.length > 0) plays.push([id, ...sameSuit.slice(0, 1 + Math.floor(random() * sameSuit.length))]);
    }
  }
  return plays;
}

function chooseCommand(state: CrazyState, random: () => number, now: number): { command: CrazyCommand; at: number } {
  const atOf = (ms: number) => new Date(ms).toISOString();
  const players = playingIds(state);
  const everyone = state.players.map((p) => p.id);
  const current = state.currentPlayer!;
  const deadline = Date.parse(state.turnDeadline!);
  const r = random();

  // Off-turn: declarations (most in time, some late, some forgotten), Crazy calls, timers and leaving.
  const undeclared = players.filter((id) => handOf(state, id).length === 1 && !state.saidQeregn[id]);
  if (undeclared.length > 0 && random() < 0.3) {
    const playerId = pick(random, undeclared);
    return { command: { type: 'SayQeregn', data: { playerId, at: atOf(now) } }, at: now };
  }
  if (r < 0.02) {
    const catchable = players.filter((id) => isCatchable(state, id));
    const target = catchable.length > 0 && random() < 0.7 ? pick(random, catchable) : pick(random, everyone);
    const playerId = pick(random, everyone);
    return { command: { type: 'CallCrazy', data: { playerId, target, at: atOf(now) } }, at: now };
  }
  // A player who timed out is often away: their next turns tend to time out too (3 in a row and they are out).
  const away = (state.timeoutsInRow[current] ?? 0) > 0 && random() < 0.4;
  if (away || r < 0.03) return { command: { type: 'TimeoutTurn', data: { turn: state.turnNumber, at: atOf(deadline) } }, at: deadline };
  if (r < 0.033) return { command: { type: 'TimeoutTurn', data: { turn: state.turnNumber - 1, at: atOf(now) } }, at: now };
  if (r < 0.0335) {
    const playerId = pick(random, everyone);
    return { command: { type: 'RemovePlayer', data: { playerId, reason: 'left', at: atOf(now) } }, at: now };
  }
  if (r < 0.045) {
    // Random moves, mostly illegal: someone else's turn, cards not held, bad drops, odd suits, qeregn with many cards.
    const playerId = random() < 0.3 ? pick(random, everyone) : current;
    const hand = handOf(state, playerId);
    const cards = random() < 0.5 && hand.length > 0 ? [pick(random, hand)] : [pick(random, ALL_CARD_IDS), pick(random, ALL_CARD_IDS)];
    const moves: CrazyCommand[] = [
      { type: 'PlayCards', data: { playerId, cards, ...(random() < 0.5 ? { suit: pick(random, SUITS) } : {}), at: atOf(now) } },
      { type: 'PlayCards', data: { playerId, cards: [], at: atOf(now) } },
      { type: 'DrawCard', data: { playerId, at: atOf(now) } },
      { type: 'Pass', data: { playerId, at: atOf(now) } },
      { type: 'FacePenalty', data: { playerId, at: atOf(now) } },
      { type: 'SayQeregn', data: { playerId, at: atOf(now) } },
    ];
    return { command: pick(random, moves), at: now };
  }

  // The current player's move; now and then after the deadline (it counts as the timeout).
  const at = random() < 0.003 ? deadline + 1000 : now;
  const data = { playerId: current, at: atOf(at) };
  const hand = handOf(state, current);
  if (random() < 0.02 && hand.length > 0) {
    // A wrong card, most likely (or a legal one by chance).
    return { command: { type: 'PlayCards', data: { ...data, cards: [pick(random, hand)] } }, at };
  }
  const plays = legalPlays(state, current, random);
  if (state.penalty > 0) {
    if (plays.length > 0 && random() < 0.6) return { command: { type: 'PlayCards', data: { ...data, cards: pick(random, plays) } }, at };
    return { command: random() < 0.6 ? { type: 'FacePenalty', data } : { type: 'Pass', data }, at };
  }
  if (plays.length > 0 && random() < 0.9) {
    const cards = pick(random, plays);
    const wild = cards.length === 1 && isWild(cardOf(cards[0]!));
    // Under the lock a random suit is usually refused (suit_change_locked), which is part of the test.
    const suit = wild && random() < 0.8 ? { suit: pick(random, SUITS) } : {};
    return { command: { type: 'PlayCards', data: { ...data, cards, ...suit } }, at };
  }
  if (!state.hasDrawn && state.deck.length + state.pile.length > 1 && random() < 0.95) return { command: { type: 'DrawCard', data }, at };
  return { command: { type: 'Pass', data }, at };
}

function simulate(seed: string, players: number, rejections: Map<string, number>, deep: boolean): GameResult {
  const random = testRandom(`${seed}:moves`);
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const events: CrazyEvent[] = startEvents(
    {
      matchId: seed,
      roomCode: 'SIM234',
      players: ids,
      turnMs: CRAZY_TURN_SECONDS.normal * 1000,
      startedAt: new Date(STARTED_AT_MS).toISOString(),
    },
    testServerSeed(seed),
  );
  let state = fold(events);
  checkInvariants(state, state, seed);
  let now = STARTED_AT_MS;
  let steps = 0;
  let capped = false;
  while (state.status === 'playing') {
    steps++;
    let command: CrazyCommand;
    if (steps > STEP_CAP) {
      capped = true;
      const leaver = playingIds(state).at(-1)!;
      command = { type: 'RemovePlayer', data: { playerId: leaver, reason: 'left', at: new Date(now).toISOString() } };
    } else {
      const chosen = chooseCommand(state, random, now);
      command = chosen.command;
      now = Math.max(now, chosen.at) + 100;
    }
    const outcome = step(command, state);
    if (typeof outcome === 'string') {
      if (!EXPECTED.has(outcome)) fail(`unexpected rejection ${outcome}`, state, seed);
      rejections.set(outcome, (rejections.get(outcome) ?? 0) + 1);
      continue;
    }
    const previous = state;
    state = outcome.state;
    if (deep) for (const event of outcome.events) CrazyEvent.parse(event);
    events.push(...outcome.events);
    checkInvariants(state, previous, seed);
    if (deep || steps % 128 === 0) checkViews(state, seed);
  }
  return { state, events, steps, capped };
}

function run(from: number, to: number) {
  const rejections = new Map<string, number>();
  let capped = 0;
  let steps = 0;
  const winsBy = new Map<string, number>();
  /** How often each rule came up, so a policy change cannot quietly stop exercising one. */
  const happened = new Map<string, number>();
  const saw = (what: string) => happened.set(what, (happened.get(what) ?? 0) + 1);
  for (let game = from; game < to; game++) {
    const seed = `crazy-sim-${game}`;
    const deep = game % 500 === 0;
    const result = simulate(seed, 2 + (game % 7), rejections, deep);
    steps += result.steps;
    if (result.capped) capped++;
    // Exactly one winner, and the stream replays to the same end.
    if (result.state.status !== 'finished' || result.state.winner === null) throw new Error(`${seed}: no winner`);
    winsBy.set(result.state.endReason!, (winsBy.get(result.state.endReason!) ?? 0) + 1);
    for (const event of result.events) {
      if (event.type === 'CardsPlayed') saw(event.data.cards.length > 1 ? 'drop' : event.data.effect);
      else if (event.type === 'WrongPlay') saw(event.data.reason);
      else if (event.type === 'CrazyCalled') saw(event.data.right ? 'right_call' : 'false_call');
      else if (event.type === 'PlayerRemoved') saw(`removed_${event.data.reason}`);
      else if (event.type === 'CardsDrawn' && event.data.cards.length < event.data.owed) saw('short_draw');
      else if (event.type === 'TurnPassed' && event.data.from === event.data.to) saw('same_player_again');
      else saw(event.type);
    }
    if (deep) {
      expect(fold(result.events)).toEqual(result.state);
      const views = replay(result.events);
      expect(views).toHaveLength(result.events.length);
      expect(views.at(-1)!.winner).toBe(result.state.winner);
      expect(Object.keys(views.at(-1)!.hands!)).toHaveLength(result.state.players.length);
    }
  }
  return { rejections, capped, steps, winsBy, happened };
}

describe('Crazy simulation', () => {
  const perChunk = GAMES / CHUNKS;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    it(
      `games ${chunk * perChunk}–${(chunk + 1) * perChunk - 1}: 104 cards always, legal states, one winner each`,
      () => {
        const { rejections, capped, steps, winsBy, happened } = run(chunk * perChunk, (chunk + 1) * perChunk);
        // Most games end by someone emptying their hand, not by the cap.
        expect(capped).toBeLessThan(perChunk * 0.05);
        expect(winsBy.get('emptied_hand') ?? 0).toBeGreaterThan(perChunk * 0.8);
        // The random players reach the rules they are meant to exercise.
        for (const rejection of [
          'not_your_turn',
          'card_not_in_hand',
          'already_said_qeregn',
          'cannot_call_self',
          'suit_change_locked',
        ] as const)
          expect(rejections.get(rejection) ?? 0).toBeGreaterThan(0);
        const rules = [
          'none',
          'draw_two',
          'draw_five',
          'reverse',
          'skip',
          'suit_choice',
          'drop',
          'wrong_card',
          'false_joker',
          'forgot_qeregn',
        ];
        for (const rule of [
          ...rules,
          'right_call',
          'false_call',
          'removed_left',
          'removed_timeouts',
          'same_player_again',
          'PileReshuffled',
          'QeregnSaid',
          'QeregnWindowClosed',
          'TurnTimedOut',
        ])
          expect(happened.get(rule) ?? 0, rule).toBeGreaterThan(0);
        console.log(
          `crazy simulation chunk ${chunk}: ${perChunk} games, ${steps} commands, capped ${capped}, ends ${JSON.stringify(Object.fromEntries(winsBy))}, ` +
            `rejections ${JSON.stringify(Object.fromEntries(rejections))}, events ${JSON.stringify(Object.fromEntries(happened))}`,
        );
      },
      CHUNK_TIMEOUT_MS,
    );
  }
});
