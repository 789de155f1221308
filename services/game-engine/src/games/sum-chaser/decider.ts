/**
 * Sum Chaser as a pure decider: startEvents() draws the digits from the fair stream, step() turns a command into
 * events and the state after them or a named rejection, evolve() folds events into state. No clock and no chance
 * after the start: every command carries its time. The rule decisions are listed in rules.ts.
 */
import type { FairRandom } from '../../fairness/fairness.ts';
import type { ArcadeResult } from '../module.ts';
import { instantAfter, multiplierAfter, payoutFor, type Ratio } from '../chance/payout.ts';
import { eventRun } from '../event-run.ts';
import type { CallNextDigit, CashOutChase, SumChaserCommand, SumChaserEvent, SumChaserRejection, SumChaserStarted } from './messages.ts';
import { callChance, isRight, lineFor } from './odds.ts';
import { SUM_CHASER_DIGIT_VALUES, SUM_CHASER_RULE_NUMBERS, type SumChaserCall, type SumChaserRuleNumbers } from './rules.ts';

export interface SumChaserCallRecord {
  readonly call: SumChaserCall;
  readonly line: number;
  readonly digit: number;
  /** The running sum after the digit. */
  readonly sum: number;
  readonly right: boolean;
}

export type SumChaserEnd = {
  readonly reason: 'wrong_call' | 'cashed_out' | 'all_right' | 'idle_cashed_out' | 'idle_lost';
  readonly at: string;
};
export type SumChaserEndReason = SumChaserEnd['reason'];

export interface SumChaserState {
  readonly matchId: string;
  readonly playerId: string;
  readonly startedAt: string;
  readonly rules: SumChaserRuleNumbers;
  /** Every digit, in reveal order (secret until revealed). */
  readonly digits: readonly number[];
  readonly calls: readonly SumChaserCallRecord[];
  /** The start or the last call: the idle expiry counts from it. */
  readonly lastActionAt: string;
  readonly end: SumChaserEnd | null;
}

export interface SumChaserSetup {
  readonly matchId: string;
  readonly playerId: string;
  readonly startedAt: string;
  readonly random: FairRandom;
}

/** The game's first event: every digit drawn at once, in reveal order (rules.ts decision 1). */
export function startEvents(setup: SumChaserSetup): SumChaserEvent[] {
  const { matchId, playerId, startedAt, random } = setup;
  if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('sum chaser: startedAt is not an instant');
  const rules = { ...SUM_CHASER_RULE_NUMBERS, lines: [...SUM_CHASER_RULE_NUMBERS.lines] };
  const digits = rules.lines.map(() => random.int(SUM_CHASER_DIGIT_VALUES));
  const started: SumChaserStarted = { type: 'SumChaserStarted', data: { matchId, playerId, startedAt, digits, rules } };
  return [started];
}

export function fold(events: readonly SumChaserEvent[]): SumChaserState {
  const [first, ...rest] = events;
  if (first?.type !== 'SumChaserStarted') throw new Error('a Sum Chaser stream starts with SumChaserStarted');
  return rest.reduce(evolve, fromStarted(first));
}

function fromStarted({ data }: SumChaserStarted): SumChaserState {
  return {
    matchId: data.matchId,
    playerId: data.playerId,
    startedAt: data.startedAt,
    rules: data.rules,
    digits: data.digits,
    calls: [],
    lastActionAt: data.startedAt,
    end: null,
  };
}

export function evolve(state: SumChaserState, event: SumChaserEvent): SumChaserState {
  switch (event.type) {
    case 'SumChaserStarted':
      return fromStarted(event);
    case 'SumChaserDigitRevealed': {
      const { call, line, digit, sum, right, at } = event.data;
      const calls = [...state.calls, { call, line, digit, sum, right }];
      return { ...state, calls, lastActionAt: at, end: right ? state.end : { reason: 'wrong_call', at } };
    }
    case 'SumChaserCashedOut': {
      const { reason: why, at } = event.data;
      const reason = why === 'chosen' ? 'cashed_out' : why === 'idle' ? 'idle_cashed_out' : 'all_right';
      return { ...state, end: { reason, at } };
    }
    case 'SumChaserExpired':
      return { ...state, end: { reason: 'idle_lost', at: event.data.at } };
  }
}

export const isOver = (state: SumChaserState): boolean => state.end !== null;

/** The sum of the digits revealed so far. */
export const sumOf = (state: SumChaserState): number => state.calls.at(-1)?.sum ?? 0;

/** The line of the next call; null once the game is over. */
export const currentLine = (state: SumChaserState): number | null =>
  isOver(state) ? null : lineFor(state.rules, state.calls.length, sumOf(state));

/** The multiplier of the right calls so far; null before the first (or after a wrong call). */
export function multiplierOf(state: SumChaserState): Ratio | null {
  if (state.calls.some((c) => !c.right)) return null;
  const chances = state.calls.map((c) => callChance(state.rules, c.call, c.line, c.sum - c.digit));
  return multiplierAfter(chances, state.rules.houseEdgePercent);
}

/** The idle expiry (decision 6); null once the game is over. */
export const deadlineOf = (state: SumChaserState): string | null =>
  isOver(state) ? null : instantAfter(state.lastActionAt, state.rules.idleMs);

export function resultOf(state: SumChaserState): ArcadeResult | null {
  const { end } = state;
  if (end === null) return null;
  const won = end.reason === 'cashed_out' || end.reason === 'all_right' || end.reason === 'idle_cashed_out';
  return { won, ...payoutFor(state.rules.costTokens, won ? multiplierOf(state) : null), finishedAt: end.at };
}

export type SumChaserStep = { readonly events: SumChaserEvent[]; readonly state: SumChaserState } | SumChaserRejection;

export function step(command: SumChaserCommand, state: SumChaserState): SumChaserStep {
  if (command.type !== 'ExpireSumChaser' && command.data.playerId !== state.playerId) return 'not_your_match';
  const deadline = deadlineOf(state);
  if (deadline === null) return 'game_over';
  const { at } = command.data;
  const expired = Date.parse(at) >= Date.parse(deadline);
  if (command.type === 'ExpireSumChaser') return expired ? run(state, expiry(state, at)) : 'deadline_not_reached';
  // A move at or after the idle deadline is not played: the game ends as the expiry would end it (decision 6).
  if (expired) return run(state, expiry(state, at));
  return command.type === 'CallNextDigit' ? callNext(command, state) : cashOut(command, state);
}

export function decide(command: SumChaserCommand, state: SumChaserState): SumChaserEvent[] | SumChaserRejection {
  const stepped = step(command, state);
  return typeof stepped === 'string' ? stepped : stepped.events;
}

function run(state: SumChaserState, events: readonly SumChaserEvent[]): SumChaserStep {
  const r = eventRun(state, evolve);
  for (const event of events) r.push(event);
  return { events: r.events, state: r.state };
}

function expiry(state: SumChaserState, at: string): SumChaserEvent[] {
  const rightCalls = state.calls.length;
  return rightCalls > 0
    ? [{ type: 'SumChaserCashedOut', data: { reason: 'idle', rightCalls, at } }]
    : [{ type: 'SumChaserExpired', data: { at } }];
}

function callNext({ data: { call, at } }: CallNextDigit, state: SumChaserState): SumChaserStep {
  const step = state.calls.length;
  const line = lineFor(state.rules, step, sumOf(state));
  const digit = state.digits[step]!;
  const sum = sumOf(state) + digit;
  const right = isRight(call, line, sum);
  const events: SumChaserEvent[] = [{ type: 'SumChaserDigitRevealed', data: { step, call, line, digit, sum, right, at } }];
  // The last right call cashes out on its own (decision 4).
  if (right && step + 1 === state.digits.length)
    events.push({ type: 'SumChaserCashedOut', data: { reason: 'all_right', rightCalls: step + 1, at } });
  return run(state, events);
}

function cashOut({ data: { at } }: CashOutChase, state: SumChaserState): SumChaserStep {
  const rightCalls = state.calls.length;
  if (rightCalls === 0) return 'nothing_to_cash_out';
  return run(state, [{ type: 'SumChaserCashedOut', data: { reason: 'chosen', rightCalls, at } }]);
}
