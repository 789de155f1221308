import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon } from '../../components/badge-icon.tsx';
import { OnlineDot } from '../../components/match/match-parts.tsx';
import { isValidCode, normalizeCode } from '../../lib/rooms/room-rules.ts';
import type { RoomPlayer, RoomView } from '../../lib/rooms/rooms-api.ts';

/** The room code of the address, normalised, or null when it cannot be a room code. */
export function useCodeParam(): string | null {
  const { code = '' } = useParams();
  const normalized = normalizeCode(code);
  return isValidCode(normalized) ? normalized : null;
}

export function PlayerLine({
  player,
  hostId,
  me,
  children,
}: {
  player: RoomPlayer;
  hostId: string;
  me: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('multiplayer');
  const name = player.name || player.username || t('player.unknown');
  return (
    <li className={`mp-player mp-player-${player.status}`} data-testid="room-player" data-player-status={player.status}>
      <span className="mp-player-avatar">
        <Avatar name={name} avatar={player.avatar ?? null} size={36} />
        <OnlineDot online={player.online} />
      </span>
      <span className="mp-player-name">
        <span className="mp-player-name-text">{name}</span>
        <BadgeIcon badge={player.badge} size={18} />
        {player.id === hostId && <span className="badge">{t('player.host')}</span>}
        {player.id === me && <span className="badge badge-accent">{t('player.you')}</span>}
      </span>
      {children ?? (
        <span className={`mp-status mp-status-${player.status}`} data-testid="player-status">
          {t(`playerStatus.${player.status}`)}
        </span>
      )}
    </li>
  );
}

export function RoomFacts({ room }: { room: RoomView }) {
  const { t } = useTranslation('multiplayer');
  return (
    <dl className="mp-facts">
      <div>
        <dt>{t('facts.game')}</dt>
        <dd>{room.game === 'hangman' ? t('facts.wordDuel') : t(`games.${room.game === 'crazy' ? 'crazy' : 'codebreaker'}`)}</dd>
      </div>
      <div>
        <dt>{t('facts.players')}</dt>
        <dd>
          {t('facts.playersCount', {
            count: room.players.filter((p) => p.status !== 'left' && p.status !== 'invited').length,
            max: room.maxPlayers,
          })}
        </dd>
      </div>
      <div>
        <dt>{t('facts.entryFee')}</dt>
        <dd>{t('tokens', { count: room.entryFee })}</dd>
      </div>
      <div>
        <dt>{t('facts.duration')}</dt>
        <dd>{t(`durationLong.${room.gameDuration}`)}</dd>
      </div>
      {room.penalty > 0 && (
        <div>
          <dt>{t('facts.penalty')}</dt>
          <dd>{t('tokens', { count: room.penalty })}</dd>
        </div>
      )}
      {room.game === 'hangman' && room.language && (
        <div>
          <dt>{t('facts.language')}</dt>
          <dd>{t(`languages.${room.language}`)}</dd>
        </div>
      )}
    </dl>
  );
}
