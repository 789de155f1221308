/**
 * A finished duel step by step, for the replay API: the view after every event. The match is over, so the words
 * are no secret any more: by default every step shows its round's word (pass `revealWord: false` and a viewer to
 * see exactly what that player saw at the time).
 */
import type { DuelReplayStepKind } from '@qal/events';
import { evolve, fold } from './decider.ts';
import type { DuelEvent } from './messages.ts';
import type { DuelState } from './state.ts';
import { viewFor, type DuelView } from './view.ts';

export interface ReplayOptions {
  /** Whose eyes (null: a spectator's). */
  readonly viewerId?: string | null;
  /** Show each round's word from the moment it is set (default true). */
  readonly revealWord?: boolean;
}

/** What a step of the replay shows happening, for the player's caption (the contract's: @qal/events DuelReplayStep). */
export type ReplayStepKind = DuelReplayStepKind;

export interface ReplayStep {
  readonly index: number;
  readonly kind: ReplayStepKind;
  readonly event: DuelEvent['type'];
  readonly at: string;
  /** Who acted (the setter, guesser, timed-out or removed player), when someone did. */
  readonly playerId?: string;
  readonly letter?: string;
  readonly hit?: boolean;
  /** The word set or ended with (only when revealWord, the default). */
  readonly word?: string;
  readonly view: DuelView;
}

/** The view after each event of `events` (a whole stream, starting with DuelStarted), one per event. */
export function replay(events: readonly DuelEvent[], options: ReplayOptions = {}): DuelView[] {
  return replaySteps(events, options).map((step) => step.view);
}

/** Like replay(), with what each step shows happening, so a player can step, pause and change speed. */
export function replaySteps(events: readonly DuelEvent[], options: ReplayOptions = {}): ReplayStep[] {
  const viewerId = options.viewerId ?? null;
  const revealWord = options.revealWord ?? true;
  const steps: ReplayStep[] = [];
  let state: DuelState | undefined;
  for (const [index, event] of events.entries()) {
    state = state === undefined ? fold([event]) : evolve(state, event);
    const view = viewFor(state, viewerId, { revealWord });
    steps.push({ index, event: event.type, ...describe(event, revealWord), view });
  }
  return steps;
}

function describe(event: DuelEvent, revealWord: boolean): Omit<ReplayStep, 'index' | 'event' | 'view'> {
  const word = (w: string | null) => (revealWord && w !== null ? { word: w } : {});
  switch (event.type) {
    case 'DuelStarted':
      return { kind: 'start', at: event.data.startedAt };
    case 'RoundStarted':
      return { kind: 'round_start', at: event.data.at, playerId: event.data.setterId };
    case 'WordSet':
      return { kind: 'set_word', at: event.data.at, playerId: event.data.setterId, ...word(event.data.word) };
    case 'LetterGuessed':
      return { kind: 'guess', at: event.data.at, playerId: event.data.playerId, letter: event.data.letter, hit: event.data.hit };
    case 'HintUsed':
      return { kind: 'hint', at: event.data.at, playerId: event.data.playerId, letter: event.data.letter };
    case 'TurnTimedOut':
      return { kind: 'timeout', at: event.data.at, playerId: event.data.playerId };
    case 'PlayerRemoved':
      return { kind: 'removed', at: event.data.at, playerId: event.data.playerId };
    case 'RoundEnded':
      // An ended round's word is public (lastRounds), whatever the options.
      return {
        kind: 'round_end',
        at: event.data.at,
        ...(event.data.solvedBy ? { playerId: event.data.solvedBy } : {}),
        ...(event.data.word !== null ? { word: event.data.word } : {}),
      };
    case 'DuelFinished':
      return { kind: 'end', at: event.data.at };
  }
}
