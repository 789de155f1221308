import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useErrorText } from '../../components/error-message.tsx';
import { MATCH_RETRY_INTERVAL_MS, ROOM_POLL_INTERVAL_MS } from '../../config/constants.ts';
import { useTokenProblem } from '../../hooks/use-token-problem.ts';
import { realtime, useRealtimeState } from '../realtime/realtime.ts';
import { notify } from '../notify.ts';
import { roomMachine } from './room-machine.ts';
import { isCrazyRoom } from './room-rules.ts';
import {
  duelChannel,
  fetchDuelView,
  fetchRoom,
  parseDuelView,
  parseRoom,
  roomChannel,
  sendDuelMove,
  sendPresence,
  sendRoomAction,
  type RoomAction,
  type RoomView,
} from './rooms-api.ts';

/**
 * The room machine wired to the API and the socket: `room:<code>` and, once the room has a match,
 * `match:<matchId>:<me>`. The connection re-subscribes after a reconnect and hands over a fresh snapshot; while the
 * socket is not connected (retrying, or given up after 5 retries) the room and match are re-read every few seconds.
 */
export function useRoom(code: string, me: string, onActionDone?: (done: { action: RoomAction; room: RoomView }) => void) {
  const tokenProblem = useTokenProblem();
  const errorText = useErrorText();
  const helpers = useRef({ tokenProblem, errorText, onActionDone });
  helpers.current = { tokenProblem, errorText, onActionDone };

  const [machine] = useState(() =>
    roomMachine.provide({
      actors: {
        loadRoom: fromPromise(async ({ input, signal }) => {
          const loaded = await fetchRoom(input.code, signal);
          // A room whose match is on (or just over) without the match view attached: read the view itself.
          const { room } = loaded;
          // A Crazy room's match is the Crazy table's to read (crazy/crazy-table.tsx); the room is all this needs.
          if (isCrazyRoom(room)) return { room, match: null };
          if (loaded.match || !room.matchId || (room.status !== 'in_progress' && room.status !== 'finished')) return loaded;
          const match = await fetchDuelView(room.matchId, signal).catch(() => null);
          return { room, match };
        }),
        roomAction: fromPromise(({ input }) => sendRoomAction(input.code, input.action)),
        submitMove: fromPromise(({ input }) => sendDuelMove(input.matchId, input.move)),
      },
      actions: {
        reportProblem: (_, error) => {
          if (!helpers.current.tokenProblem.handle(error)) notify.error(helpers.current.errorText(error));
        },
        actionDone: (_, done) => helpers.current.onActionDone?.(done),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { code, me } });
  const matchId = snapshot.context.room?.matchId ?? null;
  const roomStatus = snapshot.context.room?.status;
  const duel = !isCrazyRoom(snapshot.context.room);
  const connection = useRealtimeState();

  useEffect(
    () =>
      realtime.subscribe(roomChannel(code), (update) => {
        const room = parseRoom(update.data);
        if (room) send({ type: 'ROOM', room });
      }),
    [code, send],
  );

  // The match channel only exists once a match has started; before that there is nothing to follow.
  const followMatch = duel && matchId !== null && (roomStatus === 'in_progress' || roomStatus === 'finished');
  useEffect(() => {
    if (!followMatch || !matchId) return;
    return realtime.subscribe(duelChannel(matchId, me), (update) => {
      const view = parseDuelView(update.data);
      if (view) send({ type: 'MATCH', view });
    });
  }, [followMatch, matchId, me, send]);

  // A match that has just started may not be readable yet: ask again until its view is there.
  const missingMatch = followMatch && snapshot.context.match === null;
  useEffect(() => {
    if (!missingMatch) return;
    const id = setInterval(() => send({ type: 'REFRESH' }), MATCH_RETRY_INTERVAL_MS);
    return () => clearInterval(id);
  }, [missingMatch, send]);

  // Not only once the socket has given up: while it retries (up to ~30 s) nothing would arrive either. Without the
  // room channel nothing tells the room the player is still there, so the poll says it (a failed one is retried).
  const live = connection === 'connected';
  useEffect(() => {
    if (live) return;
    const id = setInterval(() => {
      send({ type: 'REFRESH' });
      sendPresence(code, true).catch(() => undefined);
    }, ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [live, send, code]);

  return { snapshot, send };
}
export type RoomSession = ReturnType<typeof useRoom>;
