/** The Codebreaker race, decided: pure, time from the commands, chance only at the start (rules.ts). */
import { createHash } from 'node:crypto';
import { commitmentOf, fairRandom, isServerSeed } from '../../fairness/fairness.ts';
import type { RoomMatchSetup } from '../module.ts';
import { drawGame } from '../codebreaker/draw.ts';
import { feedbackOf } from '../codebreaker/rules.ts';
import type { CodeRaceCommand, CodeRaceEvent, CodeRaceRejection, CodeRaceStarted } from './messages.ts';
import { CODE_RACE_ATTEMPTS, CODE_RACE_DURATION_MS, CODE_RACE_HINTS, CODE_RACE_LEVEL, missScore, solveScore } from './rules.ts';

export type RacerStatus = 'racing' | 'solved' | 'out_of_attempts' | 'left' | 'timed_out';

export interface Racer {
  readonly id: string;
  readonly status: RacerStatus;
  readonly guesses: readonly { readonly digits: string; readonly exact: number; readonly misplaced: number; readonly at: string }[];
  readonly score: number;
  readonly finishedAt: string | null;
}

export interface CodeRaceState {
  readonly start: CodeRaceStarted['data'];
  readonly racers: readonly Racer[];
  readonly hintsTaken: number;
  readonly winners: readonly string[];
  readonly finishedAt: string | null;
}

/**
 * The room's start seed as the fair stream's server seed: used as it is when it is one (64 hex characters), else its
 * SHA-256, so any secret the shell draws commits the same way.
 */
const serverSeedOf = (seed: string) => (isServerSeed(seed) ? seed : createHash('sha256').update(seed).digest('hex'));

export function startRace(setup: RoomMatchSetup, seed: string): CodeRaceEvent[] {
  const serverSeed = serverSeedOf(seed);
  // The match id is the client seed: a value no single player chose, fixed before the seed is drawn.
  const { code, hints } = drawGame(fairRandom({ serverSeed, clientSeed: clientSeedOf(setup.matchId), nonce: 0 }), CODE_RACE_LEVEL);
  const deadline = new Date(Date.parse(setup.startedAt) + CODE_RACE_DURATION_MS[setup.gameDuration]).toISOString();
  return [
    {
      type: 'CodeRaceStarted',
      data: {
        matchId: setup.matchId,
        roomCode: setup.roomCode,
        players: [...setup.players],
        code,
        hints: [...hints],
        serverSeed,
        commitment: commitmentOf(serverSeed),
        attempts: CODE_RACE_ATTEMPTS,
        at: setup.startedAt,
        deadline,
      },
    },
  ];
}

/** The fair stream's client seed of a race: its match id, in the client seed's alphabet (`.` becomes `_`). */
export const clientSeedOf = (matchId: string) => matchId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

export function evolve(state: CodeRaceState, event: CodeRaceEvent): CodeRaceState {
  const update = (id: string, change: (r: Racer) => Racer) => state.racers.map((r) => (r.id === id ? change(r) : r));
  switch (event.type) {
    case 'CodeRaceStarted':
      return foldRace([event]);
    case 'CodeRaceGuessed': {
      const { playerId, digits, exact, misplaced, at } = event.data;
      const racers = update(playerId, (r) => {
        const guesses = [...r.guesses, { digits, exact, misplaced, at }];
        if (exact === state.start.code.length) {
          return {
            ...r,
            guesses,
            status: 'solved',
            score: solveScore(guesses.length, Date.parse(at) - Date.parse(state.start.at)),
            finishedAt: at,
          };
        }
        if (guesses.length >= state.start.attempts)
          return { ...r, guesses, status: 'out_of_attempts', score: missScore(guesses.length), finishedAt: at };
        return { ...r, guesses };
      });
      return { ...state, racers };
    }
    case 'CodeRaceHintTaken':
      return { ...state, hintsTaken: state.hintsTaken + 1 };
    case 'CodeRacePlayerLeft':
      return { ...state, racers: update(event.data.playerId, (r) => ({ ...r, status: 'left', score: 0, finishedAt: event.data.at })) };
    case 'CodeRaceFinished': {
      const racers = state.racers.map((r) =>
        r.status === 'racing' ? { ...r, status: 'timed_out' as const, score: 0, finishedAt: event.data.at } : r,
      );
      return { ...state, racers, winners: event.data.winners, finishedAt: event.data.at };
    }
  }
}

export function foldRace(events: readonly CodeRaceEvent[]): CodeRaceState {
  const first = events[0];
  if (first?.type !== 'CodeRaceStarted') throw new Error('a Codebreaker race starts with CodeRaceStarted');
  const initial: CodeRaceState = {
    start: first.data,
    racers: first.data.players.map((id) => ({ id, status: 'racing', guesses: [], score: 0, finishedAt: null })),
    hintsTaken: 0,
    winners: [],
    finishedAt: null,
  };
  return events.slice(1).reduce(evolve, initial);
}

/** The highest scores win (a tie shares), the first to finish first; nobody wins a race where everyone scored 0. */
export function winnersOf(racers: readonly Racer[]): string[] {
  const best = Math.max(0, ...racers.map((r) => r.score));
  if (best === 0) return [];
  const finishedAt = (r: Racer) => (r.finishedAt ? Date.parse(r.finishedAt) : Number.POSITIVE_INFINITY);
  return racers
    .filter((r) => r.score === best)
    .sort((a, b) => finishedAt(a) - finishedAt(b))
    .map((r) => r.id);
}

const isOver = (state: CodeRaceState) => state.finishedAt !== null;

/** The command's events, each folded before the next (the last guess may end the race). */
export function decideRace(command: CodeRaceCommand, state: CodeRaceState): CodeRaceEvent[] | CodeRaceRejection {
  if (isOver(state)) return 'game_over';
  const events: CodeRaceEvent[] = [];
  let after = state;
  const add = (event: CodeRaceEvent) => {
    events.push(event);
    after = evolve(after, event);
  };
  const finish = (reason: 'all_done' | 'time', at: string) => {
    const closing = after.racers.map((r) => (r.status === 'racing' ? { ...r, score: 0 } : r));
    const scores = Object.fromEntries(closing.map((r) => [r.id, r.score]));
    add({ type: 'CodeRaceFinished', data: { winners: winnersOf(closing), scores, reason, at } });
  };
  if (command.type === 'EndRaceOnTime') {
    if (Date.parse(command.at) < Date.parse(state.start.deadline)) return 'deadline_not_reached';
    finish('time', state.start.deadline);
    return events;
  }
  const racer = state.racers.find((r) => r.id === command.playerId);
  if (!racer) return 'not_in_race';
  if (command.type === 'LeaveRace') {
    // A racer who already finished keeps their score; the room counts the leaving itself.
    if (racer.status !== 'racing') return events;
    add({ type: 'CodeRacePlayerLeft', data: { playerId: racer.id, at: command.at } });
  } else {
    if (racer.status !== 'racing') return 'already_finished';
    if (Date.parse(command.at) >= Date.parse(state.start.deadline)) return 'time_up';
    if (command.type === 'TakeRaceHint') {
      if (state.hintsTaken >= Math.min(CODE_RACE_HINTS, state.start.hints.length)) return 'no_room_hints_left';
      add({ type: 'CodeRaceHintTaken', data: { playerId: racer.id, at: command.at } });
      return events;
    }
    if (!/^[0-9]+$/.test(command.digits)) return 'guess_not_digits';
    if (command.digits.length !== state.start.code.length) return 'guess_wrong_length';
    const { exact, misplaced } = feedbackOf(state.start.code, command.digits);
    add({ type: 'CodeRaceGuessed', data: { playerId: racer.id, digits: command.digits, exact, misplaced, at: command.at } });
  }
  if (!after.racers.some((r) => r.status === 'racing')) finish('all_done', command.at);
  return events;
}
