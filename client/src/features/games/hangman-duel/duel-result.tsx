import { useTranslation } from 'react-i18next';
import {
  MatchResultActions,
  MatchResultFigures,
  MatchSettlement,
  useNameOf,
  useNetTokens,
} from '../../../components/match/match-parts.tsx';
import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { ResultSheet } from '../../../components/result-sheet.tsx';
import { netOf } from '../../../lib/rooms/room-rules.ts';
import type { DuelView, RoomView } from '../../../lib/rooms/rooms-api.ts';

/**
 * The end of a duel: who won, the viewer's score and net tokens (from the final view or the room's settlement, else
 * their history), the prize and every player's net, what next.
 */
export function FinalResult({
  room,
  match,
  me,
  busy,
  onRematch,
}: {
  room: RoomView;
  match: DuelView;
  me: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const winners = match.winners ?? [];
  const won = winners.includes(me);
  const tie = won && winners.length > 1;
  const tokens = useNetTokens(match.matchId, match.tokens ?? netOf(room, match.matchId, me));
  return (
    <ResultSheet won={won} testId="final-result" title={tie ? t('result.tie') : won ? t('result.won') : t('result.lost')}>
      <p>{winners.length > 0 ? t('result.winners', { names: winners.map((id) => nameOf(id)).join(', ') }) : t('result.noWinner')}</p>
      <MatchResultFigures score={match.scores[me] ?? 0} tokens={tokens} />
      <MatchSettlement room={room} matchId={match.matchId} />
      <FairnessSeal matchId={match.matchId} fairness={match.fairness} />
      <MatchResultActions room={room} me={me} matchId={match.matchId} busy={busy} onRematch={onRematch} />
    </ResultSheet>
  );
}
