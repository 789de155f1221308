/** Test helpers for Math Sprint: fixed seeds, a started game, commands by name and given/when/then. */
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { fold, startEvents, step } from './decider.ts';
import type { MathSprintCommand, MathSprintEvent } from './messages.ts';
import type { MathSprintLevel } from './rules.ts';
import type { MathSprintState } from './state.ts';

export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const SEEDS: FairnessSeeds = {
  serverSeed: '3f7a1c9e5b2d4f608a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f',
  clientSeed: 'player-seed',
  nonce: 7,
};

/** The instant `ms` milliseconds after the start. */
export const afterMs = (ms: number): string => new Date(Date.parse(STARTED_AT) + ms).toISOString();

export function startedEvents(level: MathSprintLevel = 'medium', seeds: FairnessSeeds = SEEDS): MathSprintEvent[] {
  return startEvents({
    matchId: 'math-sprint.1',
    playerId: 'ann',
    startedAt: STARTED_AT,
    options: { level },
    random: fairRandom(seeds),
    memory: null,
  });
}

export const started = (level: MathSprintLevel = 'medium', seeds: FairnessSeeds = SEEDS): MathSprintState =>
  fold(startedEvents(level, seeds));

export const answer = (problem: number, value: number, atMs: number, playerId = 'ann'): MathSprintCommand => ({
  type: 'AnswerProblem',
  data: { playerId, problem, value, at: afterMs(atMs) },
});

export const expire = (atMs: number): MathSprintCommand => ({ type: 'ExpireGame', data: { at: afterMs(atMs) } });

/** The state after `command`; throws on a rejection, so a test that expects one uses step() itself. */
export function play(state: MathSprintState, command: MathSprintCommand): MathSprintState {
  const result = step(command, state);
  if (typeof result === 'string') throw new Error(`rejected: ${result}`);
  return result.state;
}

/** The right answer of the problem shown now. */
export const rightAnswer = (state: MathSprintState): number => state.problems[state.current]!.answer;
