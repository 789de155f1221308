import { useTranslation } from 'react-i18next';
import { useNameOf } from '../../../components/match/match-parts.tsx';
import type { DuelView, RoomView } from '../../../lib/rooms/rooms-api.ts';

export function Scores({ room, match, me }: { room: RoomView; match: DuelView; me: string }) {
  const { t, i18n } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const number = new Intl.NumberFormat(i18n.language);
  const current = match.phase === 'setting' ? match.setterId : match.currentPlayerId;
  const rows = match.players.map((p) => ({ ...p, score: match.scores[p.id] ?? 0 })).sort((a, b) => b.score - a.score);
  return (
    <section className="card stack" aria-labelledby="scores-title">
      <h2 id="scores-title" className="section-title">
        {t('game.scores')}
      </h2>
      <ol className="mp-scores" data-testid="scores">
        {rows.map((p) => (
          <li
            key={p.id}
            className={p.id === current && match.status === 'playing' ? 'mp-score mp-score-current' : 'mp-score'}
            data-testid="score-row"
          >
            <span className="grow">
              {nameOf(p.id)}
              {p.id === me && <span className="badge badge-accent">{t('player.you')}</span>}
              {p.id === match.setterId && match.status === 'playing' && <span className="badge">{t('game.setter')}</span>}
              {p.status === 'left' && <span className="badge">{t('playerStatus.left')}</span>}
            </span>
            <strong>{t('game.points', { count: p.score, formatted: number.format(p.score) })}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RoundResults({ room, match }: { room: RoomView; match: DuelView }) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const rounds = match.lastRounds ?? [];
  if (rounds.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="rounds-title">
      <h2 id="rounds-title" className="section-title">
        {t('game.rounds')}
      </h2>
      <ol className="mp-rounds" data-testid="round-results">
        {rounds.map((r, index) => (
          <li key={index}>
            <strong lang={match.language}>{r.word ?? '—'}</strong>{' '}
            <span className="muted small">
              {t('game.setBy', { name: nameOf(r.setterId) })} ·{' '}
              {r.outcome === 'solved'
                ? t('game.solvedBy', { name: nameOf(r.solvedBy) })
                : r.outcome === 'failed'
                  ? t('game.failed')
                  : t('game.skipped')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
