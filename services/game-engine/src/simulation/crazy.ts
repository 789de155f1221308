/**
 * Seeded simulation of Crazy through the real decider: whole games of 2–8 players. Players mostly choose random
 * legal moves (single cards, 7-runs, twins, stacking, taking chains, drawing, passing) and sometimes illegal ones
 * (wrong cards, cards not held, bad combinations, moves out of turn, suit changes under the lock); they declare
 * Qeregn or forget to, call Crazy rightly and wrongly, time out (on time, stale and late) and leave. After every
 * accepted command the invariants hold (104 cards, each in exactly one place; no negative chain; the turn on a
 * player still in; no view shows another hand; ...), and every game ends with exactly one winner.
 *
 * The checks in the hot loop are plain comparisons that throw (an assertion library per step would dominate).
 */
import { ALL_CARD_IDS, SUITS, cardOf, isAceOfSpades, isTwo, isWild } from '../games/crazy/cards.ts';
import { fold, goesOnPile, isCatchable, stacksOn, startEvents, step } from '../games/crazy/decider.ts';
import { CRAZY_REJECTIONS, CrazyEvent, type CrazyCommand, type CrazyRejection } from '../games/crazy/messages.ts';
import { replay } from '../games/crazy/replay.ts';
import { CRAZY_TURN_SECONDS } from '../games/crazy/rules.ts';
import { handOf, playingIds, topCard, type CrazyState } from '../games/crazy/state.ts';
import { CrazyView, viewFor } from '../games/crazy/view.ts';
import { testRandom, testServerSeed } from '../fairness/testing.ts';
import { InvariantError, same } from './check.ts';
import { checkCrazyView } from './views.ts';

/** Commands tried per game before the remaining players start leaving (so every game ends). */
const STEP_CAP = 600;
/** One game in this many is checked deeply: every event against its schema, every view after every step, the replay. */
const DEEP_EVERY = 250;
/** The other games check every view this often (in steps). */
const VIEWS_EVERY = 128;
const STARTED_AT_MS = Date.parse('2026-03-01T09:00:00.000Z');

/** Rejections a random player may run into; anything else is a bug. */
const EXPECTED: ReadonlySet<CrazyRejection> = new Set(CRAZY_REJECTIONS);

const INDEX = new Map(ALL_CARD_IDS.map((id, i) => [id, i]));
const seen = new Uint8Array(ALL_CARD_IDS.length);

function fail(message: string, state: CrazyState, label: string): never {
  throw new InvariantError(`${label}: ${message} (turn ${state.turnNumber}, current ${state.currentPlayer})`);
}

function checkInvariants(state: CrazyState, previous: CrazyState, label: string): void {
  // 104 cards, each exactly once: hands + deck + pile.
  seen.fill(0);
  let count = 0;
  const mark = (id: string) => {
    const i = INDEX.get(id);
    if (i === undefined) fail(`unknown card ${id}`, state, label);
    if (seen[i] !== 0) fail(`card ${id} in two places`, state, label);
    seen[i] = 1;
    count++;
  };
  for (const hand of Object.values(state.hands)) for (const id of hand) mark(id);
  for (const id of state.deck) mark(id);
  for (const id of state.pile) mark(id);
  if (count !== 104) fail(`${count} cards`, state, label);

  if (state.penalty < 0) fail('negative chain', state, label);
  if (state.turnNumber < previous.turnNumber) fail('turn counter went back', state, label);
  const top = topCard(state);
  if (state.penalty > 0 && (top === null || !(isTwo(top) || isAceOfSpades(top)))) fail('a chain without a 2 or A♠ on top', state, label);
  if (top !== null && state.suit === null) fail('a pile without a suit', state, label);
  for (const p of state.players) {
    const hand = handOf(state, p.id);
    if (p.status === 'left' && hand.length > 0) fail(`${p.id} left holding cards`, state, label);
    if (state.saidQeregn[p.id] && hand.length !== 1) fail(`${p.id} declared with ${hand.length} cards`, state, label);
  }
  const remaining = playingIds(state);
  if (state.status === 'playing') {
    if (remaining.length < 2) fail('playing with fewer than 2', state, label);
    if (state.currentPlayer === null || !remaining.includes(state.currentPlayer)) fail('the turn is on nobody still in', state, label);
    if (state.turnDeadline === null) fail('no deadline', state, label);
    if (state.winner !== null) fail('a winner while playing', state, label);
    for (const id of remaining) if (handOf(state, id).length === 0) fail(`${id} has no cards but has not won`, state, label);
  } else {
    if (state.winner === null || !remaining.includes(state.winner)) fail('finished without a winner still in', state, label);
    if (state.endReason === 'emptied_hand' && handOf(state, state.winner).length !== 0) fail('winner holds cards', state, label);
    if (state.endReason === 'players' && remaining.length !== 1) fail('"players" end with others left', state, label);
    const winners = Object.entries(state.scores).filter(([, score]) => score > 0);
    if (winners.length !== 1 || winners[0]![0] !== state.winner) fail('not exactly one scoring winner', state, label);
  }
}

/** Every player's view and a spectator's: no other hand, no deck (views.ts), the right hand size, the schema. */
function checkViews(state: CrazyState, label: string): void {
  const onPile = new Set(state.pile);
  const lastPlayed = state.last?.kind === 'played' ? state.last.cards : [];
  for (const id of lastPlayed) if (!onPile.has(id)) fail(`the latest play names ${id}, which is no longer on the pile`, state, label);
  if (state.last && state.last.seq > state.seq) fail('news from the future', state, label);
  for (const viewer of [...state.players.map((p) => p.id), null]) {
    const view = viewFor(state, viewer);
    checkCrazyView(state, viewer, view, label);
    if (view.hand.length !== (viewer === null ? 0 : handOf(state, viewer).length)) fail('view hand size', state, label);
  }
  CrazyView.parse(viewFor(state, state.currentPlayer));
}

export interface CrazyGame {
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

/** One whole game, named by `label` (its deal and its players' choices come from it); `deep` checks everything. */
export function playCrazy(label: string, players: number, rejections: Map<string, number>, deep: boolean): CrazyGame {
  const random = testRandom(`${label}:moves`);
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const events: CrazyEvent[] = startEvents(
    {
      matchId: label,
      roomCode: 'SIM234',
      players: ids,
      turnMs: CRAZY_TURN_SECONDS.normal * 1000,
      startedAt: new Date(STARTED_AT_MS).toISOString(),
    },
    testServerSeed(label),
  );
  let state = fold(events);
  checkInvariants(state, state, label);
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
      if (!EXPECTED.has(outcome)) fail(`unexpected rejection ${outcome}`, state, label);
      rejections.set(outcome, (rejections.get(outcome) ?? 0) + 1);
      continue;
    }
    const previous = state;
    state = outcome.state;
    if (deep) for (const event of outcome.events) CrazyEvent.parse(event);
    events.push(...outcome.events);
    checkInvariants(state, previous, label);
    if (deep || steps % VIEWS_EVERY === 0) checkViews(state, label);
  }
  checkViews(state, label);
  return { state, events, steps, capped };
}

/** What the games of a run went through, so a test can tell that the random players reach every rule. */
export interface CrazySummary {
  readonly games: number;
  readonly steps: number;
  /** Games that hit the step cap (the remaining players were made to leave). */
  readonly capped: number;
  /** How the games ended, by end reason. */
  readonly ends: Map<string, number>;
  readonly rejections: Map<string, number>;
  /** How often each rule came up (events, effects, kinds of removal). */
  readonly happened: Map<string, number>;
}

/** The players of game `index` of seed `seed`: 2 to 8, every count as often across seeds. */
const playersOf = (seed: number, index: number) => 2 + ((seed + index) % 7);

/** `size` whole games of seed `seed`, each ending with exactly one winner and replaying to the same end. */
export function simulateCrazy(seed: number, size: number): CrazySummary {
  const rejections = new Map<string, number>();
  const ends = new Map<string, number>();
  const happened = new Map<string, number>();
  const saw = (what: string) => happened.set(what, (happened.get(what) ?? 0) + 1);
  let capped = 0;
  let steps = 0;
  for (let game = 0; game < size; game++) {
    const label = `crazy-sim-${seed}-${game}`;
    const deep = (seed + game) % DEEP_EVERY === 0;
    const result = playCrazy(label, playersOf(seed, game), rejections, deep);
    steps += result.steps;
    if (result.capped) capped++;
    if (result.state.status !== 'finished' || result.state.winner === null) throw new InvariantError(`${label}: no winner`);
    ends.set(result.state.endReason!, (ends.get(result.state.endReason!) ?? 0) + 1);
    for (const event of result.events) {
      if (event.type === 'CardsPlayed') saw(event.data.cards.length > 1 ? 'drop' : event.data.effect);
      else if (event.type === 'WrongPlay') saw(event.data.reason);
      else if (event.type === 'CrazyCalled') saw(event.data.right ? 'right_call' : 'false_call');
      else if (event.type === 'PlayerRemoved') saw(`removed_${event.data.reason}`);
      else if (event.type === 'CardsDrawn' && event.data.cards.length < event.data.owed) saw('short_draw');
      else if (event.type === 'TurnPassed' && event.data.from === event.data.to) saw('same_player_again');
      else saw(event.type);
    }
    // The stream replays to the same end.
    same(fold(result.events), result.state, `${label}: the state folded from its events`);
    if (deep) {
      const views = replay(result.events);
      same(views.length, result.events.length, `${label}: replay steps`);
      same(views.at(-1)!.winner, result.state.winner, `${label}: the replay's winner`);
      same(Object.keys(views.at(-1)!.hands!).length, result.state.players.length, `${label}: hands shown at the end of the replay`);
    }
  }
  return { games: size, steps, capped, ends, rejections, happened };
}
