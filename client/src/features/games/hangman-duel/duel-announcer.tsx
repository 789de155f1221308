import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNameOf } from '../../../components/match/match-parts.tsx';
import type { DuelView, RoomView } from '../../../lib/rooms/rooms-api.ts';

/** Says what changed, for screen readers: whose turn it is now, a round's word, the end. */
export function Announcer({ room, match, me }: { room: RoomView; match: DuelView; me: string }) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const [message, setMessage] = useState('');
  const previous = useRef<DuelView | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = match;
    if (!before || before.matchId !== match.matchId) return;
    const rounds = match.lastRounds ?? [];
    if ((before.lastRounds?.length ?? 0) < rounds.length) {
      const last = rounds.at(-1);
      if (last?.word) setMessage(t('game.announceWord', { word: last.word }));
    } else if (before.turn !== match.turn && match.currentPlayerId === me) setMessage(t('game.yourTurn'));
    else if (before.turn !== match.turn && match.currentPlayerId) setMessage(t('game.theirTurn', { name: nameOf(match.currentPlayerId) }));
  }, [match, me, t, nameOf]);
  return (
    <p className="visually-hidden" aria-live="polite" role="status">
      {message}
    </p>
  );
}
