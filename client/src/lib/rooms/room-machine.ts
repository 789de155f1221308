import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { DuelMove, DuelView, RoomAction, RoomView } from './rooms-api.ts';

/**
 * One room's lifecycle and, while its match is on, the turn: two regions side by side.
 *
 * - `lifecycle`: loading → waiting ⇄ inProgress → finished, or closed (cancelled / deleted); it follows the room's
 *   status as the server reports it (snapshot, push, an action's answer, a poll), never its own guess.
 *   Inside `inProgress` the turn: setting (I set the word) | guessing (my turn) | watching | over.
 * - `request`: idle | acting (a room action) | moving (a move) | refreshing (re-reading the room and match):
 *   one request at a time, so a double tap never sends two.
 *
 * Views arrive from everywhere (websocket pushes already de-duplicated by version, HTTP answers, polling); one that
 * is behind the one shown (an answer overtaken by a push) is dropped, not kept by arrival: a room view by its version,
 * a match view by its progress.
 */
export type RoomContext = {
  code: string;
  me: string;
  room: RoomView | null;
  match: DuelView | null;
  pendingAction: RoomAction | null;
  pendingMove: DuelMove | null;
};

export type RoomEvent =
  | { type: 'ROOM'; room: RoomView }
  | { type: 'MATCH'; view: DuelView }
  | { type: 'ACT'; action: RoomAction }
  | { type: 'SET_WORD'; word: string }
  | { type: 'GUESS'; letter: string }
  | { type: 'HINT' }
  | { type: 'REFRESH' };

export type Loaded = { room: RoomView; match: DuelView | null };

function notProvided(name: string): never {
  throw new Error(`room machine: ${name} must be provided`);
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

const PHASE_RANK = { setting: 0, guessing: 1, finished: 2 } as const;

/** How far a match has got: later turns, phases and guesses are further on; finished is furthest. */
export function progressOf(view: DuelView): number[] {
  return [view.status === 'finished' ? 1 : 0, view.turn, view.round, PHASE_RANK[view.phase], view.guessed.length, -view.hintsLeft];
}

/** True unless `next` is an older view of the match shown (another match, e.g. a rematch, always counts). */
export function isNotOlder(next: DuelView, current: DuelView | null): boolean {
  if (!current || current.matchId !== next.matchId) return true;
  const a = progressOf(next);
  const b = progressOf(current);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

export type TurnState = 'setting' | 'guessing' | 'watching' | 'over';

/** What the viewer does now in the match: set the word, guess, watch, or it is over. */
export function turnOf(match: DuelView | null, me: string): TurnState {
  if (!match || match.status === 'finished' || match.phase === 'finished') return match ? 'over' : 'watching';
  if (match.phase === 'setting') return match.setterId === me ? 'setting' : 'watching';
  return match.currentPlayerId === me ? 'guessing' : 'watching';
}

/**
 * True unless `next` is an older view of the room than the one shown. An action's answer is read before the server
 * waits on its read model, so the push of another player's action can reach the page first; taking the answer after
 * it would undo what the push showed until the room next changes. A view without a version is taken as it comes.
 */
export function isNotOlderRoom(next: RoomView, current: RoomView | null): boolean {
  return next.version === undefined || current?.version === undefined || next.version >= current.version;
}

/** A view of the room's current match (not of an earlier one the room has moved on from). */
const belongsToRoom = (view: DuelView, room: RoomView | null) => !room?.matchId || room.matchId === view.matchId;

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as { code: string; me: string },
  },
  actors: {
    loadRoom: fromPromise<Loaded, { code: string }>(async () => notProvided('loadRoom')),
    roomAction: fromPromise<RoomView, { code: string; action: RoomAction }>(async () => notProvided('roomAction')),
    submitMove: fromPromise<DuelView | null, { matchId: string; move: DuelMove }>(async () => notProvided('submitMove')),
  },
  actions: {
    /** A refused action or move, or a failed read: the page shows the server's message in a toast. */
    reportProblem: (_, _error: unknown) => {},
    /** An action went through (the page may say so, or leave the room after 'leave' and 'delete'). */
    actionDone: (_, _done: { action: RoomAction; room: RoomView }) => {},
    keepRoom: assign(({ context }, room: RoomView) =>
      isNotOlderRoom(room, context.room)
        ? {
            room,
            // A rematch moves the room to a new match: the old match's view no longer applies.
            match: context.match && room.matchId && context.match.matchId !== room.matchId ? null : context.match,
          }
        : {},
    ),
    keepMatch: assign({ match: (_, view: DuelView) => view }),
    keepLoaded: assign(({ context }, loaded: Loaded) => {
      const room = isNotOlderRoom(loaded.room, context.room) ? loaded.room : (context.room ?? loaded.room);
      return {
        room,
        match:
          loaded.match && belongsToRoom(loaded.match, room) && isNotOlder(loaded.match, context.match)
            ? loaded.match
            : context.match && belongsToRoom(context.match, room)
              ? context.match
              : null,
      };
    }),
  },
  guards: {
    isThisRoom: ({ context }, room: RoomView) => room.code === context.code,
    isFreshMatch: ({ context }, view: DuelView) => belongsToRoom(view, context.room) && isNotOlder(view, context.match),
    isFreshAnswer: ({ context }, view: DuelView | null) =>
      view !== null && belongsToRoom(view, context.room) && isNotOlder(view, context.match),
    isWaiting: ({ context }) => context.room?.status === 'waiting',
    isInProgress: ({ context }) => context.room?.status === 'in_progress',
    isFinished: ({ context }) => context.room?.status === 'finished',
    isClosed: ({ context }) => context.room?.status === 'cancelled',
    isMySetting: ({ context }) => turnOf(context.match, context.me) === 'setting',
    isMyGuess: ({ context }) => turnOf(context.match, context.me) === 'guessing',
    isWatching: ({ context }) => turnOf(context.match, context.me) === 'watching',
    isMatchOver: ({ context }) => turnOf(context.match, context.me) === 'over',
    hasRoom: ({ context }) => context.room !== null,
    canSetWord: ({ context, event }) =>
      event.type === 'SET_WORD' && event.word.trim() !== '' && turnOf(context.match, context.me) === 'setting',
    canGuess: ({ context, event }) =>
      event.type === 'GUESS' &&
      turnOf(context.match, context.me) === 'guessing' &&
      !context.match?.guessed.includes(event.letter) &&
      !context.match?.guessed.includes(event.letter.toLowerCase()),
    canHint: ({ context }) => turnOf(context.match, context.me) === 'guessing' && (context.match?.hintsLeft ?? 0) > 0,
  },
}).createMachine({
  id: 'room',
  type: 'parallel',
  context: ({ input }) => ({ code: input.code, me: input.me, room: null, match: null, pendingAction: null, pendingMove: null }),
  on: {
    ROOM: {
      guard: { type: 'isThisRoom', params: ({ event }) => event.room },
      actions: { type: 'keepRoom', params: ({ event }) => event.room },
    },
    MATCH: {
      guard: { type: 'isFreshMatch', params: ({ event }) => event.view },
      actions: { type: 'keepMatch', params: ({ event }) => event.view },
    },
  },
  states: {
    lifecycle: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadRoom',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: 'routing', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
            onError: { target: 'unavailable', actions: { type: 'reportProblem', params: errorOf } },
          },
          // A push can beat the first read.
          always: { guard: 'hasRoom', target: 'routing' },
        },
        /** No room to show (not found, not allowed, network): the page offers the way back. */
        unavailable: {
          on: { REFRESH: { target: 'loading' } },
          always: { guard: 'hasRoom', target: 'routing' },
        },
        routing: {
          always: [
            { guard: 'isClosed', target: 'closed' },
            { guard: 'isInProgress', target: 'inProgress' },
            { guard: 'isFinished', target: 'finished' },
            { target: 'waiting' },
          ],
        },
        waiting: {
          always: [
            { guard: 'isInProgress', target: 'inProgress' },
            { guard: 'isFinished', target: 'finished' },
            { guard: 'isClosed', target: 'closed' },
          ],
        },
        inProgress: {
          initial: 'watching',
          always: [
            { guard: 'isFinished', target: 'finished' },
            { guard: 'isWaiting', target: 'waiting' },
            { guard: 'isClosed', target: 'closed' },
          ],
          states: {
            watching: {
              always: [
                { guard: 'isMatchOver', target: 'over' },
                { guard: 'isMySetting', target: 'setting' },
                { guard: 'isMyGuess', target: 'guessing' },
              ],
            },
            setting: {
              always: [
                { guard: 'isMatchOver', target: 'over' },
                { guard: 'isMyGuess', target: 'guessing' },
                { guard: 'isWatching', target: 'watching' },
              ],
            },
            guessing: {
              always: [
                { guard: 'isMatchOver', target: 'over' },
                { guard: 'isMySetting', target: 'setting' },
                { guard: 'isWatching', target: 'watching' },
              ],
            },
            over: {
              always: [
                { guard: 'isMySetting', target: 'setting' },
                { guard: 'isMyGuess', target: 'guessing' },
                { guard: 'isWatching', target: 'watching' },
              ],
            },
          },
        },
        /** The match is over; the host may start a rematch, which brings the room back to waiting. */
        finished: {
          always: [
            { guard: 'isWaiting', target: 'waiting' },
            { guard: 'isInProgress', target: 'inProgress' },
            { guard: 'isClosed', target: 'closed' },
          ],
        },
        closed: {
          always: [
            { guard: 'isWaiting', target: 'waiting' },
            { guard: 'isInProgress', target: 'inProgress' },
          ],
        },
      },
    },

    request: {
      initial: 'idle',
      states: {
        idle: {
          // Cleared here, not on leaving `acting`: exit actions run before the transition's, which still need it.
          entry: assign({ pendingAction: null, pendingMove: null }),
          on: {
            ACT: { guard: 'hasRoom', target: 'acting', actions: assign({ pendingAction: ({ event }) => event.action }) },
            SET_WORD: {
              guard: 'canSetWord',
              target: 'moving',
              actions: assign({ pendingMove: ({ event }) => ({ type: 'set_word', word: event.word.trim() }) }),
            },
            GUESS: {
              guard: 'canGuess',
              target: 'moving',
              actions: assign({ pendingMove: ({ event }) => ({ type: 'guess', letter: event.letter }) }),
            },
            HINT: { guard: 'canHint', target: 'moving', actions: assign({ pendingMove: { type: 'hint' } }) },
            REFRESH: { guard: 'hasRoom', target: 'refreshing' },
          },
        },
        acting: {
          invoke: {
            src: 'roomAction',
            input: ({ context }) => ({ code: context.code, action: context.pendingAction ?? { type: 'ready' } }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepRoom', params: ({ event }) => event.output },
                {
                  type: 'actionDone',
                  params: ({ context, event }) => ({ action: context.pendingAction ?? { type: 'ready' }, room: event.output }),
                },
              ],
            },
            onError: { target: 'idle', actions: { type: 'reportProblem', params: errorOf } },
          },
        },
        moving: {
          invoke: {
            src: 'submitMove',
            input: ({ context }) => ({ matchId: context.match?.matchId ?? '', move: context.pendingMove ?? { type: 'hint' } }),
            onDone: [
              {
                guard: { type: 'isFreshAnswer', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'keepMatch', params: ({ event }) => event.output as DuelView },
              },
              // No view came back, or an older one: read the current state.
              { target: 'refreshing' },
            ],
            // Refused (not your turn any more, invalid word…): say why, then make sure the board is current.
            onError: { target: 'refreshing', actions: { type: 'reportProblem', params: errorOf } },
          },
        },
        refreshing: {
          invoke: {
            src: 'loadRoom',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: 'idle', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
