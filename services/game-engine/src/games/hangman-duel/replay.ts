/**
 * A finished duel step by step, for the replay API: the view after every event. The match is over, so the words
 * are no secret any more: by default every step shows its round's word (pass `revealWord: false` and a viewer to
 * see exactly what that player saw at the time).
 */
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

export interface ReplayStep {
  readonly index: number;
  readonly event: DuelEvent['type'];
  readonly at: string;
  readonly view: DuelView;
}

/** The view after each event of `events` (a whole stream, starting with DuelStarted), one per event. */
export function replay(events: readonly DuelEvent[], options: ReplayOptions = {}): DuelView[] {
  return replaySteps(events, options).map((step) => step.view);
}

/** Like replay(), with each step's event type and time, so a player can step, pause and change speed. */
export function replaySteps(events: readonly DuelEvent[], options: ReplayOptions = {}): ReplayStep[] {
  const viewerId = options.viewerId ?? null;
  const revealWord = options.revealWord ?? true;
  const steps: ReplayStep[] = [];
  let state: DuelState | undefined;
  for (const [index, event] of events.entries()) {
    state = state === undefined ? fold([event]) : evolve(state, event);
    const at = event.type === 'DuelStarted' ? event.data.startedAt : event.data.at;
    steps.push({ index, event: event.type, at, view: viewFor(state, viewerId, { revealWord }) });
  }
  return steps;
}
