import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATCH_RETRY_INTERVAL_MS } from '../../config/constants.ts';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { settlementOf } from '../../lib/rooms/room-rules.ts';
import { fetchHistory, type RoomView } from '../../lib/rooms/rooms-api.ts';
import { LocaleLink } from '../locale-link.tsx';
import './match.css';

/*
 * What every room game's page shows alike (the word duel's, Crazy's): names, presence, the way back to the lobby,
 * leaving a match, and the end of a match (its figures and what to do next).
 */

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

export function BackToLobby() {
  const { t } = useTranslation('multiplayer');
  return (
    <LocaleLink to="/multiplayer" className="button">
      {t('backToLobby')}
    </LocaleLink>
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

/** Leaving a started match forfeits the stake and the penalty (docs/product-rules.md), so it asks once more. */
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

/** The viewer's score and net tokens at the end of a match (the tokens may still be on their way: '…'). */
export function MatchResultFigures({ score, tokens }: { score: number; tokens: number | null }) {
  const { t, i18n } = useTranslation('multiplayer');
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  return (
    <dl className="hangman-result-figures">
      <div>
        <dt>{t('result.score')}</dt>
        <dd data-testid="result-score">{score}</dd>
      </div>
      <div>
        <dt>{t('result.tokens')}</dt>
        <dd data-testid="result-tokens" className={tokens !== null && tokens < 0 ? 'tone-bad' : 'tone-good'}>
          {tokens === null ? '…' : number.format(tokens)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * How a finished match was settled, from the room: the prize the winners shared and every player's net tokens
 * (payout − entry fee − stake − penalty), and the house's share. Nothing until the room has the settlement.
 */
export function MatchSettlement({ room, matchId }: { room: RoomView; matchId: string }) {
  const { t, i18n } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const settlement = settlementOf(room, matchId);
  if (!settlement) return null;
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  return (
    <section className="stack-tight" data-testid="match-settlement">
      <p>
        <strong data-testid="result-prize">{t('room.prize', { count: settlement.prize })}</strong>
      </p>
      <h3 className="small muted">{t('result.nets')}</h3>
      <ol className="mp-scores" data-testid="nets">
        {settlement.players.map((player) => (
          <li key={player.id} className="mp-score" data-testid="net-row">
            <span className="grow">{nameOf(player.id)}</span>
            <strong className={player.net < 0 ? 'tone-bad' : 'tone-good'} data-testid="net-tokens">
              {number.format(player.net)}
            </strong>
          </li>
        ))}
      </ol>
      {settlement.rake > 0 && <p className="small muted">{t('result.houseShare', { count: settlement.rake })}</p>}
    </section>
  );
}

/** After a match: a rematch (the host, once the room is finished), its replay, and the lobby. */
export function MatchResultActions({
  room,
  me,
  matchId,
  busy,
  onRematch,
}: {
  room: RoomView;
  me: string;
  matchId: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t } = useTranslation('multiplayer');
  return (
    <div className="row">
      {room.hostId === me && room.status === 'finished' && (
        <button type="button" className="button button-primary" disabled={busy} onClick={onRematch}>
          {t('result.rematch')}
        </button>
      )}
      <LocaleLink to={`/multiplayer/replay/${matchId}`} className="button">
        {t('result.replay')}
      </LocaleLink>
      <BackToLobby />
    </div>
  );
}
