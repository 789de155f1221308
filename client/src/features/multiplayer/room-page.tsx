import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocaleLink, useTo } from '../../components/locale-link.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { BET_AMOUNTS } from '../../config/constants.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { notify } from '../../lib/notify.ts';
import { DeadlineClock } from '../../components/countdown.tsx';
import { BackToLobby, useNameOf } from '../../components/match/match-parts.tsx';
import { PlayerLine, RoomFacts, useCodeParam } from './parts.tsx';
import { betPot, canProposeBet, mustAnswerBet, playerOf, roomPrize, seated, startCheck } from '../../lib/rooms/room-rules.ts';
import type { RoomAction, RoomView } from '../../lib/rooms/rooms-api.ts';
import { useRoom } from '../../lib/rooms/use-room.ts';
import './multiplayer.css';

/** `/multiplayer/room/{code}`: the waiting room; live over `room:<code>`, off to the game once it starts. */
export function RoomPage() {
  const code = useCodeParam();
  const me = useAuth(selectUser)?.id ?? '';
  const { t } = useTranslation('multiplayer');
  if (!code)
    return (
      <section className="page mp-page">
        <h1>{t('room.notFound')}</h1>
        <BackToLobby />
      </section>
    );
  return <WaitingRoom key={code} code={code} me={me} />;
}

function WaitingRoom({ code, me }: { code: string; me: string }) {
  const { t } = useTranslation('multiplayer');
  const navigate = useNavigate();
  const to = useTo();
  const { snapshot, send } = useRoom(code, me, ({ action }) => {
    if (action.type === 'leave' || action.type === 'delete') {
      notify.success(action.type === 'leave' ? t('room.left') : t('room.deleted'));
      void navigate(to('/multiplayer'));
    } else if (action.type === 'invite') notify.success(t('room.invited', { username: action.username }));
    else if (action.type === 'bet') notify.success(t('bet.proposed'));
  });
  const { room } = snapshot.context;
  useDocumentMeta(room ? t('room.metaTitle', { name: room.roomName }) : t('room.title'), t('lobby.metaDescription'));
  const busy = !snapshot.matches({ request: 'idle' }) && !snapshot.matches({ request: 'refreshing' });
  const live = snapshot.matches({ lifecycle: 'inProgress' }) || snapshot.matches({ lifecycle: 'finished' });

  useEffect(() => {
    if (live) void navigate(to(`/multiplayer/game/${code}`), { replace: true });
  }, [live, code, navigate, to]);

  if (snapshot.matches({ lifecycle: 'unavailable' }))
    return (
      <section className="page mp-page">
        <h1>{t('room.unavailable')}</h1>
        <div className="row">
          <button type="button" className="button" onClick={() => send({ type: 'REFRESH' })}>
            {t('join.retry')}
          </button>
          <BackToLobby />
        </div>
      </section>
    );
  if (!room) return <PageSkeleton />;
  if (snapshot.matches({ lifecycle: 'closed' }))
    return (
      <section className="page mp-page">
        <h1>{room.roomName}</h1>
        <p className="card" role="status">
          {t(room.closedReason === 'idle' ? 'room.closedIdle' : 'room.closed')}
        </p>
        <BackToLobby />
      </section>
    );

  const act = (action: RoomAction) => send({ type: 'ACT', action });
  return <RoomDetails room={room} me={me} busy={busy} act={act} />;
}

function RoomDetails({ room, me, busy, act }: { room: RoomView; me: string; busy: boolean; act: (action: RoomAction) => void }) {
  const { t } = useTranslation('multiplayer');
  const mine = playerOf(room, me);
  const isHost = room.hostId === me;
  const inRoom = mine !== undefined && mine.status !== 'left' && mine.status !== 'invited';
  const visible = room.players.filter((p) => p.status !== 'left');

  return (
    <section className="page mp-page" aria-labelledby="room-title" aria-busy={busy}>
      <header className="page-header">
        <div className="row row-between">
          <h1 id="room-title">{room.roomName}</h1>
          <span className="badge" data-testid="room-status">
            {t(`roomStatus.${room.status}`)}
          </span>
        </div>
        {room.description && <p className="muted">{room.description}</p>}
      </header>

      {/* The controls first: on a phone the ready and start buttons are on screen without scrolling. */}
      {inRoom && room.status === 'waiting' && <ReadyAndStart room={room} me={me} isHost={isHost} busy={busy} act={act} />}
      <ShareCode code={room.code} />
      <RoomFacts room={room} />
      {room.status === 'waiting' && <PrizeLine room={room} />}

      <section className="card stack" aria-labelledby="players-title">
        <h2 id="players-title" className="section-title">
          {t('room.players', { count: seated(room).length, max: room.maxPlayers })}
        </h2>
        <ul className="mp-players" data-testid="room-players">
          {visible.map((player) => (
            <PlayerLine key={player.id} player={player} hostId={room.hostId} me={me} />
          ))}
        </ul>
      </section>

      {!inRoom && (
        <div className="card stack">
          <p>{mine?.status === 'invited' ? t('room.youAreInvited') : t('room.notInRoom')}</p>
          <LocaleLink to={`/multiplayer/join/${room.code}`} className="button button-primary">
            {t('room.joinRoom')}
          </LocaleLink>
        </div>
      )}

      {inRoom && room.status === 'waiting' && (
        <>
          <BetPanel room={room} me={me} busy={busy} act={act} />
          {isHost && <InviteForm busy={busy} act={act} />}
          <LeaveOrDelete isHost={isHost} busy={busy} act={act} />
        </>
      )}
    </section>
  );
}

/** What the match is for: the entry fees and stakes of the players seated, less the house's share (the server's figure). */
function PrizeLine({ room }: { room: RoomView }) {
  const { t } = useTranslation('multiplayer');
  const prize = roomPrize(room);
  if (prize === null) return null;
  return (
    <section className="card stack-tight" aria-live="polite">
      <strong data-testid="room-prize">{t('room.prize', { count: prize })}</strong>
      <p className="muted small">{t('room.prizeHint')}</p>
    </section>
  );
}

function ShareCode({ code }: { code: string }) {
  const { t } = useTranslation('multiplayer');
  const to = useTo();
  const link = `${location.origin}${to(`/multiplayer/join/${code}`)}`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  async function copy(text: string, message: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(message);
    } catch {
      notify.error(t('room.copyFailed'));
    }
  }
  return (
    <div className="card mp-share">
      <div className="stack-tight">
        <span className="muted small">{t('room.code')}</span>
        <strong className="mp-code" data-testid="room-code">
          {code}
        </strong>
      </div>
      <div className="row">
        <button type="button" className="button button-compact" onClick={() => void copy(code, t('room.codeCopied'))}>
          {t('room.copyCode')}
        </button>
        <button
          type="button"
          className="button button-compact"
          onClick={() => {
            if (canShare)
              navigator.share({ title: t('room.shareTitle'), text: t('room.shareText', { code }), url: link }).catch(() => undefined);
            else void copy(link, t('room.linkCopied'));
          }}
        >
          {canShare ? t('room.share') : t('room.copyLink')}
        </button>
      </div>
    </div>
  );
}

function ReadyAndStart({
  room,
  me,
  isHost,
  busy,
  act,
}: {
  room: RoomView;
  me: string;
  isHost: boolean;
  busy: boolean;
  act: (action: RoomAction) => void;
}) {
  const { t } = useTranslation('multiplayer');
  const mine = playerOf(room, me);
  const check = startCheck(room);
  const ready = mine?.status === 'ready';
  const needBetAnswer = mustAnswerBet(room, me);
  const holds = room.entryFee + room.penalty;
  return (
    <section className="card stack" aria-labelledby="ready-title">
      <h2 id="ready-title" className="section-title">
        {t('room.readyTitle')}
      </h2>
      <p className="muted small">
        {room.penalty > 0
          ? t('room.readyHintPenalty', { fee: room.entryFee, penalty: room.penalty })
          : t('room.readyHint', { count: holds })}
      </p>
      <div className="row">
        {ready ? (
          <button type="button" className="button" disabled={busy} onClick={() => act({ type: 'unready' })} data-testid="room-unready">
            {t('room.notReady')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={busy || needBetAnswer}
            onClick={() => act({ type: 'ready' })}
            data-testid="room-ready"
          >
            {t('room.ready')}
          </button>
        )}
        {isHost && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !check.ok}
            onClick={() => act({ type: 'start' })}
            aria-describedby="start-note"
            data-testid="room-start"
          >
            {t('room.start')}
          </button>
        )}
      </div>
      {!check.ok && (
        <p id="start-note" className="muted small" role="status" data-testid="start-note">
          {check.reason === 'morePlayers'
            ? t('room.morePlayers', { count: check.needed })
            : check.reason === 'notReady'
              ? t('room.waitingReady', { count: check.count })
              : t('room.waitingBet')}
        </p>
      )}
    </section>
  );
}

function BetPanel({ room, me, busy, act }: { room: RoomView; me: string; busy: boolean; act: (action: RoomAction) => void }) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const [amount, setAmount] = useState<number>(BET_AMOUNTS[1]);
  const bet = room.bet;
  const open = bet && (bet.status === 'proposed' || bet.status === 'agreed');
  return (
    <section className="card stack" aria-labelledby="bet-title" data-testid="bet-panel">
      <h2 id="bet-title" className="section-title">
        {t('bet.title')}
      </h2>
      {bet && open && (
        <div className="stack" data-testid="bet-state">
          <p>
            {t('bet.proposedBy', { name: nameOf(bet.proposedBy), count: bet.amount })}{' '}
            <strong>{t('bet.pot', { count: betPot(bet, room) })}</strong>
          </p>
          {bet.status === 'proposed' ? (
            <>
              <DeadlineClock deadline={bet.expiresAt} label={t('bet.expiresIn')} urgentBelowSec={20} />
              <ul className="mp-bet-answers">
                {seated(room).map((p) => (
                  <li key={p.id}>
                    {nameOf(p.id)}:{' '}
                    <span className={bet.acceptedBy.includes(p.id) ? 'tone-good' : 'muted'}>
                      {bet.acceptedBy.includes(p.id) ? t('bet.accepted') : t('bet.waiting')}
                    </span>
                  </li>
                ))}
              </ul>
              {mustAnswerBet(room, me) && (
                <div className="row">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={busy}
                    onClick={() => act({ type: 'betRespond', accept: true })}
                  >
                    {t('bet.accept')}
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => act({ type: 'betRespond', accept: false })}>
                    {t('bet.decline')}
                  </button>
                </div>
              )}
            </>
          ) : (
            <p className="tone-good">{t('bet.agreed')}</p>
          )}
        </div>
      )}
      {bet && !open && <p className="muted">{t(`bet.status.${bet.status as 'declined' | 'expired' | 'failed'}`)}</p>}
      {canProposeBet(room) && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            act({ type: 'bet', amount });
          }}
        >
          <fieldset className="field mp-fieldset">
            <legend className="field-label">{t('bet.amount')}</legend>
            <div className="chips">
              {BET_AMOUNTS.map((value) => (
                <label key={value} className="chip chip-radio">
                  <input type="radio" name="bet-amount" value={value} checked={amount === value} onChange={() => setAmount(value)} />
                  <span>{t('tokens', { count: value })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="muted small">{t('bet.potPreview', { count: amount * seated(room).length })}</p>
          <button type="submit" className="button" disabled={busy}>
            {t('bet.propose')}
          </button>
        </form>
      )}
    </section>
  );
}

function InviteForm({ busy, act }: { busy: boolean; act: (action: RoomAction) => void }) {
  const { t } = useTranslation('multiplayer');
  const [username, setUsername] = useState('');
  return (
    <form
      className="card stack"
      aria-labelledby="invite-title"
      onSubmit={(event) => {
        event.preventDefault();
        const name = username.trim().replace(/^@/, '');
        if (!name) return;
        act({ type: 'invite', username: name });
        setUsername('');
      }}
    >
      <h2 id="invite-title" className="section-title">
        {t('room.inviteTitle')}
      </h2>
      <label className="field">
        <span className="field-label">{t('room.username')}</span>
        <input
          id="invite-username"
          className="input"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit" className="button" disabled={busy || username.trim() === ''}>
        {t('room.invite')}
      </button>
    </form>
  );
}

function LeaveOrDelete({ isHost, busy, act }: { isHost: boolean; busy: boolean; act: (action: RoomAction) => void }) {
  const { t } = useTranslation('multiplayer');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="row">
      <button type="button" className="button" disabled={busy} onClick={() => act({ type: 'leave' })}>
        {t('room.leave')}
      </button>
      {isHost &&
        (confirming ? (
          <span className="row" role="group" aria-label={t('room.deleteConfirm')}>
            <span className="small">{t('room.deleteConfirm')}</span>
            <button type="button" className="button mp-danger" disabled={busy} onClick={() => act({ type: 'delete' })}>
              {t('room.deleteYes')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
              {t('room.deleteNo')}
            </button>
          </span>
        ) : (
          <button type="button" className="button mp-danger" disabled={busy} onClick={() => setConfirming(true)}>
            {t('room.delete')}
          </button>
        ))}
    </div>
  );
}
