import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useErrorText } from '../../components/error-message.tsx';
import { useTokenProblem } from '../../hooks/use-token-problem.ts';
import { selectIsSignedIn, useAuth } from '../auth/auth-live.ts';
import { notify } from '../notify.ts';
import { fetchWallet } from '../wallet-api.ts';
import { setWallet } from '../wallet-store.ts';
import { fetchArcadeMatch, fetchCurrentArcade, sendArcadeMove, startArcade, type ArcadeView, type CurrentArcade } from './arcade-api.ts';
import { arcadeMachine, type ArcadeMove } from './arcade-machine.ts';

export type ArcadePhase = 'setup' | 'starting' | 'playing' | 'over';

export interface ArcadeGame {
  /** setup: choosing options; starting: paying; playing: a game on (`busy` while a move or a refresh is out); over. */
  readonly phase: ArcadePhase;
  readonly view: ArcadeView | null;
  /** Today's plays of this game against its limit (null until known, or signed out). */
  readonly plays: CurrentArcade['plays'] | null;
  readonly busy: boolean;
  readonly signedIn: boolean;
  start(options: object): void;
  move(move: ArcadeMove): void;
  /** Ask the server again (a deadline or a timed item is due). */
  refresh(): void;
  /** Back to the setup after a game. */
  again(): void;
  /** The server's clock now, in ms since the epoch, as estimated from the last view. */
  serverNow(): number;
}

/**
 * One arcade game's page state: the machine (arcade-machine.ts) with the calls of arcade-api.ts, a game still running
 * resumed on load (a reload never pays twice), today's plays, the wallet refreshed when tokens moved, and refusals
 * shown as toasts in the player's language. Also asks the server again by itself when the view's deadline passes.
 */
export function useArcadeGame(slug: string): ArcadeGame {
  const signedIn = useAuth(selectIsSignedIn);
  const tokenProblem = useTokenProblem();
  const errorText = useErrorText();
  const [plays, setPlays] = useState<CurrentArcade['plays'] | null>(null);
  const helpers = useRef({ tokenProblem, errorText });
  helpers.current = { tokenProblem, errorText };
  const [machine] = useState(() =>
    arcadeMachine.provide({
      actors: {
        startGame: fromPromise(async ({ input }: { input: object }) => ({ ...(await startArcade(slug, input)), receivedAt: Date.now() })),
        submitMove: fromPromise(async ({ input }) => ({ view: await sendArcadeMove(input.matchId, input.move), receivedAt: Date.now() })),
        refreshMatch: fromPromise(async ({ input }) => ({ view: await fetchArcadeMatch(input.matchId), receivedAt: Date.now() })),
      },
      actions: {
        reportProblem: (_, error) => {
          if (!helpers.current.tokenProblem.handle(error)) notify.error(helpers.current.errorText(error));
        },
        walletChanged: () => {
          fetchWallet().then(setWallet, () => undefined);
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { view, serverOffsetMs } = snapshot.context;
  const state = snapshot.value as 'setup' | 'starting' | 'playing' | 'moving' | 'refreshing' | 'over';
  const phase: ArcadePhase = state === 'moving' || state === 'refreshing' ? 'playing' : state;
  const over = phase === 'over';

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchCurrentArcade(slug, controller.signal).then(
      (current) => {
        setPlays(current.plays);
        if (current.match) send({ type: 'RESUME', matchId: current.match.matchId, view: current.match.view });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [slug, signedIn, send, over]); // read again after each game: today's count changed

  // The server moves on by itself at the view's deadline (a question's time, the next item): ask it then.
  const deadline = view?.status === 'playing' ? view.deadline : null;
  useEffect(() => {
    if (!deadline || state !== 'playing') return;
    const wait = Math.max(0, Date.parse(deadline) - (Date.now() + serverOffsetMs)) + DEADLINE_GRACE_MS;
    const timer = setTimeout(() => send({ type: 'REFRESH' }), wait);
    return () => clearTimeout(timer);
  }, [deadline, state, serverOffsetMs, send]);

  return {
    phase,
    view,
    plays,
    busy: state !== 'playing',
    signedIn,
    start: useCallback((options: object) => send({ type: 'START', options }), [send]),
    move: useCallback((move: ArcadeMove) => send({ type: 'MOVE', move }), [send]),
    refresh: useCallback(() => send({ type: 'REFRESH' }), [send]),
    again: useCallback(() => send({ type: 'AGAIN' }), [send]),
    serverNow: useCallback(() => Date.now() + serverOffsetMs, [serverOffsetMs]),
  };
}

/** Asked a little after the deadline, so the server (whose clock decides) has surely passed it too. */
const DEADLINE_GRACE_MS = 150;
