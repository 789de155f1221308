/**
 * A finished Crazy match step by step, for the replay API: the view after every event. The match is over, so the
 * hands are no secret any more: by default every step shows every hand (pass `revealHands: false` and a viewer to
 * see exactly what that player saw at the time). The deck order is never shown.
 */
import type { CrazyReplayStepKind } from '@qal/events';
import { evolve, fold } from './decider.ts';
import type { CrazyEvent, DrawReason, PlayEffect, WrongPlayReason } from './messages.ts';
import type { CrazyState } from './state.ts';
import { viewFor, type CrazyView } from './view.ts';

export interface ReplayOptions {
  /** Whose eyes (null: a spectator's). */
  readonly viewerId?: string | null;
  /** Show every hand at every step (default true). */
  readonly revealHands?: boolean;
}

/** What a step of the replay shows happening, for the player's caption (the contract's: @qal/events CrazyReplayStep). */
export type ReplayStepKind = CrazyReplayStepKind;

export interface ReplayStep {
  readonly index: number;
  readonly kind: ReplayStepKind;
  readonly event: CrazyEvent['type'];
  readonly at: string;
  /** Who acted (the player who played, drew, declared, called, timed out or left; the turn's new holder). */
  readonly playerId?: string;
  /** The cards played or tried (WrongPlay); the cards drawn only when hands are revealed. */
  readonly cards?: readonly string[];
  /** How many cards were drawn (always shown: counts are public). */
  readonly count?: number;
  readonly effect?: PlayEffect;
  readonly reason?: DrawReason | WrongPlayReason;
  readonly targetId?: string;
  readonly right?: boolean;
  readonly view: CrazyView;
}

/** The view after each event of `events` (a whole stream, starting with CrazyStarted), one per event. */
export function replay(events: readonly CrazyEvent[], options: ReplayOptions = {}): CrazyView[] {
  return replaySteps(events, options).map((step) => step.view);
}

/** Like replay(), with what each step shows happening, so a player can step, pause and change speed. */
export function replaySteps(events: readonly CrazyEvent[], options: ReplayOptions = {}): ReplayStep[] {
  const viewerId = options.viewerId ?? null;
  const revealHands = options.revealHands ?? true;
  const steps: ReplayStep[] = [];
  let state: CrazyState | undefined;
  for (const [index, event] of events.entries()) {
    state = state === undefined ? fold([event]) : evolve(state, event);
    const view = viewFor(state, viewerId, { revealHands });
    steps.push({ index, event: event.type, ...describe(event, revealHands, viewerId), view });
  }
  return steps;
}

function describe(event: CrazyEvent, revealHands: boolean, viewerId: string | null): Omit<ReplayStep, 'index' | 'event' | 'view'> {
  switch (event.type) {
    case 'CrazyStarted':
      return { kind: 'start', at: event.data.startedAt, playerId: event.data.starter };
    case 'CardsPlayed':
      return { kind: 'play', at: event.data.at, playerId: event.data.playerId, cards: event.data.cards, effect: event.data.effect };
    case 'WrongPlay':
      return { kind: 'wrong_play', at: event.data.at, playerId: event.data.playerId, cards: event.data.cards, reason: event.data.reason };
    case 'CardsDrawn': {
      const { playerId, cards, reason, at } = event.data;
      const shown = revealHands || playerId === viewerId;
      return { kind: 'draw', at, playerId, count: cards.length, reason, ...(shown ? { cards } : {}) };
    }
    case 'PileReshuffled':
      return { kind: 'reshuffle', at: event.data.at, count: event.data.cards.length };
    case 'TurnPassed':
      return { kind: 'turn', at: event.data.at, playerId: event.data.to };
    case 'QeregnSaid':
      return { kind: 'qeregn', at: event.data.at, playerId: event.data.playerId };
    case 'QeregnWindowClosed':
      return { kind: 'qeregn_window_closed', at: event.data.at, playerId: event.data.playerId };
    case 'CrazyCalled':
      return {
        kind: 'crazy_call',
        at: event.data.at,
        playerId: event.data.callerId,
        targetId: event.data.targetId,
        right: event.data.right,
      };
    case 'TurnTimedOut':
      return { kind: 'timeout', at: event.data.at, playerId: event.data.playerId };
    case 'PlayerRemoved':
      return { kind: 'removed', at: event.data.at, playerId: event.data.playerId };
    case 'CrazyFinished':
      return { kind: 'end', at: event.data.at, playerId: event.data.winner };
  }
}
