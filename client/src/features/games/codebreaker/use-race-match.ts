import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../../components/error-message.tsx';
import { ROOM_POLL_INTERVAL_MS } from '../../../config/constants.ts';
import { notify } from '../../../lib/notify.ts';
import { realtime, useRealtimeState } from '../../../lib/realtime/realtime.ts';
import { duelChannel } from '../../../lib/rooms/rooms-api.ts';
import { fetchRaceView, parseRaceView, sendRaceMove, type CodeRaceView, type RaceMove } from './race-api.ts';

/** How far a race has got, to keep a late answer from replacing a newer view. */
const progressOf = (view: CodeRaceView) =>
  view.status === 'finished' ? Infinity : view.players.reduce((n, p) => n + p.attemptsUsed, 0) + view.hints.length;

/**
 * This player's view of a race: pushed on `match:<id>:<me>`, re-read while the socket is away or the match not yet
 * readable, and one move at a time (a second tap while one is on its way sends nothing).
 */
export function useRaceMatch(matchId: string, me: string) {
  const errorText = useErrorText();
  const [view, setView] = useState<CodeRaceView | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const keep = useCallback(
    (next: CodeRaceView) => setView((current) => (current && progressOf(current) > progressOf(next) ? current : next)),
    [],
  );
  const refresh = useCallback(() => {
    fetchRaceView(matchId).then(keep, () => undefined);
  }, [matchId, keep]);

  useEffect(() => refresh(), [refresh]);
  useEffect(
    () =>
      realtime.subscribe(duelChannel(matchId, me), (update) => {
        const next = parseRaceView(update.data);
        if (next) keep(next);
      }),
    [matchId, me, keep],
  );
  const live = useRealtimeState() === 'connected';
  useEffect(() => {
    if (live && view) return;
    const id = setInterval(refresh, ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [live, view, refresh]);

  const move = useCallback(
    (next: RaceMove) => {
      if (sending.current) return;
      sending.current = true;
      setBusy(true);
      sendRaceMove(matchId, next)
        .then(keep, (error: unknown) => {
          notify.error(errorText(error));
          refresh();
        })
        .finally(() => {
          sending.current = false;
          setBusy(false);
        });
    },
    [matchId, keep, refresh, errorText],
  );
  return { view, busy, move, refresh };
}
