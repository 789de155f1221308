/**
 * Crazy as a pure decider (docs/decisions/0003). startEvents() deals a match from its server seed, decide() turns a
 * command into events or a named rejection, evolve() folds events into state. No clock and no chance of its own:
 * every command carries its time, and every shuffle comes from the match's provably fair stream (games/fair-chance.ts,
 * docs/fairness.md): the deal and the starter first, then each reshuffle where the one before left off. The rule
 * decisions are listed in rules.ts.
 *
 * A command is answered with every event it causes, in order (a play that empties the hand also carries
 * CrazyFinished), so the stored state is never left half-way. evolve() only applies facts; every choice (who plays
 * next, which cards are drawn, whether a call is right) is made by decide() and written into the events.
 */
import { fairRandom } from '../../fairness/fairness.ts';
import { afterDraw, chanceOfStart, drawFrom, roomSeeds } from '../fair-chance.ts';
import { ALL_CARD_IDS, areTwins, cardOf, colourOf, isAceOfSpades, isTwo, isWild, pointsOf, type Card, type Suit } from './cards.ts';
import type {
  CallCrazy,
  CrazyCommand,
  CrazyEndReason,
  CrazyEvent,
  CrazyRejection,
  CrazyStarted,
  DrawCard,
  DrawReason,
  FacePenalty,
  Pass,
  PlayCards,
  PlayEffect,
  RemovalReason,
  RemovePlayer,
  SayQeregn,
  TimeoutTurn,
  WrongPlayReason,
} from './messages.ts';
import { CRAZY_HAND_CARDS, CRAZY_PLAYERS_MAX, CRAZY_PLAYERS_MIN, CRAZY_RULE_NUMBERS, CRAZY_STARTER_CARDS } from './rules.ts';
import { drawableCount, handOf, isPlaying, nextPlayer, playingIds, topCard, type CrazyState } from './state.ts';
import { eventRun, type EventRun } from '../event-run.ts';
import { lastAfter } from './last.ts';

export interface CrazyConfig {
  readonly matchId: string;
  readonly roomCode: string;
  /** Seat order. */
  readonly players: readonly string[];
  /** The turn timer (crazyTurnMsOf(gameDuration)). */
  readonly turnMs: number;
  readonly startedAt: string;
}

export type CrazyOutcome = CrazyEvent[] | CrazyRejection;

/**
 * The event that opens a match, from the match's stream (the server seed the service drew, the match's client seed,
 * nonce 0: fair-chance.ts roomSeeds): first the 104 cards shuffled (`shuffle`), then the starter (`int(players)`),
 * who gets 6 cards from the top of the shuffled deck, then 5 to everyone else in seat order from the starter. The
 * rooms layer checks the room before starting, so a bad config here (a bad server seed too) is a programming error
 * and throws.
 */
export function startEvents(config: CrazyConfig, serverSeed: string): CrazyEvent[] {
  const { matchId, roomCode, players, turnMs, startedAt } = config;
  if (players.length < CRAZY_PLAYERS_MIN || players.length > CRAZY_PLAYERS_MAX)
    throw new RangeError(`crazy: ${players.length} players, needs ${CRAZY_PLAYERS_MIN}–${CRAZY_PLAYERS_MAX}`);
  if (new Set(players).size !== players.length) throw new RangeError('crazy: a player is seated twice');
  if (!(turnMs > 0)) throw new RangeError('crazy: the turn time must be positive');
  if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('crazy: startedAt is not an instant');
  const fairness = roomSeeds(matchId, serverSeed);
  const random = fairRandom(fairness);
  const deck = random.shuffle(ALL_CARD_IDS);
  const starterIndex = random.int(players.length);
  const hands: Record<string, string[]> = {};
  let next = 0;
  for (let k = 0; k < players.length; k++) {
    const id = players[(starterIndex + k) % players.length]!;
    const count = k === 0 ? CRAZY_STARTER_CARDS : CRAZY_HAND_CARDS;
    hands[id] = deck.slice(next, next + count);
    next += count;
  }
  const started: CrazyStarted = {
    type: 'CrazyStarted',
    data: {
      matchId,
      roomCode,
      players: [...players],
      starter: players[starterIndex]!,
      hands,
      deck: deck.slice(next),
      turnMs,
      startedAt,
      fairness,
      bytesUsed: random.bytesUsed,
      rules: { ...CRAZY_RULE_NUMBERS },
    },
  };
  return [started];
}

/** The state of a match just dealt: the starter's turn on an empty pile. */
export const initialState = (config: CrazyConfig, serverSeed: string): CrazyState => fold(startEvents(config, serverSeed));

/** Folds a whole stream, which starts with CrazyStarted (e.g. when a match is loaded). */
export function fold(events: readonly CrazyEvent[]): CrazyState {
  const [first, ...rest] = events;
  if (first?.type !== 'CrazyStarted') throw new Error('a Crazy stream starts with CrazyStarted');
  return rest.reduce(evolve, fromStarted(first));
}

export function decide(command: CrazyCommand, state: CrazyState): CrazyOutcome {
  const decided = decideRun(command, state);
  return typeof decided === 'string' ? decided : decided.events;
}

/** A command's events, folded as they were decided, or its rejection. */
type Decided = Run | CrazyRejection;

function decideRun(command: CrazyCommand, state: CrazyState): Decided {
  switch (command.type) {
    case 'PlayCards':
      return play(command, state);
    case 'DrawCard':
      return draw(command, state);
    case 'Pass':
      return pass(command, state);
    case 'FacePenalty':
      return facePenalty(command, state);
    case 'SayQeregn':
      return sayQeregn(command, state);
    case 'CallCrazy':
      return callCrazy(command, state);
    case 'TimeoutTurn':
      return timeoutTurn(command, state);
    case 'RemovePlayer':
      return removePlayer(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * decide() and the state after its events, in one go: the decider folds its events while deciding (each next event
 * depends on the state so far), so a shell (or the simulation) need not fold them a second time.
 */
export function step(command: CrazyCommand, state: CrazyState): { events: CrazyEvent[]; state: CrazyState } | CrazyRejection {
  const decided = decideRun(command, state);
  return typeof decided === 'string' ? decided : { events: decided.events, state: decided.state };
}

export function evolve(state: CrazyState, event: CrazyEvent): CrazyState {
  if (event.type === 'CrazyStarted') return fromStarted(event);
  // One copy per event (this is the hot path of the simulation): every branch spreads `s` once with the new seq
  // and what the table hears about (last.ts).
  const s = state;
  const seq = state.seq + 1;
  const last = lastAfter(s, event, seq);
  switch (event.type) {
    case 'CardsPlayed': {
      const { playerId, cards, suit, effect } = event.data;
      const hand = handOf(s, playerId).filter((id) => !cards.includes(id));
      const penalty =
        effect === 'draw_two' ? s.penalty + s.rules.twoDraw : effect === 'draw_five' ? s.penalty + s.rules.aceOfSpadesDraw : s.penalty;
      return {
        ...s,
        seq,
        last,
        hands: { ...s.hands, [playerId]: hand },
        pile: [...s.pile, ...cards],
        suit,
        penalty,
        direction: effect === 'reverse' ? (s.direction === 1 ? -1 : 1) : s.direction,
        saidQeregn: { ...s.saidQeregn, [playerId]: false },
        // Down to one card: the grace window to say Qeregn opens (rules.ts decision 10).
        qeregnWindow: hand.length === 1 ? playerId : s.qeregnWindow,
      };
    }
    case 'WrongPlay':
      return { ...s, seq, last };
    case 'CardsDrawn': {
      const { playerId, cards, reason } = event.data;
      const drawn = new Set(cards);
      const taking = reason === 'draw' || reason === 'penalty' || reason === 'timeout';
      return {
        ...s,
        seq,
        last,
        deck: s.deck.filter((id) => !drawn.has(id)),
        hands: { ...s.hands, [playerId]: [...handOf(s, playerId), ...cards] },
        // A declaration holds only while the hand has its one card.
        saidQeregn: cards.length > 0 ? { ...s.saidQeregn, [playerId]: false } : s.saidQeregn,
        penalty: reason === 'penalty' ? 0 : s.penalty,
        hasDrawn: taking && playerId === s.currentPlayer ? true : s.hasDrawn,
      };
    }
    case 'PileReshuffled': {
      const top = s.pile.at(-1);
      return {
        ...s,
        seq,
        last,
        deck: [...s.deck, ...event.data.cards],
        pile: top === undefined ? [] : [top],
        reshuffles: s.reshuffles + 1,
        chance: afterDraw(s.chance, event.data.bytesUsed),
      };
    }
    case 'TurnPassed': {
      const { from, to, reason, suitLocked, at } = event.data;
      return {
        ...s,
        seq,
        last,
        currentPlayer: to,
        turnNumber: s.turnNumber + 1,
        turnDeadline: plusMs(at, s.turnMs),
        hasDrawn: false,
        suitLocked,
        timeoutsInRow: reason === 'played' || reason === 'passed' ? { ...s.timeoutsInRow, [from]: 0 } : s.timeoutsInRow,
      };
    }
    case 'QeregnSaid': {
      const { playerId } = event.data;
      return {
        ...s,
        seq,
        last,
        saidQeregn: { ...s.saidQeregn, [playerId]: true },
        qeregnWindow: s.qeregnWindow === playerId ? null : s.qeregnWindow,
      };
    }
    case 'QeregnWindowClosed':
      return { ...s, seq, last, qeregnWindow: s.qeregnWindow === event.data.playerId ? null : s.qeregnWindow };
    case 'CrazyCalled':
      return { ...s, seq, last };
    case 'TurnTimedOut': {
      const { playerId } = event.data;
      return { ...s, seq, last, timeoutsInRow: { ...s.timeoutsInRow, [playerId]: (s.timeoutsInRow[playerId] ?? 0) + 1 } };
    }
    case 'PlayerRemoved': {
      const { playerId, reason, returned } = event.data;
      const wasCurrent = s.currentPlayer === playerId;
      return {
        ...s,
        seq,
        last,
        players: s.players.map((p) => (p.id === playerId ? { id: p.id, status: 'left', leftReason: reason } : p)),
        hands: { ...s.hands, [playerId]: [] },
        // Back under the deck: the 104 cards stay in the game.
        deck: [...s.deck, ...returned],
        saidQeregn: { ...s.saidQeregn, [playerId]: false },
        qeregnWindow: s.qeregnWindow === playerId ? null : s.qeregnWindow,
        // A chain aimed at the leaver is cancelled, not passed on (rules.ts decision 12).
        penalty: wasCurrent ? 0 : s.penalty,
      };
    }
    case 'CrazyFinished': {
      const { winner, reason, scores, at } = event.data;
      return {
        ...s,
        seq,
        last,
        status: 'finished',
        currentPlayer: null,
        turnDeadline: null,
        hasDrawn: false,
        suitLocked: false,
        qeregnWindow: null,
        winner,
        scores,
        finishedAt: at,
        endReason: reason,
      };
    }
  }
}

// Commands -------------------------------------------------------------------------------------------------------

/** The checks a turn move shares; null when the move may go on to its own checks. */
function checkTurnMove(state: CrazyState, playerId: string, at: string): Decided | null {
  if (state.status === 'finished') return 'game_over';
  if (!isPlaying(state, playerId)) return 'not_your_match';
  if (state.currentPlayer !== playerId) return 'not_your_turn';
  // A move after the turn's deadline counts as the timeout it came too late for.
  if (state.turnDeadline !== null && isAtOrAfter(at, state.turnDeadline)) return timeOut(state, at);
  return null;
}

function play(command: PlayCards, state: CrazyState): Decided {
  const { playerId, cards, suit, at } = command.data;
  const failed = checkTurnMove(state, playerId, at);
  if (failed) return failed;
  if (cards.length === 0) return 'no_cards_selected';
  const hand = handOf(state, playerId);
  if (new Set(cards).size !== cards.length || cards.some((id) => !hand.includes(id))) return 'card_not_in_hand';
  const played = cards.map(cardOf);
  const single = played.length === 1;
  if (!single && !isCombination(played)) return 'invalid_combination';
  const first = played[0]!;
  const last = played.at(-1)!;
  if (suit !== undefined) {
    if (!single || !isWild(first)) return 'suit_not_allowed';
    if (state.suitLocked && state.suit !== null && suit !== state.suit) return 'suit_change_locked';
  }

  const run = runFrom(state);
  closeWindow(run, at);
  const wrong = wrongPlayReason(state, played);
  if (wrong !== null) return penalise(run, playerId, cards, wrong, at);
  if (hand.length === 1 && !state.saidQeregn[playerId]) return penalise(run, playerId, cards, 'forgot_qeregn', at);

  const effect: PlayEffect = single ? effectOf(first, state) : 'none';
  const keepSuit = isWild(last) && state.suitLocked && state.suit !== null;
  const newSuit: Suit = keepSuit ? state.suit! : effect === 'suit_choice' ? (suit ?? last.suit) : last.suit;
  run.push({ type: 'CardsPlayed', data: { playerId, cards: [...cards], suit: newSuit, effect, at } });
  if (hand.length === cards.length) {
    run.push(finished(run.state, playerId, 'emptied_hand', at));
    return run;
  }
  const after = run.state;
  const twoLeft = playingIds(after).length === 2;
  const to =
    effect === 'reverse' && twoLeft
      ? playerId
      : effect === 'skip'
        ? nextPlayer(after, playerId, after.direction, 2)
        : nextPlayer(after, playerId, after.direction, 1);
  run.push({ type: 'TurnPassed', data: { from: playerId, to, reason: 'played', suitLocked: effect === 'suit_choice', at } });
  return run;
}

function draw(command: DrawCard, state: CrazyState): Decided {
  const { playerId, at } = command.data;
  const failed = checkTurnMove(state, playerId, at);
  if (failed) return failed;
  if (state.penalty > 0) return 'must_answer_penalty';
  if (state.hasDrawn) return 'already_drew';
  if (drawableCount(state) === 0) return 'nothing_to_draw';
  const run = runFrom(state);
  closeWindow(run, at);
  drawCards(run, playerId, 1, 'draw', at);
  return run;
}

/** Yelegnm. While facing a chain it takes the chain and passes (rules.ts decision 4). */
function pass(command: Pass, state: CrazyState): Decided {
  const { playerId, at } = command.data;
  const failed = checkTurnMove(state, playerId, at);
  if (failed) return failed;
  if (state.penalty === 0 && !state.hasDrawn && drawableCount(state) > 0) return 'draw_first';
  const run = runFrom(state);
  closeWindow(run, at);
  if (state.penalty > 0) drawCards(run, playerId, state.penalty, 'penalty', at);
  passTurn(run, playerId, 'passed', at);
  return run;
}

function facePenalty(command: FacePenalty, state: CrazyState): Decided {
  const { playerId, at } = command.data;
  const failed = checkTurnMove(state, playerId, at);
  if (failed) return failed;
  if (state.penalty === 0) return 'no_penalty';
  const run = runFrom(state);
  closeWindow(run, at);
  drawCards(run, playerId, state.penalty, 'penalty', at);
  return run;
}

function sayQeregn(command: SayQeregn, state: CrazyState): Decided {
  const { playerId, at } = command.data;
  if (state.status === 'finished') return 'game_over';
  if (!isPlaying(state, playerId)) return 'not_your_match';
  if (handOf(state, playerId).length !== 1) return 'qeregn_needs_one_card';
  if (state.saidQeregn[playerId]) return 'already_said_qeregn';
  const run = runFrom(state);
  run.push({ type: 'QeregnSaid', data: { playerId, at } });
  return run;
}

function callCrazy(command: CallCrazy, state: CrazyState): Decided {
  const { playerId, target, at } = command.data;
  if (state.status === 'finished') return 'game_over';
  if (!isPlaying(state, playerId)) return 'not_your_match';
  if (target === playerId) return 'cannot_call_self';
  if (!isPlaying(state, target)) return 'unknown_target';
  const right = isCatchable(state, target);
  const run = runFrom(state);
  run.push({ type: 'CrazyCalled', data: { callerId: playerId, targetId: target, right, at } });
  if (right) drawCards(run, target, state.rules.callDraw, 'crazy_call', at);
  else drawCards(run, playerId, state.rules.falseCallDraw, 'false_crazy_call', at);
  return run;
}

/** A stale or repeated timer (its turn is over, or the match is) changes nothing. */
function timeoutTurn(command: TimeoutTurn, state: CrazyState): Decided {
  const { turn, at } = command.data;
  if (state.status === 'finished' || turn !== state.turnNumber || state.currentPlayer === null) return runFrom(state);
  return timeOut(state, at);
}

function removePlayer(command: RemovePlayer, state: CrazyState): Decided {
  const { playerId, at, reason } = command.data;
  if (!state.players.some((p) => p.id === playerId)) return 'not_your_match';
  if (state.status === 'finished' || !isPlaying(state, playerId)) return runFrom(state);
  const run = runFrom(state);
  remove(run, playerId, reason, at);
  return run;
}

// Rules -----------------------------------------------------------------------------------------------------------

/** True when `target` can be caught: one card, no declaration, and their grace window closed. */
export const isCatchable = (state: CrazyState, target: string): boolean =>
  isPlaying(state, target) && handOf(state, target).length === 1 && !state.saidQeregn[target] && state.qeregnWindow !== target;

/** A 7 followed by cards of its suit, or the two twins. */
export function isCombination(cards: readonly Card[]): boolean {
  const [first, ...rest] = cards;
  if (!first || rest.length === 0) return false;
  if (cards.length === 2 && areTwins(first, rest[0]!)) return true;
  return first.rank === '7' && rest.every((card) => card.suit === first.suit);
}

/** Whether `card` may go on the pile as it is (no chain on). */
export function goesOnPile(state: CrazyState, card: Card): boolean {
  const top = topCard(state);
  if (top === null || isWild(card)) return true;
  return card.suit === state.suit || card.rank === top.rank;
}

/** Whether `card` stacks on the chain's top card: any 2 on a 2, the A♠ only on the 2♠; the A♠ or 2♠ on the A♠. */
export function stacksOn(top: Card, card: Card): boolean {
  if (isAceOfSpades(top)) return isAceOfSpades(card) || (isTwo(card) && card.suit === 'spades');
  if (isTwo(top)) return isTwo(card) || (isAceOfSpades(card) && top.suit === 'spades');
  return false;
}

/** Why the pile does not take this play, or null when it does (rules.ts decisions 3 and 4). */
export function wrongPlayReason(state: CrazyState, played: readonly Card[]): WrongPlayReason | null {
  const first = played[0]!;
  const top = topCard(state);
  if (state.penalty > 0) return played.length === 1 && top !== null && stacksOn(top, first) ? null : 'wrong_card';
  if (goesOnPile(state, first)) return null;
  return state.suit !== null && colourOf(first.suit) !== colourOf(state.suit) ? 'false_joker' : 'wrong_card';
}

/** A single card's effect. An 8/J chooses the suit unless the player is under the suit-change lock. */
function effectOf(card: Card, state: CrazyState): PlayEffect {
  if (isTwo(card)) return 'draw_two';
  if (isAceOfSpades(card)) return 'draw_five';
  if (card.rank === '5') return 'reverse';
  if (card.rank === '7') return 'skip';
  if (isWild(card)) return state.suitLocked ? 'none' : 'suit_choice';
  return 'none';
}

/** The winner's score: the base plus the card points still held by the others in the match; everyone else 0. */
export function scoresOf(state: CrazyState, winner: string): Record<string, number> {
  const held = state.players
    .filter((p) => p.status === 'playing' && p.id !== winner)
    .reduce((sum, p) => sum + handOf(state, p.id).reduce((s, id) => s + pointsOf(cardOf(id)), 0), 0);
  return Object.fromEntries(state.players.map((p) => [p.id, p.id === winner ? state.rules.winPoints + held : 0]));
}

// Helpers ---------------------------------------------------------------------------------------------------------

type Run = EventRun<CrazyState, CrazyEvent>;
const runFrom = (initial: CrazyState): Run => eventRun(initial, evolve);

/** The current player acts: an open Qeregn window closes first (rules.ts decision 10). */
function closeWindow(run: Run, at: string): void {
  const holder = run.state.qeregnWindow;
  if (holder !== null) run.push({ type: 'QeregnWindowClosed', data: { playerId: holder, at } });
}

/** A wrong play: the cards stay in the hand, the player draws the penalty and keeps the turn. */
function penalise(run: Run, playerId: string, cards: readonly string[], reason: WrongPlayReason, at: string): Run {
  const rules = run.state.rules;
  const owed =
    reason === 'false_joker' ? rules.falseJokerDraw : reason === 'forgot_qeregn' ? rules.forgottenQeregnDraw : rules.wrongCardDraw;
  run.push({ type: 'WrongPlay', data: { playerId, cards: [...cards], reason, at } });
  drawCards(run, playerId, owed, reason, at);
  return run;
}

/**
 * Draws `owed` cards for `playerId`, reshuffling the pile under the deck first when the deck is short: the pile
 * under its top card, in the order it was played, shuffled by the match's stream where it had got to.
 */
function drawCards(run: Run, playerId: string, owed: number, reason: DrawReason, at: string): void {
  const state = run.state;
  if (state.deck.length < owed && state.pile.length > 1) {
    const { value: cards, bytesUsed } = drawFrom(state.chance, (random) => random.shuffle(state.pile.slice(0, -1)));
    run.push({ type: 'PileReshuffled', data: { cards, at, bytesUsed } });
  }
  run.push({ type: 'CardsDrawn', data: { playerId, cards: run.state.deck.slice(0, owed), owed, reason, at } });
}

/** The turn goes to the next player in the direction, with no suit lock. */
function passTurn(run: Run, from: string, reason: 'passed' | 'timed_out' | 'removed', at: string): void {
  const to = nextPlayer(run.state, from, run.state.direction, 1);
  run.push({ type: 'TurnPassed', data: { from, to, reason, suitLocked: false, at } });
}

/** The current player's turn ran out: the chain or one card is drawn, the turn passes; the 3rd in a row takes them out. */
function timeOut(state: CrazyState, at: string): Run {
  const playerId = state.currentPlayer!;
  const run = runFrom(state);
  closeWindow(run, at);
  run.push({ type: 'TurnTimedOut', data: { playerId, turn: state.turnNumber, at } });
  if ((run.state.timeoutsInRow[playerId] ?? 0) >= run.state.rules.timeoutsToRemove) {
    remove(run, playerId, 'timeouts', at);
    return run;
  }
  if (state.penalty > 0) drawCards(run, playerId, state.penalty, 'penalty', at);
  else if (!state.hasDrawn && drawableCount(state) > 0) drawCards(run, playerId, state.rules.timeoutDraw, 'timeout', at);
  passTurn(run, playerId, 'timed_out', at);
  return run;
}

/** Takes a player out: their cards go under the deck, the turn moves on if it was theirs, one left wins. */
function remove(run: Run, playerId: string, reason: RemovalReason, at: string): void {
  const wasCurrent = run.state.currentPlayer === playerId;
  run.push({ type: 'PlayerRemoved', data: { playerId, reason, returned: [...handOf(run.state, playerId)], at } });
  const remaining = playingIds(run.state);
  if (remaining.length < 2) run.push(finished(run.state, remaining[0]!, 'players', at));
  else if (wasCurrent) passTurn(run, playerId, 'removed', at);
}

/** The winners as the rooms layer settles them (FinishMatch): Crazy has one, or none while playing. */
export const winnersOf = (state: CrazyState): string[] => (state.winner === null ? [] : [state.winner]);

function finished(state: CrazyState, winner: string, reason: CrazyEndReason, at: string): CrazyEvent {
  return { type: 'CrazyFinished', data: { winner, reason, scores: scoresOf(state, winner), at } };
}

function fromStarted(event: CrazyStarted): CrazyState {
  const { matchId, roomCode, players, starter, hands, deck, turnMs, startedAt, rules } = event.data;
  const zeroes = Object.fromEntries(players.map((id) => [id, 0]));
  return {
    status: 'playing',
    matchId,
    roomCode,
    chance: chanceOfStart(event.data),
    startedAt,
    turnMs,
    rules,
    players: players.map((id) => ({ id, status: 'playing' })),
    starter,
    hands: Object.fromEntries(players.map((id) => [id, [...(hands[id] ?? [])]])),
    deck: [...deck],
    pile: [],
    suit: null,
    direction: 1,
    penalty: 0,
    currentPlayer: starter,
    turnNumber: 1,
    turnDeadline: plusMs(startedAt, turnMs),
    hasDrawn: false,
    suitLocked: false,
    saidQeregn: Object.fromEntries(players.map((id) => [id, false])),
    qeregnWindow: null,
    timeoutsInRow: zeroes,
    reshuffles: 0,
    winner: null,
    scores: zeroes,
    finishedAt: null,
    endReason: null,
    last: null,
    seq: 1,
  };
}

const plusMs = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

const isAtOrAfter = (at: string, deadline: string): boolean => Date.parse(at) >= Date.parse(deadline);
