/** Test helpers for Rapid Recall: fixed seeds, a started game, the round's times, commands by name. */
import { fairRandom, type FairnessSeeds } from '../../fairness/fairness.ts';
import { fold, startEvents, step } from './decider.ts';
import type { RapidRecallCommand, RapidRecallEvent } from './messages.ts';
import type { RapidRecallKind } from './rules.ts';
import { inputClosesAtMs, inputOpensAtMs, sequenceOf, showAtMs, type RapidRecallState } from './state.ts';

export const STARTED_AT = '2026-03-01T09:00:00.000Z';
export const T0 = Date.parse(STARTED_AT);
export const SEEDS: FairnessSeeds = {
  serverSeed: 'a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff',
  clientSeed: 'player-seed',
  nonce: 3,
};

export const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export function startedEvents(kind: RapidRecallKind = 'mixed', seeds: FairnessSeeds = SEEDS): RapidRecallEvent[] {
  return startEvents({
    matchId: 'rapid-recall.1',
    playerId: 'ann',
    startedAt: STARTED_AT,
    options: { kind },
    random: fairRandom(seeds),
    memory: null,
  });
}

export const started = (kind: RapidRecallKind = 'mixed', seeds: FairnessSeeds = SEEDS): RapidRecallState =>
  fold(startedEvents(kind, seeds));

export const recall = (round: number, items: readonly string[], atMs: number, playerId = 'ann'): RapidRecallCommand => ({
  type: 'RecallSequence',
  data: { playerId, round, items: [...items], at: iso(atMs) },
});

export const expire = (atMs: number): RapidRecallCommand => ({ type: 'ExpireRound', data: { at: iso(atMs) } });

/** The state after `command`; throws on a rejection, so a test that expects one uses step() itself. */
export function play(state: RapidRecallState, command: RapidRecallCommand): RapidRecallState {
  const result = step(command, state);
  if (typeof result === 'string') throw new Error(`rejected: ${result}`);
  return result.state;
}

/** The round's times, epoch ms. */
export const times = (state: RapidRecallState) => ({
  startsAt: showAtMs(state, 0),
  opensAt: inputOpensAtMs(state),
  closesAt: inputClosesAtMs(state),
});

/** Recalls the current round right, `afterOpenMs` after its window opens. */
export const recallRight = (state: RapidRecallState, afterOpenMs = 500): RapidRecallState =>
  play(state, recall(state.round, sequenceOf(state), times(state).opensAt + afterOpenMs));

/** Recalls the current round wrong (the right sequence with its first item changed). */
export function recallWrong(state: RapidRecallState, afterOpenMs = 500): RapidRecallState {
  const [first, ...rest] = sequenceOf(state);
  const other = state.sequences.flat().find((item) => item !== first)!;
  return play(state, recall(state.round, [other, ...rest], times(state).opensAt + afterOpenMs));
}
