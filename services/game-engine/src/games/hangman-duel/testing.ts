/** Test helpers for the word duel: commands by name, a small dictionary, and given/when/then over streams. */
import { testServerSeed } from '../../fairness/testing.ts';
import type { IsWord } from './dictionary.ts';
import { isDictionaryWord } from './dictionary.ts';
import { decide, fold, startEvents, type DuelConfig } from './decider.ts';
import type { DuelCommand, DuelEvent, RemovalReason } from './messages.ts';
import type { DuelState } from './state.ts';

export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const TURN_MS = 30_000;
export const DURATION_MS = 300_000;

/** The time `seconds` after the start. */
export const after = (seconds: number): string => new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();

export const duelConfig = (overrides: Partial<DuelConfig> = {}): DuelConfig => ({
  matchId: 'match-1',
  roomCode: 'ABC234',
  language: 'en',
  players: ['ann', 'bob', 'cat'],
  turnMs: TURN_MS,
  durationMs: DURATION_MS,
  startedAt: STARTED_AT,
  ...overrides,
});

/** English: a few words, so tests say which words exist; Amharic: the real word bank. */
export const TEST_WORDS = new Set(['apple', 'banana', 'kiwi', 'lemon', 'mango', 'zebra', 'abc', 'dog', 'moon', 'noon']);
export const testIsWord: IsWord = (language, word) => (language === 'en' ? TEST_WORDS.has(word) : isDictionaryWord(language, word));

export const setWord = (playerId: string, word: string, at = after(1)): DuelCommand => ({ type: 'SetWord', data: { playerId, word, at } });
export const guess = (playerId: string, letter: string, at = after(2)): DuelCommand => ({
  type: 'GuessLetter',
  data: { playerId, letter, at },
});
export const hint = (playerId: string, at = after(2)): DuelCommand => ({ type: 'UseHint', data: { playerId, at } });
export const timeout = (turn: number, at = after(2)): DuelCommand => ({ type: 'TimeoutTurn', data: { turn, at } });
export const endOnTime = (at: string): DuelCommand => ({ type: 'EndOnTime', data: { at } });
export const remove = (playerId: string, reason: RemovalReason = 'left', at = after(2)): DuelCommand => ({
  type: 'RemovePlayer',
  data: { playerId, reason, at },
});

export interface Played {
  readonly state: DuelState;
  readonly events: DuelEvent[];
}

/** Plays commands in order from `from` (a state or a started stream), folding accepted events; a rejection throws. */
export function play(from: Played, ...commands: DuelCommand[]): Played {
  let { state } = from;
  const events = [...from.events];
  for (const command of commands) {
    const result = decide(command, state, testIsWord);
    if (typeof result === 'string') throw new Error(`${command.type} ${JSON.stringify(command.data)} rejected: ${result}`);
    events.push(...result);
    state = fold(events);
  }
  return { state, events };
}

/** A match just started with `config`, from the test server seed named `seed` (fairness/testing.ts). */
export function started(overrides: Partial<DuelConfig> = {}, seed = 'seed-1'): Played {
  const events = startEvents(duelConfig(overrides), testServerSeed(seed));
  return { state: fold(events), events };
}

/** The outcome of `command` on `given`. */
export const when = (given: Played, command: DuelCommand) => decide(command, given.state, testIsWord);
