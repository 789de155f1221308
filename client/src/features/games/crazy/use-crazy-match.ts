import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useErrorText } from '../../../components/error-message.tsx';
import { ROOM_POLL_INTERVAL_MS } from '../../../config/constants.ts';
import { useTokenProblem } from '../../../hooks/use-token-problem.ts';
import { notify } from '../../../lib/notify.ts';
import { realtime, useRealtimeState } from '../../../lib/realtime/realtime.ts';
import { duelChannel } from '../../../lib/rooms/rooms-api.ts';
import { fetchCrazyView, parseCrazyView, sendCrazyMove } from './crazy-api.ts';
import { crazyMachine } from './crazy-machine.ts';
import { beep } from './crazy-sound.ts';

/**
 * The Crazy turn machine (crazy-machine.ts) wired to the API and the socket: `match:<matchId>:<me>` brings this
 * player's own view; while the socket is away, or the match not readable yet, the view is re-read every few seconds.
 */
export function useCrazyMatch(matchId: string, me: string) {
  const tokenProblem = useTokenProblem();
  const errorText = useErrorText();
  const helpers = useRef({ tokenProblem, errorText });
  helpers.current = { tokenProblem, errorText };

  const [machine] = useState(() =>
    crazyMachine.provide({
      actors: {
        loadView: fromPromise(({ input, signal }) => fetchCrazyView(input.matchId, signal)),
        submitMove: fromPromise(({ input }) => sendCrazyMove(input.matchId, input.move)),
      },
      actions: {
        reportProblem: (_, error) => {
          if (!helpers.current.tokenProblem.handle(error)) notify.error(helpers.current.errorText(error));
        },
        moved: () => beep('move'),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { matchId, me } });
  const { view } = snapshot.context;

  useEffect(
    () =>
      realtime.subscribe(duelChannel(matchId, me), (update) => {
        const next = parseCrazyView(update.data);
        if (next) send({ type: 'VIEW', view: next });
      }),
    [matchId, me, send],
  );
  // Re-read while the socket is away (retrying or given up), as the duel does.
  const live = useRealtimeState() === 'connected';
  useEffect(() => {
    if (live) return;
    const id = setInterval(() => send({ type: 'REFRESH' }), ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [live, send]);
  // The match may not be readable the moment the room says it started: ask again until it is.
  const missing = view === null && !snapshot.matches('loading');
  useEffect(() => {
    if (!missing) return;
    const id = setInterval(() => send({ type: 'REFRESH' }), ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [missing, send]);

  return { snapshot, send };
}

export type CrazySend = ReturnType<typeof useCrazyMatch>['send'];
