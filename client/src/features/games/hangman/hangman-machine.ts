import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { GameSetup, HangmanView, Move } from '../../../lib/hangman/hangman-api.ts';

/**
 * The Hangman page's turn lifecycle: setup → starting (the paid start) → playing ⇄ submitting (one move at a
 * time) → over, and back to starting for "play again". The server decides everything; the machine only keeps
 * the latest view it was given and never lets two requests for one game race.
 */
export type HangmanContext = {
  /** The last setup played (null until the first start, so the page can default to its own language). */
  setup: GameSetup | null;
  matchId: string | null;
  view: HangmanView | null;
  pendingMove: Move | null;
  /** Server time minus client time, estimated when a game starts, so the countdown follows the server's deadline. */
  serverOffsetMs: number;
};

export type HangmanEvent =
  | { type: 'START'; setup: GameSetup }
  | { type: 'RESUME'; matchId: string; view: HangmanView }
  | { type: 'GUESS'; letter: string }
  | { type: 'HINT' }
  | { type: 'TIME_UP' }
  | { type: 'PLAY_AGAIN' }
  | { type: 'CHANGE_SETUP' };

type Started = { matchId: string; view: HangmanView; receivedAt: number };

function notProvided(name: string): never {
  throw new Error(`hangman machine: ${name} must be provided`);
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

const isOverView = (view: HangmanView | null | undefined) => view != null && view.status !== 'playing';

export const hangmanMachine = setup({
  types: {
    context: {} as HangmanContext,
    events: {} as HangmanEvent,
  },
  actors: {
    startGame: fromPromise<Started, GameSetup>(async () => notProvided('startGame')),
    submitMove: fromPromise<HangmanView, { matchId: string; move: Move }>(async () => notProvided('submitMove')),
    refreshMatch: fromPromise<HangmanView, { matchId: string }>(async () => notProvided('refreshMatch')),
  },
  actions: {
    /** A refused start or move: the page shows the toast (token problems get 'Buy Tokens'). */
    reportProblem: (_, _error: unknown) => {},
    /** Tokens moved (fee, reward): the page refreshes the wallet. */
    walletChanged: () => {},
    keepView: assign({ view: (_, view: HangmanView) => view }),
  },
  guards: {
    isOver: ({ context }) => isOverView(context.view),
    viewIsOver: (_, view: HangmanView) => isOverView(view),
    canGuess: ({ context, event }) =>
      event.type === 'GUESS' &&
      context.view !== null &&
      !context.view.guessed.includes(event.letter.toLowerCase()) &&
      !context.view.guessed.includes(event.letter),
    hasHints: ({ context }) => (context.view?.hintsLeft ?? 0) > 0,
    /** The game this move was for ended meanwhile (e.g. on time): fetch the final view. */
    isGameOverError: (_, error: unknown) =>
      typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'game_over',
  },
}).createMachine({
  id: 'hangman',
  initial: 'setup',
  context: { setup: null, matchId: null, view: null, pendingMove: null, serverOffsetMs: 0 },
  states: {
    setup: {
      on: {
        START: { target: 'starting', actions: assign({ setup: ({ event }) => event.setup }) },
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
        input: ({ context }) => context.setup ?? { language: 'en' },
        onDone: {
          target: 'playing',
          actions: [
            assign({
              matchId: ({ event }) => event.output.matchId,
              view: ({ event }) => event.output.view,
              serverOffsetMs: ({ event }) => Date.parse(event.output.view.startedAt) - event.output.receivedAt,
            }),
            'walletChanged',
          ],
        },
        onError: { target: 'setup', actions: { type: 'reportProblem', params: errorOf } },
      },
    },

    playing: {
      always: { guard: 'isOver', target: 'over' },
      on: {
        GUESS: {
          guard: 'canGuess',
          target: 'submitting',
          actions: assign({ pendingMove: ({ event }) => ({ type: 'guess', letter: event.letter }) }),
        },
        HINT: { guard: 'hasHints', target: 'submitting', actions: assign({ pendingMove: { type: 'hint' } }) },
        TIME_UP: { target: 'checkingTime' },
      },
    },

    submitting: {
      invoke: {
        src: 'submitMove',
        input: ({ context }) => ({ matchId: context.matchId ?? '', move: context.pendingMove ?? { type: 'hint' } }),
        onDone: [
          {
            guard: { type: 'viewIsOver', params: ({ event }) => event.output },
            target: 'over',
            actions: [{ type: 'keepView', params: ({ event }) => event.output }, 'walletChanged'],
          },
          { target: 'playing', actions: { type: 'keepView', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isGameOverError', params: errorOf }, target: 'checkingTime' },
          { target: 'playing', actions: { type: 'reportProblem', params: errorOf } },
        ],
      },
      exit: assign({ pendingMove: null }),
    },

    checkingTime: {
      invoke: {
        src: 'refreshMatch',
        input: ({ context }) => ({ matchId: context.matchId ?? '' }),
        onDone: { target: 'playing', actions: { type: 'keepView', params: ({ event }) => event.output } },
        onError: { target: 'playing', actions: { type: 'reportProblem', params: errorOf } },
      },
    },

    over: {
      on: {
        PLAY_AGAIN: { target: 'starting' },
        CHANGE_SETUP: { target: 'setup', actions: assign({ matchId: null, view: null }) },
        START: { target: 'starting', actions: assign({ setup: ({ event }) => event.setup }) },
      },
    },
  },
});
