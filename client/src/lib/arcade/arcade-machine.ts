import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { ArcadeView } from './arcade-api.ts';

/**
 * Every arcade game's page lifecycle: setup → starting (the paid start) → playing ⇄ moving (one move at a time) or
 * refreshing (a deadline or a timed item is due: the server says what happened) → over, and back. The server decides
 * everything; the machine keeps the latest view and never lets two requests for one game race.
 */
export type ArcadeMove = { readonly type: string } & Readonly<Record<string, unknown>>;

export type ArcadeContext = {
  options: object | null;
  matchId: string | null;
  view: ArcadeView | null;
  pendingMove: ArcadeMove | null;
  /** Server time minus this device's time, from the last view's `serverNow`: countdowns follow the server. */
  serverOffsetMs: number;
};

export type ArcadeEvent =
  | { type: 'START'; options: object }
  | { type: 'RESUME'; matchId: string; view: ArcadeView }
  | { type: 'MOVE'; move: ArcadeMove }
  | { type: 'REFRESH' }
  | { type: 'AGAIN' };

type Received<T> = T & { receivedAt: number };

function notProvided(name: string): never {
  throw new Error(`arcade machine: ${name} must be provided`);
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;
const offsetOf = (view: ArcadeView, receivedAt: number) => Date.parse(view.serverNow) - receivedAt;
const isOver = (view: ArcadeView | null | undefined) => view != null && view.status !== 'playing';
const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null);

export const arcadeMachine = setup({
  types: { context: {} as ArcadeContext, events: {} as ArcadeEvent },
  actors: {
    startGame: fromPromise<Received<{ matchId: string; view: ArcadeView }>, object>(async () => notProvided('startGame')),
    submitMove: fromPromise<Received<{ view: ArcadeView }>, { matchId: string; move: ArcadeMove }>(async () => notProvided('submitMove')),
    refreshMatch: fromPromise<Received<{ view: ArcadeView }>, { matchId: string }>(async () => notProvided('refreshMatch')),
  },
  actions: {
    /** A refused start or move: the page shows it (token problems get 'Buy Tokens'). */
    reportProblem: (_, _error: unknown) => {},
    /** Tokens moved (fee, reward): the page refreshes the wallet. */
    walletChanged: () => {},
    keep: assign((_, received: Received<{ view: ArcadeView }>) => ({
      view: received.view,
      serverOffsetMs: offsetOf(received.view, received.receivedAt),
    })),
  },
  guards: {
    isOver: ({ context }) => isOver(context.view),
    /** The game ended meanwhile (time ran out): fetch the final view instead of showing an error. */
    isGameOver: (_, error: unknown) => codeOf(error) === 'game_over',
  },
}).createMachine({
  id: 'arcade',
  initial: 'setup',
  context: { options: null, matchId: null, view: null, pendingMove: null, serverOffsetMs: 0 },
  states: {
    setup: {
      on: {
        START: { target: 'starting', actions: assign({ options: ({ event }) => event.options }) },
        RESUME: {
          target: 'playing',
          actions: assign({ matchId: ({ event }) => event.matchId, view: ({ event }) => event.view, serverOffsetMs: 0 }),
        },
      },
    },
    starting: {
      entry: assign({ matchId: null, view: null, pendingMove: null }),
      invoke: {
        src: 'startGame',
        input: ({ context }) => context.options ?? {},
        onDone: {
          target: 'playing',
          actions: [
            assign({ matchId: ({ event }) => event.output.matchId }),
            { type: 'keep', params: ({ event }) => event.output },
            'walletChanged',
          ],
        },
        onError: { target: 'setup', actions: { type: 'reportProblem', params: errorOf } },
      },
    },
    playing: {
      always: { guard: 'isOver', target: 'over' },
      on: {
        MOVE: { target: 'moving', actions: assign({ pendingMove: ({ event }) => event.move }) },
        REFRESH: { target: 'refreshing' },
      },
    },
    moving: {
      invoke: {
        src: 'submitMove',
        input: ({ context }) => ({ matchId: context.matchId ?? '', move: context.pendingMove ?? { type: 'none' } }),
        onDone: { target: 'playing', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isGameOver', params: errorOf }, target: 'refreshing' },
          { target: 'refreshing', actions: { type: 'reportProblem', params: errorOf } },
        ],
      },
      exit: assign({ pendingMove: null }),
    },
    refreshing: {
      invoke: {
        src: 'refreshMatch',
        input: ({ context }) => ({ matchId: context.matchId ?? '' }),
        onDone: { target: 'playing', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'playing', actions: { type: 'reportProblem', params: errorOf } },
      },
    },
    over: {
      entry: 'walletChanged',
      on: {
        AGAIN: { target: 'setup', actions: assign({ matchId: null, view: null }) },
        START: { target: 'starting', actions: assign({ options: ({ event }) => event.options }) },
      },
    },
  },
});
