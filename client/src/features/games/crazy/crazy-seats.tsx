import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgeIcon } from '../../../components/badge-icon.tsx';
import { OnlineDot, useNameOf } from '../../../components/match/match-parts.tsx';
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import type { CrazyView } from './crazy-api.ts';
import { seatsAfter } from './crazy-cards.ts';

/** The others around the table in turn order after me: name, badge, cards held, Qeregn, whose turn. */
export function Seats({ room, view, me }: { room: RoomView; view: CrazyView; me: string }) {
  const { t } = useTranslation('crazy');
  const nameOf = useNameOf(room);
  const others = seatsAfter(view.players, me, view.direction).filter((p) => p.id !== me);
  return (
    <ul className="crazy-seats" aria-label={t('players')} data-testid="crazy-seats">
      {others.map((p) => {
        const player = room.players.find((r) => r.id === p.id);
        const name = nameOf(p.id);
        const cards = view.counts?.[p.id] ?? p.cards;
        return (
          <li
            key={p.id}
            className={`crazy-seat${view.turn === p.id ? ' crazy-seat-turn' : ''}${p.status !== 'playing' ? ' crazy-seat-left' : ''}`}
            data-testid="crazy-seat"
            data-player-id={p.id}
            aria-current={view.turn === p.id ? 'true' : undefined}
          >
            <span className="mp-player-avatar">
              <Avatar name={name} avatar={player?.avatar ?? null} size={32} />
              <OnlineDot online={player?.online} />
            </span>
            <span className="crazy-seat-name">
              {name} <BadgeIcon badge={player?.badge} size={16} />
            </span>
            <span className="crazy-seat-count" data-testid="crazy-seat-count">
              {p.status === 'playing' ? t('cards', { count: cards }) : t('leftGame')}
            </span>
            {(view.saidQeregn?.[p.id] ?? p.saidQeregn) && cards === 1 && <span className="badge badge-accent">{t('saidQeregn')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
