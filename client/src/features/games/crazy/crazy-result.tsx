import { useEffect } from 'react';
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
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import type { CrazyView } from './crazy-api.ts';
import { beep } from './crazy-sound.ts';

/**
 * The end of a match: who won, the viewer's score and net tokens, every player's score and cards left, the prize and
 * every player's net, what next.
 */
export function CrazyResult({
  room,
  view,
  me,
  busy,
  onRematch,
}: {
  room: RoomView;
  view: CrazyView;
  me: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t } = useTranslation('crazy');
  const { t: tm } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  useEffect(() => {
    if (view.winner === me) beep('win');
  }, [view.winner, me]);
  const won = view.winner === me;
  const tokens = useNetTokens(view.matchId, view.tokens ?? netOf(room, view.matchId, me));
  const scores = view.players
    .map((p) => ({ id: p.id, score: view.scores?.[p.id] ?? 0, cards: view.counts?.[p.id] ?? p.cards }))
    .sort((a, b) => b.score - a.score || a.cards - b.cards);
  return (
    <ResultSheet
      won={won}
      testId="final-result"
      title={won ? t('result.won') : view.winner ? t('result.lost', { name: nameOf(view.winner) }) : t('result.noWinner')}
    >
      <MatchResultFigures score={view.scores?.[me] ?? 0} tokens={tokens} />
      <h3 className="small muted">{t('result.scores')}</h3>
      <ol className="mp-scores" data-testid="scores">
        {scores.map((s) => (
          <li key={s.id} className="mp-score" data-testid="score-row">
            <span className="grow">{nameOf(s.id)}</span>
            <span className="small muted">{t('result.cardsLeft', { count: s.cards })}</span>
            <strong>{tm('game.points', { count: s.score, formatted: String(s.score) })}</strong>
          </li>
        ))}
      </ol>
      <MatchSettlement room={room} matchId={view.matchId} />
      <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
      <MatchResultActions room={room} me={me} matchId={view.matchId} busy={busy} onRematch={onRematch} />
    </ResultSheet>
  );
}
