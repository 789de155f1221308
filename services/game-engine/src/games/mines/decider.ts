/**
 * Mines as a pure decider: startEvents() draws the board from the fair stream, step() turns a command into events
 * and the state after them or a named rejection, evolve() folds events into state. No clock and no chance after the
 * start: every command carries its time. The rule decisions are listed in rules.ts.
 */
import type { ArcadeResult } from '../module.ts';
import type { FairRandom } from '../../fairness/fairness.ts';
import { instantAfter, payoutFor, type Ratio } from '../chance/payout.ts';
import { eventRun } from '../event-run.ts';
import { minesMultiplier } from './board.ts';
import type { CashOut, MinesCommand, MinesEvent, MinesRejection, MinesStarted, RevealTile } from './messages.ts';
import { MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_RULE_NUMBERS, MINES_TILES, type MinesRuleNumbers } from './rules.ts';

export type MinesEnd =
  | { readonly reason: 'mine_hit'; readonly tile: number; readonly at: string }
  | { readonly reason: 'cashed_out' | 'board_cleared' | 'idle_cashed_out'; readonly at: string }
  | { readonly reason: 'idle_lost'; readonly at: string };
export type MinesEndReason = MinesEnd['reason'];

export interface MinesState {
  readonly matchId: string;
  readonly playerId: string;
  readonly startedAt: string;
  readonly rules: MinesRuleNumbers;
  /** The mine tiles (secret until the end). */
  readonly mines: readonly number[];
  /** The safe tiles opened, in order. */
  readonly revealed: readonly number[];
  /** The start or the last reveal: the idle expiry counts from it. */
  readonly lastActionAt: string;
  readonly end: MinesEnd | null;
}

export interface MinesSetup {
  readonly matchId: string;
  readonly playerId: string;
  readonly startedAt: string;
  readonly mines: number;
  readonly random: FairRandom;
}

/** The list the board's shuffle starts from: every tile, in order. */
export const MINES_ALL_TILES: readonly number[] = Array.from({ length: MINES_TILES }, (_, tile) => tile);

/** The game's first event: the whole board drawn at once (rules.ts decision 2). A bad setup is a programming error. */
export function startEvents(setup: MinesSetup): MinesEvent[] {
  const { matchId, playerId, startedAt, mines, random } = setup;
  if (!Number.isInteger(mines) || mines < MINES_COUNT_MIN || mines > MINES_COUNT_MAX) throw new RangeError(`mines: ${mines} mines`);
  if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('mines: startedAt is not an instant');
  const started: MinesStarted = {
    type: 'MinesStarted',
    data: { matchId, playerId, startedAt, mines: random.shuffle(MINES_ALL_TILES).slice(0, mines), rules: { ...MINES_RULE_NUMBERS } },
  };
  return [started];
}

export function fold(events: readonly MinesEvent[]): MinesState {
  const [first, ...rest] = events;
  if (first?.type !== 'MinesStarted') throw new Error('a Mines stream starts with MinesStarted');
  return rest.reduce(evolve, fromStarted(first));
}

function fromStarted({ data }: MinesStarted): MinesState {
  return {
    matchId: data.matchId,
    playerId: data.playerId,
    startedAt: data.startedAt,
    rules: data.rules,
    mines: data.mines,
    revealed: [],
    lastActionAt: data.startedAt,
    end: null,
  };
}

export function evolve(state: MinesState, event: MinesEvent): MinesState {
  switch (event.type) {
    case 'MinesStarted':
      return fromStarted(event);
    case 'MinesTileRevealed':
      return { ...state, revealed: [...state.revealed, event.data.tile], lastActionAt: event.data.at };
    case 'MinesMineHit':
      return { ...state, end: { reason: 'mine_hit', tile: event.data.tile, at: event.data.at } };
    case 'MinesCashedOut': {
      const reason = event.data.reason === 'chosen' ? 'cashed_out' : event.data.reason === 'idle' ? 'idle_cashed_out' : 'board_cleared';
      return { ...state, end: { reason, at: event.data.at } };
    }
    case 'MinesExpired':
      return { ...state, end: { reason: 'idle_lost', at: event.data.at } };
  }
}

export const isOver = (state: MinesState): boolean => state.end !== null;

/** The tiles still hidden that are safe. */
export const safeTilesLeft = (state: MinesState): number => state.rules.tiles - state.mines.length - state.revealed.length;

/** The multiplier of the safe tiles open now; null before the first. */
export const multiplierOf = (state: MinesState): Ratio | null =>
  minesMultiplier(state.rules.tiles, state.mines.length, state.revealed.length, state.rules.houseEdgePercent);

/** The idle expiry (decision 7); null once the game is over. */
export const deadlineOf = (state: MinesState): string | null =>
  isOver(state) ? null : instantAfter(state.lastActionAt, state.rules.idleMs);

export function resultOf(state: MinesState): ArcadeResult | null {
  const { end } = state;
  if (end === null) return null;
  const won = end.reason === 'cashed_out' || end.reason === 'board_cleared' || end.reason === 'idle_cashed_out';
  return { won, ...payoutFor(state.rules.costTokens, won ? multiplierOf(state) : null), finishedAt: end.at };
}

export type MinesStep = { readonly events: MinesEvent[]; readonly state: MinesState } | MinesRejection;

export function step(command: MinesCommand, state: MinesState): MinesStep {
  if (command.type !== 'ExpireMines' && command.data.playerId !== state.playerId) return 'not_your_match';
  const deadline = deadlineOf(state);
  if (deadline === null) return 'game_over';
  const { at } = command.data;
  const expired = Date.parse(at) >= Date.parse(deadline);
  if (command.type === 'ExpireMines') return expired ? run(state, expiry(state, at)) : 'deadline_not_reached';
  // A move at or after the idle deadline is not played: the game ends as the expiry would end it (decision 7).
  if (expired) return run(state, expiry(state, at));
  return command.type === 'RevealTile' ? reveal(command, state) : cashOut(command, state);
}

export function decide(command: MinesCommand, state: MinesState): MinesEvent[] | MinesRejection {
  const stepped = step(command, state);
  return typeof stepped === 'string' ? stepped : stepped.events;
}

function run(state: MinesState, events: readonly MinesEvent[]): MinesStep {
  const r = eventRun(state, evolve);
  for (const event of events) r.push(event);
  return { events: r.events, state: r.state };
}

function expiry(state: MinesState, at: string): MinesEvent[] {
  const safeTiles = state.revealed.length;
  return safeTiles > 0 ? [{ type: 'MinesCashedOut', data: { reason: 'idle', safeTiles, at } }] : [{ type: 'MinesExpired', data: { at } }];
}

function reveal({ data: { tile, at } }: RevealTile, state: MinesState): MinesStep {
  if (!Number.isInteger(tile) || tile < 0 || tile >= state.rules.tiles) return 'tile_out_of_range';
  if (state.revealed.includes(tile)) return 'tile_already_revealed';
  if (state.mines.includes(tile)) return run(state, [{ type: 'MinesMineHit', data: { tile, at } }]);
  const events: MinesEvent[] = [{ type: 'MinesTileRevealed', data: { tile, at } }];
  // The last safe tile cashes out on its own (decision 5).
  if (safeTilesLeft(state) === 1)
    events.push({ type: 'MinesCashedOut', data: { reason: 'board_cleared', safeTiles: state.revealed.length + 1, at } });
  return run(state, events);
}

function cashOut({ data: { at } }: CashOut, state: MinesState): MinesStep {
  const safeTiles = state.revealed.length;
  if (safeTiles === 0) return 'nothing_to_cash_out';
  return run(state, [{ type: 'MinesCashedOut', data: { reason: 'chosen', safeTiles, at } }]);
}
