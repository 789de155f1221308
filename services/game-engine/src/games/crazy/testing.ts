/** Test helpers for Crazy: commands by name, rigged tables (chosen hands and pile), and given/when/then. */
import { testServerSeed } from '../../fairness/testing.ts';
import { roomSeeds } from '../fair-chance.ts';
import { ALL_CARD_IDS, cardOf, type Suit } from './cards.ts';
import { decide, evolve, fold, startEvents, type CrazyConfig, type CrazyOutcome } from './decider.ts';
import type { CrazyCommand, CrazyEvent, RemovalReason } from './messages.ts';
import { CRAZY_RULE_NUMBERS } from './rules.ts';
import type { CrazyState } from './state.ts';

export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const TURN_MS = 30_000;

/** The time `seconds` after the start. */
export const after = (seconds: number): string => new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();

export const crazyConfig = (overrides: Partial<CrazyConfig> = {}): CrazyConfig => ({
  matchId: 'match-1',
  roomCode: 'ABC234',
  players: ['ann', 'bob', 'cat'],
  turnMs: TURN_MS,
  startedAt: STARTED_AT,
  ...overrides,
});

const AT = after(1);
export const playCards = (playerId: string, cards: string[], suit?: Suit, at = AT): CrazyCommand => ({
  type: 'PlayCards',
  data: { playerId, cards, ...(suit ? { suit } : {}), at },
});
export const drawCard = (playerId: string, at = AT): CrazyCommand => ({ type: 'DrawCard', data: { playerId, at } });
export const pass = (playerId: string, at = AT): CrazyCommand => ({ type: 'Pass', data: { playerId, at } });
export const facePenalty = (playerId: string, at = AT): CrazyCommand => ({ type: 'FacePenalty', data: { playerId, at } });
export const qeregn = (playerId: string, at = AT): CrazyCommand => ({ type: 'SayQeregn', data: { playerId, at } });
export const callCrazy = (playerId: string, target: string, at = AT): CrazyCommand => ({
  type: 'CallCrazy',
  data: { playerId, target, at },
});
export const timeout = (turn: number, at = after(31)): CrazyCommand => ({ type: 'TimeoutTurn', data: { turn, at } });
export const remove = (playerId: string, reason: RemovalReason = 'left', at = AT): CrazyCommand => ({
  type: 'RemovePlayer',
  data: { playerId, reason, at },
});

export interface Played {
  readonly state: CrazyState;
  readonly events: CrazyEvent[];
}

/** A match dealt from the test server seed named `seed` (fairness/testing.ts). */
export function started(overrides: Partial<CrazyConfig> = {}, seed = 'seed-1'): Played {
  const events = startEvents(crazyConfig(overrides), testServerSeed(seed));
  return { state: fold(events), events };
}

export interface Table {
  /** Seat order; default the players of `hands`. */
  readonly players?: readonly string[];
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** The pile, top last. */
  readonly pile?: readonly string[];
  /** Default: the top card's suit. */
  readonly suit?: Suit | null;
  /** The cards drawn next, in order; the rest of the deck follows. */
  readonly deckTop?: readonly string[];
  /** Exactly these cards in the deck (for short-deck tests); default every card not in a hand or the pile. */
  readonly deck?: readonly string[];
  /** Whose turn; default the first seat. */
  readonly current?: string;
  readonly penalty?: number;
  readonly direction?: 1 | -1;
  readonly hasDrawn?: boolean;
  readonly suitLocked?: boolean;
  readonly saidQeregn?: Readonly<Record<string, boolean>>;
  readonly qeregnWindow?: string | null;
  readonly timeoutsInRow?: Readonly<Record<string, number>>;
}

/**
 * A table set up card by card. The deck holds every card that is not in a hand or the pile (unless `deck` says
 * otherwise), so the 104 stay whole; the stream starts from a CrazyStarted with these hands, and the state is then
 * adjusted to the rest of the table (pile, suit, chain...).
 */
export function rig(table: Table): Played {
  const players = table.players ?? Object.keys(table.hands);
  const pile = table.pile ?? [];
  const placed = [...Object.values(table.hands).flat(), ...pile];
  const used = new Set(placed);
  if (used.size !== placed.length) throw new Error(`rig: a card is placed twice in ${JSON.stringify(placed)}`);
  const rest = ALL_CARD_IDS.filter((id) => !used.has(id));
  const top = table.deckTop ?? [];
  const deck = table.deck ?? [...top, ...rest.filter((id) => !top.includes(id))];
  const current = table.current ?? players[0]!;
  const started: CrazyEvent = {
    type: 'CrazyStarted',
    data: {
      matchId: 'match-1',
      roomCode: 'ABC234',
      players: [...players],
      starter: current,
      hands: Object.fromEntries(players.map((p) => [p, [...(table.hands[p] ?? [])]])),
      deck: [...deck],
      turnMs: TURN_MS,
      startedAt: STARTED_AT,
      fairness: roomSeeds('match-1', testServerSeed('rigged')),
      bytesUsed: 0,
      rules: { ...CRAZY_RULE_NUMBERS },
    },
  };
  const base = fold([started]);
  const topCard = pile.at(-1);
  const state: CrazyState = {
    ...base,
    pile: [...pile],
    suit: table.suit !== undefined ? table.suit : topCard ? cardOf(topCard).suit : null,
    penalty: table.penalty ?? 0,
    direction: table.direction ?? 1,
    hasDrawn: table.hasDrawn ?? false,
    suitLocked: table.suitLocked ?? false,
    saidQeregn: { ...base.saidQeregn, ...table.saidQeregn },
    qeregnWindow: table.qeregnWindow ?? null,
    timeoutsInRow: { ...base.timeoutsInRow, ...table.timeoutsInRow },
  };
  return { state, events: [started] };
}

/** Plays commands in order from `from`, folding accepted events; a rejection throws. */
export function play(from: Played, ...commands: CrazyCommand[]): Played {
  let { state } = from;
  const events = [...from.events];
  for (const command of commands) {
    const result = decide(command, state);
    if (typeof result === 'string') throw new Error(`${command.type} ${JSON.stringify(command.data)} rejected: ${result}`);
    events.push(...result);
    state = result.reduce(evolve, state);
  }
  return { state, events };
}

/** The outcome of `command` on `given`. */
export const when = (given: Played, command: CrazyCommand): CrazyOutcome => decide(command, given.state);

export const types = (outcome: CrazyOutcome): string | string[] => (typeof outcome === 'string' ? outcome : outcome.map((e) => e.type));

/** Every card of the table once: hands, deck and pile together are the 104. */
export function cardsInPlay(state: CrazyState): string[] {
  return [...Object.values(state.hands).flat(), ...state.deck, ...state.pile];
}
