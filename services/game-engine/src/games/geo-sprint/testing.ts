/** Test helpers for Geo Sprint: a round dealt from fixed seeds, and the commands a player or the engine sends. */
import { geoSprintQuestionId, type GeoSprintCategory, type GeoSprintCategoryChoice } from '@qal/events';
import { fairRandom } from '../../fairness/fairness.ts';
import type { Question, QuestionBank } from './bank.ts';
import { fold, start, step, type GeoSprintState } from './decider.ts';
import { EMPTY_GEO_SPRINT_MEMORY, type GeoSprintMemory } from './memory.ts';
import type { GeoSprintCommand, GeoSprintEvent } from './messages.ts';

export const SERVER_SEED = '5c1f3a9e0b7d4c2a8e6f1b3d5a7c9e0f2b4d6f8a0c2e4a6b8d0f1e3c5a7b9d1f';
export const CLIENT_SEED = 'geo-sprint-test';
export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const PLAYER = 'player-1';
export const MATCH = 'geo-sprint.0f6e1c2a-6f7b-4d0e-9b0a-3c1d2e3f4a5b';

export const seedsOf = (nonce: number, serverSeed: string = SERVER_SEED) => ({ serverSeed, clientSeed: CLIENT_SEED, nonce });

export interface Round {
  readonly events: GeoSprintEvent[];
  readonly state: GeoSprintState;
}

export function startRound(
  options: { category?: GeoSprintCategoryChoice; nonce?: number; memory?: GeoSprintMemory; startedAt?: string } = {},
): Round {
  const events = start({
    matchId: MATCH,
    playerId: PLAYER,
    startedAt: options.startedAt ?? STARTED_AT,
    options: { category: options.category ?? 'mixed' },
    random: fairRandom(seedsOf(options.nonce ?? 0)),
    memory: options.memory ?? EMPTY_GEO_SPRINT_MEMORY,
  });
  return { events, state: fold(events) };
}

/** `ms` milliseconds after `instant`, as ISO text. */
export const plus = (instant: string, ms: number): string => new Date(Date.parse(instant) + ms).toISOString();

export const answer = (question: number, choice: number, at: string, playerId: string = PLAYER): GeoSprintCommand => ({
  type: 'AnswerQuestion',
  data: { playerId, question, choice, at },
});
export const fiftyFifty = (at: string, question: number | null = null): GeoSprintCommand => ({
  type: 'UseFiftyFifty',
  data: { playerId: PLAYER, question, at },
});
export const geoHint = (at: string, question: number | null = null): GeoSprintCommand => ({
  type: 'UseGeoHint',
  data: { playerId: PLAYER, question, at },
});
export const next = (at: string): GeoSprintCommand => ({ type: 'ShowNextQuestion', data: { playerId: PLAYER, at } });
export const expire = (at: string): GeoSprintCommand => ({ type: 'ExpireQuestion', data: { at } });

/** The command's step, which must be accepted. */
export function accepted(command: GeoSprintCommand, state: GeoSprintState): Round {
  const result = step(command, state);
  if (typeof result === 'string') throw new Error(`${command.type} was refused: ${result}`);
  return result;
}

/** The current question's answer and a wrong option (the first one not taken away by a 50/50). */
export function rightChoice(state: GeoSprintState): number {
  return state.questions[state.position]!.answer;
}
export function wrongChoice(state: GeoSprintState): number {
  const removed = state.fiftyFiftyOn === state.position ? state.fiftyFifty[state.position]! : [];
  return [0, 1, 2, 3].find((option) => option !== rightChoice(state) && !removed.includes(option))!;
}

/** The current question's show instant. */
export const shownAt = (state: GeoSprintState): string => state.shownAt[state.position]!;

/**
 * A small bank of made-up questions of fixed sizes, so draws computed once stay true however the real bank grows:
 * question n of a category has its answer at (3n mod 4) and the difficulty by n mod 3.
 */
export function syntheticBank(sizes: Readonly<Record<GeoSprintCategory, number>>): QuestionBank {
  const difficulties = ['easy', 'medium', 'hard'] as const;
  const make = (category: GeoSprintCategory, n: number): Question => {
    const id = geoSprintQuestionId(category, n);
    const options = [0, 1, 2, 3].map((i) => `${id} option ${i}`);
    return {
      id,
      category,
      difficulty: difficulties[n % 3]!,
      answer: (3 * n) % 4,
      en: { question: `Question ${id}?`, options, explanation: `Explanation of ${id}.` },
      am: { question: `ጥያቄ ${n}?`, options: options.map((_, i) => `መልስ ${n}-${i}`), explanation: `ማብራሪያ ${n}።` },
      source: `https://example.org/${id}`,
    };
  };
  return {
    questions: {
      ethiopia: Array.from({ length: sizes.ethiopia }, (_, i) => make('ethiopia', i + 1)),
      africa: Array.from({ length: sizes.africa }, (_, i) => make('africa', i + 1)),
      world: Array.from({ length: sizes.world }, (_, i) => make('world', i + 1)),
    },
  };
}
