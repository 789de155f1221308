/** Test helpers for Codebreaker: fixed seeds, rigged games (a chosen code), commands by name, given/when/then. */
import type { CodebreakerHint } from '@qal/events';
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { decide, evolve, fold, startEvents } from './decider.ts';
import type { CodebreakerCommand, CodebreakerEvent, CodebreakerStarted } from './messages.ts';
import { CODEBREAKER_LEVEL_RULES, CODEBREAKER_SCORE, CODEBREAKER_TIME_LIMIT_MS, type CodebreakerLevel } from './rules.ts';
import type { CodebreakerState } from './state.ts';

export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const PLAYER = 'player-1';
export const MATCH = 'codebreaker.0b8e4c1e-5a1f-4d52-9f3e-3a6f1c2d7e90';

/** The seeds the engine test and the browser's verify test share (verify.test.ts hard-codes what they draw). */
export const FIXED_SEEDS: FairnessSeeds = {
  serverSeed: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  clientSeed: 'qal-player',
  nonce: 7,
};

/** The time `seconds` after the start. */
export const after = (seconds: number): string => new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();

export const guessCode = (digits: string, at = after(10), playerId = PLAYER): CodebreakerCommand => ({
  type: 'GuessCode',
  data: { playerId, digits, at },
});
export const takeHint = (at = after(10), playerId = PLAYER): CodebreakerCommand => ({ type: 'TakeCodeHint', data: { playerId, at } });
export const expire = (at: string): CodebreakerCommand => ({ type: 'ExpireCodebreaker', data: { at } });

/** A game drawn from `seeds` at `level`. */
export function started(level: CodebreakerLevel = 'medium', seeds: FairnessSeeds = FIXED_SEEDS): CodebreakerState {
  return fold(startEvents({ matchId: MATCH, playerId: PLAYER, startedAt: STARTED_AT, level }, fairRandom(seeds)));
}

/** A game whose code (and hints) the test chooses. */
export function rigged(code: string, level: CodebreakerLevel = 'medium', hints?: readonly CodebreakerHint[]): CodebreakerState {
  const { codeLength, attemptsMax, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[level];
  if (code.length !== codeLength) throw new RangeError(`a ${level} code has ${codeLength} digits`);
  const start: CodebreakerStarted = {
    type: 'CodebreakerStarted',
    data: {
      matchId: MATCH,
      playerId: PLAYER,
      level,
      codeLength,
      repeatsAllowed,
      attemptsMax,
      timeLimitMs: CODEBREAKER_TIME_LIMIT_MS,
      hintCostPoints: CODEBREAKER_SCORE.hintCostPoints,
      startedAt: STARTED_AT,
      code,
      hints: [
        ...(hints ?? [
          { kind: 'digit_in_code', digit: code[1]! },
          { kind: 'digit_at_position', index: 0, digit: code[0]! },
        ]),
      ],
    },
  };
  return fold([start]);
}

/** Decides `command`; throws on a rejection. */
export function when(state: CodebreakerState, command: CodebreakerCommand): { events: CodebreakerEvent[]; state: CodebreakerState } {
  const events = decide(command, state);
  if (typeof events === 'string') throw new Error(`rejected: ${events}`);
  return { events, state: events.reduce(evolve, state) };
}

/** Plays `commands` in order; throws on a rejection. */
export const played = (state: CodebreakerState, ...commands: CodebreakerCommand[]): CodebreakerState =>
  commands.reduce((s, command) => when(s, command).state, state);

/** A small deterministic generator for the seeded loops (no Math.random in tests). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}
