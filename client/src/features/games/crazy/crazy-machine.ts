import { and, assign, fromPromise, not, setup, type ErrorActorEvent } from 'xstate';
import { checkSelection, keepInHand, toggleSelection, type Suit } from './crazy-cards.ts';
import { isNewerCrazy, type CrazyMove, type CrazyView } from './crazy-api.ts';

/**
 * The Crazy table's turn: loading → ready { selecting → choosingSuit (a single 8 or J, suit not locked) → sending |
 * refreshing }. One move at a time (a double tap never sends two), but taps on cards are always taken, even while a
 * move is on its way, so nothing on the table blocks the thumb. Views arrive from the socket, move answers and
 * re-reads; an older one (an answer overtaken by a push) is dropped.
 */
export type CrazyContext = {
  matchId: string;
  me: string;
  view: CrazyView | null;
  /** Selected card ids in the order tapped (a drop is played in that order). */
  selection: string[];
  pendingMove: CrazyMove | null;
};

export type CrazyEvent =
  | { type: 'VIEW'; view: CrazyView }
  | { type: 'TOGGLE'; id: string }
  | { type: 'CLEAR' }
  | { type: 'PLAY' }
  | { type: 'CHOOSE_SUIT'; suit: Suit }
  | { type: 'CANCEL_SUIT' }
  | { type: 'DRAW' }
  | { type: 'PASS' }
  | { type: 'FACE_PENALTY' }
  | { type: 'QEREGN' }
  | { type: 'CALL'; target: string }
  | { type: 'REFRESH' };

function notProvided(name: string): never {
  throw new Error(`crazy machine: ${name} must be provided`);
}

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;

export const isMyTurn = (view: CrazyView | null, me: string): boolean => view !== null && view.status === 'playing' && view.turn === me;

/** The selected cards as cards (ids no longer in the hand dropped). */
export function selectedCards(context: Pick<CrazyContext, 'view' | 'selection'>) {
  const hand = context.view?.hand ?? [];
  return context.selection.map((id) => hand.find((card) => card.id === id)).filter((card) => card !== undefined);
}

function needsSuit(context: CrazyContext): boolean {
  const view = context.view;
  if (!view) return false;
  const check = checkSelection(selectedCards(context), view, view.suitLocked);
  // A wrong 8/J cannot happen (they go on anything), but under a penalty an 8 is a wrong card: no suit then.
  return check.ok && check.chooseSuit;
}

export const crazyMachine = setup({
  types: {
    context: {} as CrazyContext,
    events: {} as CrazyEvent,
    input: {} as { matchId: string; me: string; view?: CrazyView | null },
  },
  actors: {
    loadView: fromPromise<CrazyView | null, { matchId: string }>(async () => notProvided('loadView')),
    submitMove: fromPromise<CrazyView | null, { matchId: string; move: CrazyMove }>(async () => notProvided('submitMove')),
  },
  actions: {
    /** A refused move or a failed read: the table shows the server's message. */
    reportProblem: (_, _error: unknown) => {},
    /** A move went through (the table may play a sound). */
    moved: (_, _move: CrazyMove) => {},
    keepView: assign(({ context }, view: CrazyView | null) => {
      if (!view || view.matchId !== context.matchId || !isNewerCrazy(view, context.view)) return {};
      return { view, selection: keepInHand(context.selection, view.hand) };
    }),
    toggle: assign({ selection: ({ context }, id: string) => toggleSelection(context.selection, id) }),
    clear: assign({ selection: [] as string[] }),
    setMove: assign({ pendingMove: (_, move: CrazyMove) => move }),
  },
  guards: {
    myTurn: ({ context }) => isMyTurn(context.view, context.me),
    canPlay: ({ context }) => isMyTurn(context.view, context.me) && selectedCards(context).length > 0,
    needsSuit: ({ context }) => needsSuit(context),
    canPass: ({ context }) =>
      isMyTurn(context.view, context.me) &&
      (context.view!.hasDrawn || context.view!.penalty > 0 || context.view!.canPassWithoutDrawing === true),
    canDraw: ({ context }) => isMyTurn(context.view, context.me) && !context.view!.hasDrawn && context.view!.penalty === 0,
    canFacePenalty: ({ context }) => isMyTurn(context.view, context.me) && context.view!.penalty > 0,
    canSayQeregn: ({ context }) =>
      context.view?.status === 'playing' && context.view.hand.length === 1 && context.view.saidQeregn?.[context.me] !== true,
    canCall: ({ context, event }) =>
      event.type === 'CALL' &&
      context.view?.status === 'playing' &&
      event.target !== context.me &&
      context.view.players.some((p) => p.id === event.target),
  },
}).createMachine({
  id: 'crazy',
  context: ({ input }) => ({ matchId: input.matchId, me: input.me, view: input.view ?? null, selection: [], pendingMove: null }),
  on: {
    VIEW: { actions: { type: 'keepView', params: ({ event }) => event.view } },
    // Selecting never waits for anything: a move on its way does not freeze the hand.
    TOGGLE: { actions: { type: 'toggle', params: ({ event }) => event.id } },
    CLEAR: { actions: 'clear' },
  },
  initial: 'loading',
  states: {
    loading: {
      always: { guard: ({ context }) => context.view !== null, target: 'ready' },
      invoke: {
        src: 'loadView',
        input: ({ context }) => ({ matchId: context.matchId }),
        onDone: { target: 'ready', actions: { type: 'keepView', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'reportProblem', params: errorOf } },
      },
    },
    ready: {
      initial: 'selecting',
      states: {
        selecting: {
          entry: assign({ pendingMove: null }),
          on: {
            // Polling while the socket is away; never over a move on its way or an open suit chooser.
            REFRESH: { target: 'refreshing' },
            PLAY: [
              { guard: and(['canPlay', 'needsSuit']), target: 'choosingSuit' },
              {
                guard: 'canPlay',
                target: 'sending',
                actions: {
                  type: 'setMove',
                  params: ({ context }) => ({ type: 'play', cards: selectedCards(context).map((c) => c.id) }) as CrazyMove,
                },
              },
            ],
            DRAW: { guard: 'canDraw', target: 'sending', actions: { type: 'setMove', params: { type: 'draw' } } },
            PASS: { guard: 'canPass', target: 'sending', actions: { type: 'setMove', params: { type: 'pass' } } },
            FACE_PENALTY: { guard: 'canFacePenalty', target: 'sending', actions: { type: 'setMove', params: { type: 'face_penalty' } } },
            QEREGN: { guard: 'canSayQeregn', target: 'sending', actions: { type: 'setMove', params: { type: 'qeregn' } } },
            CALL: {
              guard: 'canCall',
              target: 'sending',
              actions: { type: 'setMove', params: ({ event }) => ({ type: 'crazy', target: event.target }) },
            },
          },
        },
        /** A single 8 or J is selected: which suit it asks for. Anything that changes the selection goes back. */
        choosingSuit: {
          always: { guard: not(and(['myTurn', 'needsSuit'])), target: 'selecting' },
          on: {
            CHOOSE_SUIT: {
              target: 'sending',
              actions: {
                type: 'setMove',
                params: ({ context, event }) => ({ type: 'play', cards: selectedCards(context).map((c) => c.id), suit: event.suit }),
              },
            },
            CANCEL_SUIT: { target: 'selecting' },
            // Qeregn and Crazy are not turn moves: they can be said while choosing.
            QEREGN: { guard: 'canSayQeregn', target: 'sending', actions: { type: 'setMove', params: { type: 'qeregn' } } },
            CALL: {
              guard: 'canCall',
              target: 'sending',
              actions: { type: 'setMove', params: ({ event }) => ({ type: 'crazy', target: event.target }) },
            },
          },
        },
        sending: {
          invoke: {
            src: 'submitMove',
            input: ({ context }) => ({ matchId: context.matchId, move: context.pendingMove ?? { type: 'draw' } }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'selecting',
                actions: [
                  { type: 'keepView', params: ({ event }) => event.output },
                  { type: 'moved', params: ({ context }) => context.pendingMove ?? { type: 'draw' } },
                  // Played cards leave the hand (keepView prunes them); a played selection is done either way.
                  assign({ selection: ({ context }) => (context.pendingMove?.type === 'play' ? [] : context.selection) }),
                ],
              },
              { target: 'refreshing', actions: { type: 'moved', params: ({ context }) => context.pendingMove ?? { type: 'draw' } } },
            ],
            // Refused (no longer my turn, a call out of time…): say why, then make sure the table is current.
            onError: { target: 'refreshing', actions: { type: 'reportProblem', params: errorOf } },
          },
        },
        refreshing: {
          invoke: {
            src: 'loadView',
            input: ({ context }) => ({ matchId: context.matchId }),
            onDone: { target: 'selecting', actions: { type: 'keepView', params: ({ event }) => event.output } },
            onError: { target: 'selecting' },
          },
        },
      },
    },
  },
});
