import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon } from '../../components/badge-icon.tsx';
import { LocaleLink } from '../../components/locale-link.tsx';
import { MATCH_RETRY_INTERVAL_MS } from '../../config/constants.ts';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useNow } from '../../hooks/use-now.ts';
import { formatCountdown, isValidCode, normalizeCode } from './room-rules.ts';
import { fetchHistory, type RoomPlayer, type RoomView } from './rooms-api.ts';

/** The room code of the address, normalised, or null when it cannot be a room code. */
export function useCodeParam(): string | null {
  const { code = '' } = useParams();
  const normalized = normalizeCode(code);
  return isValidCode(normalized) ? normalized : null;
}

/** A player's display name: the name the gateway added, else their username, else a neutral word. */
export function useNameOf(room: RoomView | null) {
  const { t } = useTranslation('multiplayer');
  return (id: string | null | undefined): string => {
    if (!id) return '';
    const player = room?.players.find((p) => p.id === id);
    return player?.name || player?.username || t('player.unknown');
  };
}

export function OnlineDot({ online }: { online: boolean | undefined }) {
  const { t } = useTranslation('multiplayer');
  const label = online ? t('player.online') : t('player.offline');
  return <span className={online ? 'dot dot-on' : 'dot'} role="img" aria-label={label} title={label} />;
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

/** m:ss to a server deadline, ticking every second while shown. */
export function DeadlineClock({
  deadline,
  label,
  urgentBelowSec = 10,
}: {
  deadline: string | null | undefined;
  label: string;
  urgentBelowSec?: number;
}) {
  const { t } = useTranslation('multiplayer');
  const now = useNow(Boolean(deadline), 1000);
  const remaining = deadline ? Date.parse(deadline) - now : 0;
  const seconds = Math.max(0, Math.ceil(remaining / 1000));
  return (
    <span className={seconds <= urgentBelowSec ? 'countdown countdown-urgent' : 'countdown'}>
      <span className="countdown-label">{label}</span>
      <time className="countdown-value" aria-label={t('secondsLeft', { count: seconds })}>
        {formatCountdown(remaining)}
      </time>
    </span>
  );
}

export function BackToLobby() {
  const { t } = useTranslation('multiplayer');
  return (
    <LocaleLink to="/multiplayer" className="button">
      {t('backToLobby')}
    </LocaleLink>
  );
}

export function RoomFacts({ room }: { room: RoomView }) {
  const { t } = useTranslation('multiplayer');
  return (
    <dl className="mp-facts">
      <div>
        <dt>{t('facts.game')}</dt>
        <dd>{room.game === 'crazy' ? t('games.crazy') : t('facts.wordDuel')}</dd>
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
      {room.language && (
        <div>
          <dt>{t('facts.language')}</dt>
          <dd>{t(`languages.${room.language}`)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The viewer's net tokens for a finished match: from its final view when sent, else from the history (retried). */
export function useNetTokens(matchId: string, fromView: number | null): number | null {
  const history = useApiQuery(
    (signal) => (fromView === null ? fetchHistory(null, signal) : Promise.resolve(null)),
    [matchId, fromView === null],
  );
  const found = history.data?.items.find((item) => item.matchId === matchId)?.tokens ?? null;
  // The history is a read model that can trail the final view by a moment: ask again until the match is in it.
  const missing = fromView === null && history.status !== 'loading' && found === null;
  const { reload } = history;
  useEffect(() => {
    if (!missing) return;
    const id = setTimeout(reload, MATCH_RETRY_INTERVAL_MS);
    return () => clearTimeout(id);
  }, [missing, reload, history.data, history.error]);
  return fromView ?? found;
}

/** Leaving a started match forfeits the stake and the penalty (RULES.md), so it asks once more. */
export function LeaveMatch({ penalty, busy, onLeave }: { penalty: number; busy: boolean; onLeave: () => void }) {
  const { t } = useTranslation('multiplayer');
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button type="button" className="button mp-danger" onClick={() => setConfirming(true)}>
        {t('game.leave')}
      </button>
    );
  return (
    <div className="card stack" role="group" aria-labelledby="leave-match-question">
      <p id="leave-match-question">{penalty > 0 ? t('game.leaveConfirmPenalty', { count: penalty }) : t('game.leaveConfirm')}</p>
      <div className="row">
        <button type="button" className="button mp-danger" disabled={busy} onClick={onLeave}>
          {t('game.leaveYes')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
          {t('game.leaveNo')}
        </button>
      </div>
    </div>
  );
}
