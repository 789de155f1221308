/**
 * Crazy's state: what evolve() folds the events into. It holds every hand, the deck order and the seeds, so it never
 * leaves the server; clients see view.ts. Plain JSON (records keyed by player id), so it can be cached as is.
 */
import { cardOf, type Suit } from './cards.ts';
import type { MatchChance } from '../fair-chance.ts';
import type { CrazyLast } from './last.ts';
import type { CrazyEndReason, RemovalReason } from './messages.ts';
import type { CrazyRuleNumbers } from './rules.ts';

export interface CrazyPlayer {
  readonly id: string;
  readonly status: 'playing' | 'left';
  readonly leftReason?: RemovalReason;
}

/** 1: seat order (the start); -1: reversed. */
export type Direction = 1 | -1;

export interface CrazyState {
  readonly status: 'playing' | 'finished';
  readonly matchId: string;
  readonly roomCode: string;
  /** The match's fair stream: its seeds (secret until the end) and how far the deal and the reshuffles have drawn. */
  readonly chance: MatchChance;
  readonly startedAt: string;
  readonly turnMs: number;
  readonly rules: CrazyRuleNumbers;
  /** Seat order. */
  readonly players: readonly CrazyPlayer[];
  readonly starter: string;
  /** Card ids per player, in the order they came. */
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** Card ids; the first is drawn next. */
  readonly deck: readonly string[];
  /** Card ids; the last is the top card. */
  readonly pile: readonly string[];
  /** The suit in force (an 8/J may have chosen another than the top card's); null before the first card. */
  readonly suit: Suit | null;
  readonly direction: Direction;
  /** Cards the current player must draw unless they stack; 0 when no chain is on. */
  readonly penalty: number;
  readonly currentPlayer: string | null;
  /** Grows every time a turn timer starts; TimeoutTurn names it. */
  readonly turnNumber: number;
  readonly turnDeadline: string | null;
  /** The current player has had this turn's draw (or took the chain). */
  readonly hasDrawn: boolean;
  /** The current player may not change the suit with an 8/J (the previous player did). */
  readonly suitLocked: boolean;
  readonly saidQeregn: Readonly<Record<string, boolean>>;
  /** The player whose grace window to say Qeregn is open, if any. */
  readonly qeregnWindow: string | null;
  readonly timeoutsInRow: Readonly<Record<string, number>>;
  /** Reshuffles so far (each continues the match's stream). */
  readonly reshuffles: number;
  readonly winner: string | null;
  readonly scores: Readonly<Record<string, number>>;
  readonly finishedAt: string | null;
  readonly endReason: CrazyEndReason | null;
  /** The latest thing the others should hear about (last.ts); absent from states stored before it existed. */
  readonly last?: CrazyLast | null;
  /** Events folded so far. */
  readonly seq: number;
}

export const isPlaying = (state: CrazyState, playerId: string): boolean =>
  state.players.some((p) => p.id === playerId && p.status === 'playing');

export const playingIds = (state: CrazyState): string[] => state.players.filter((p) => p.status === 'playing').map((p) => p.id);

export const handOf = (state: CrazyState, playerId: string): readonly string[] => state.hands[playerId] ?? [];

export const topCard = (state: CrazyState) => {
  const top = state.pile.at(-1);
  return top === undefined ? null : cardOf(top);
};

/** Cards a draw can still reach: the deck, and the pile under its top (reshuffled). */
export const drawableCount = (state: CrazyState): number => state.deck.length + Math.max(0, state.pile.length - 1);

/**
 * The player `steps` seats after `from` in `direction`, counting only players still in the match (so `from` itself
 * when stepping round a table of two). `from` may have just left: counting starts from their seat.
 */
export function nextPlayer(state: CrazyState, from: string, direction: Direction, steps = 1): string {
  const seats = state.players;
  let index = seats.findIndex((p) => p.id === from);
  let left = steps;
  for (let guard = 0; guard < seats.length * (steps + 1); guard++) {
    index = (index + direction + seats.length) % seats.length;
    if (seats[index]!.status === 'playing' && --left === 0) return seats[index]!.id;
  }
  throw new Error('crazy: nobody left to take the turn');
}
