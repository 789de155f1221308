/**
 * Rapid Recall as a pure decider: startEvents() draws every sequence from the match's fairness stream, decide() turns
 * a command into events or a named rejection, evolve() folds events into state. No clock and no chance after the
 * start: every command carries its time. The rule decisions are listed in rules.ts.
 */
import { stepOf } from '../event-run.ts';
import { xpForScore, tokensForScore } from '../../catalogue/rewards.ts';
import type { ArcadeResult, ArcadeSetup } from '../module.ts';
import type {
  ExpireRound,
  RapidRecallCommand,
  RapidRecallEvent,
  RapidRecallOptions,
  RapidRecallRejection,
  RapidRecallStarted,
  RecallSequence,
} from './messages.ts';
import { RAPID_RECALL_POOLS, RAPID_RECALL_TIMING, pointsFor } from './rules.ts';
import { drawSequences } from './sequences.ts';
import { inputClosesAtMs, inputOpensAtMs, sequenceOf, type RapidRecallState } from './state.ts';

const ms = (instant: string): number => Date.parse(instant);
const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** The game's first events: the sequences drawn in the order of rules.ts (decision 2), then round 1 after the pause. */
export function startEvents(setup: ArcadeSetup<RapidRecallOptions, unknown>): RapidRecallEvent[] {
  const { matchId, playerId, startedAt, options, random } = setup;
  if (Number.isNaN(ms(startedAt))) throw new RangeError('rapid-recall: startedAt is not an instant');
  const timing = { ...RAPID_RECALL_TIMING };
  const started: RapidRecallStarted = {
    type: 'RapidRecallStarted',
    data: { matchId, playerId, kind: options.kind, sequences: drawSequences(random, options.kind), timing, startedAt: iso(ms(startedAt)) },
  };
  return [started, { type: 'RoundStarted', data: { round: 1, length: timing.lengthStart, startsAt: iso(ms(startedAt) + timing.pauseMs) } }];
}

/** Folds a whole stream, which starts with RapidRecallStarted. */
export function fold(events: readonly RapidRecallEvent[]): RapidRecallState {
  const [first, ...rest] = events;
  if (first?.type !== 'RapidRecallStarted') throw new Error('a Rapid Recall stream starts with RapidRecallStarted');
  return rest.reduce(evolve, fromStarted(first));
}

function fromStarted({ data }: RapidRecallStarted): RapidRecallState {
  return {
    status: 'playing',
    matchId: data.matchId,
    playerId: data.playerId,
    kind: data.kind,
    sequences: data.sequences,
    timing: data.timing,
    startedAt: data.startedAt,
    // Until RoundStarted (the start's second event): round 0, nothing due.
    round: 0,
    length: 0,
    roundStartsAt: data.startedAt,
    lives: data.timing.lives,
    score: 0,
    longest: 0,
    rounds: [],
    endReason: null,
    finishedAt: null,
  };
}

export function evolve(state: RapidRecallState, event: RapidRecallEvent): RapidRecallState {
  switch (event.type) {
    case 'RapidRecallStarted':
      return fromStarted(event);
    case 'RoundStarted':
      return { ...state, round: event.data.round, length: event.data.length, roundStartsAt: event.data.startsAt };
    case 'SequenceRecalled': {
      const { round, length, items, right, points, at } = event.data;
      return {
        ...state,
        lives: right ? state.lives : state.lives - 1,
        score: state.score + points,
        longest: right ? Math.max(state.longest, length) : state.longest,
        rounds: [...state.rounds, { round, length, outcome: right ? 'right' : 'wrong', points, answer: items, at }],
      };
    }
    case 'RoundTimedOut': {
      const { round, length, at } = event.data;
      return {
        ...state,
        lives: state.lives - 1,
        rounds: [...state.rounds, { round, length, outcome: 'timed_out', points: 0, answer: null, at }],
      };
    }
    case 'RapidRecallEnded':
      return { ...state, status: 'over', endReason: event.data.reason, finishedAt: event.data.at };
  }
}

export function decide(command: RapidRecallCommand, state: RapidRecallState): RapidRecallEvent[] | RapidRecallRejection {
  if (state.status === 'over') return 'game_over';
  switch (command.type) {
    case 'RecallSequence':
      return recall(command, state);
    case 'ExpireRound':
      return expire(command, state);
  }
}

/** One command decided: its events and the state after them, or its rejection (nothing changed). */
export const step = stepOf(decide, evolve);

function recall({ data }: RecallSequence, state: RapidRecallState): RapidRecallEvent[] | RapidRecallRejection {
  if (data.playerId !== state.playerId) return 'not_your_match';
  if (data.round !== state.round) return 'not_current_round';
  const at = ms(data.at);
  if (at < inputOpensAtMs(state)) return 'still_showing';
  if (at >= inputClosesAtMs(state)) return 'round_time_up';
  const pool = RAPID_RECALL_POOLS[state.kind];
  if (!data.items.every((item) => pool.includes(item))) return 'unknown_item';
  if (data.items.length !== state.length) return 'wrong_length';
  const sequence = sequenceOf(state);
  const right = data.items.every((item, k) => item === sequence[k]);
  const elapsedMs = at - inputOpensAtMs(state);
  const { points, speedBonus } = right ? pointsFor(state.length, elapsedMs) : { points: 0, speedBonus: 0 };
  const recalled: RapidRecallEvent = {
    type: 'SequenceRecalled',
    data: { round: state.round, length: state.length, items: [...data.items], right, points, speedBonus, elapsedMs, at: data.at },
  };
  return [recalled, ...next(state, right, data.at)];
}

function expire({ data }: ExpireRound, state: RapidRecallState): RapidRecallEvent[] | RapidRecallRejection {
  if (ms(data.at) < inputClosesAtMs(state)) return 'deadline_not_reached';
  // The next round counts from the expiry, not the window's end: the player then sees the whole of it (decision 3).
  return [{ type: 'RoundTimedOut', data: { round: state.round, length: state.length, at: data.at } }, ...next(state, false, data.at)];
}

/** After a round's answer or timeout at `at`: the game's end, or the next round (decisions 3 and 7). */
function next(state: RapidRecallState, right: boolean, at: string): RapidRecallEvent[] {
  const { timing } = state;
  if (right && state.length >= timing.lengthMax) return [{ type: 'RapidRecallEnded', data: { reason: 'completed', at } }];
  if (!right && state.lives <= 1) return [{ type: 'RapidRecallEnded', data: { reason: 'out_of_lives', at } }];
  const length = right ? state.length + 1 : state.length;
  return [{ type: 'RoundStarted', data: { round: state.round + 1, length, startsAt: iso(ms(at) + timing.pauseMs) } }];
}

/** The next instant the game acts on its own: the current round's answer window closing. */
export const deadlineOf = (state: RapidRecallState): string | null => (state.status === 'playing' ? iso(inputClosesAtMs(state)) : null);

export const isWon = (state: RapidRecallState): boolean => state.longest >= state.timing.winLength;

/** The result once over (decision 7): a loss pays nothing. */
export function resultOf(state: RapidRecallState): ArcadeResult | null {
  if (state.status !== 'over' || state.finishedAt === null) return null;
  const won = isWon(state);
  return {
    won,
    score: state.score,
    tokens: won ? tokensForScore(state.score) : 0,
    xp: won ? xpForScore(state.score) : 0,
    finishedAt: state.finishedAt,
  };
}
