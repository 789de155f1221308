import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../components/error-message.tsx';
import { useTo } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { useTokenProblem } from '../../hooks/use-token-problem.ts';
import { ApiError } from '../../lib/api-client.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { notify } from '../../lib/notify.ts';
import { BackToLobby } from '../../components/match/match-parts.tsx';
import { RoomFacts, useCodeParam } from './parts.tsx';
import { playerOf } from '../../lib/rooms/room-rules.ts';
import { fetchRoom, sendRoomAction, type RoomView } from '../../lib/rooms/rooms-api.ts';
import './multiplayer.css';

type Step =
  | { kind: 'checking' }
  | { kind: 'password'; room: RoomView | null; error: string | null }
  | { kind: 'joining' }
  | { kind: 'failed'; message: string };

const isCode = (error: unknown, ...codes: string[]) => error instanceof ApiError && codes.includes(error.code);

/** `/multiplayer/join/{code}`: joins (asking for the password when the room has one), then opens the room. */
export function JoinPage() {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('join.metaTitle'), t('lobby.metaDescription'));
  const code = useCodeParam();
  const me = useAuth(selectUser)?.id ?? '';
  const navigate = useNavigate();
  const to = useTo();
  const errorText = useErrorText();
  const tokenProblem = useTokenProblem();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const started = useRef(false);

  const goToRoom = (room: RoomView) =>
    navigate(
      to(room.status === 'in_progress' || room.status === 'finished' ? `/multiplayer/game/${room.code}` : `/multiplayer/room/${room.code}`),
      { replace: true },
    );

  async function join(room: RoomView | null, withPassword?: string) {
    if (!code) return;
    setStep({ kind: 'joining' });
    try {
      const joined = await sendRoomAction(code, withPassword ? { type: 'join', password: withPassword } : { type: 'join' });
      await goToRoom(joined);
    } catch (error) {
      if (isCode(error, 'already_in_room')) {
        await navigate(to(`/multiplayer/room/${code}`), { replace: true });
      } else if (isCode(error, 'password_required', 'invalid_password', 'too_many_password_attempts')) {
        setStep({ kind: 'password', room, error: withPassword ? errorText(error) : null });
      } else {
        if (!tokenProblem.handle(error)) notify.error(errorText(error));
        setStep({ kind: 'failed', message: errorText(error) });
      }
    }
  }

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const controller = new AbortController();
    fetchRoom(code, controller.signal).then(
      async ({ room }) => {
        const mine = playerOf(room, me);
        if (mine && mine.status !== 'left' && mine.status !== 'invited') await goToRoom(room);
        // an invitation is the key to a private room: no password asked of an invitee
        else if (room.private && mine?.status !== 'invited') setStep({ kind: 'password', room, error: null });
        else await join(room);
      },
      // Not visible to us before joining (or not there): joining says which.
      () => void join(null),
    );
  }, [code]);

  if (!code)
    return (
      <section className="page page-narrow mp-page">
        <h1>{t('join.title')}</h1>
        <p className="form-error" role="alert">
          {t('join.badCode')}
        </p>
        <BackToLobby />
      </section>
    );

  return (
    <section className="page page-narrow mp-page" aria-labelledby="join-title">
      <h1 id="join-title">{t('join.titleCode', { code })}</h1>
      {(step.kind === 'checking' || step.kind === 'joining') && (
        <div className="stack" aria-busy="true">
          <p className="muted">{t('join.joining')}</p>
          <Skeleton height="6rem" radius="var(--radius-lg)" />
        </div>
      )}
      {step.kind === 'password' && (
        <form
          className="card stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password) void join(step.room, password);
          }}
        >
          {step.room && (
            <>
              <h2 className="section-title">{step.room.roomName}</h2>
              <RoomFacts room={step.room} />
            </>
          )}
          <p>{t('join.passwordNeeded')}</p>
          <div className="field">
            <label className="field-label" htmlFor="join-password">
              {t('join.password')}
            </label>
            <input
              id="join-password"
              className="input"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={step.error ? true : undefined}
              aria-describedby={step.error ? 'join-password-error' : undefined}
              autoFocus
            />
            {step.error && (
              <span id="join-password-error" className="form-error small" role="alert">
                {step.error}
              </span>
            )}
          </div>
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!password}>
              {t('join.submit')}
            </button>
            <BackToLobby />
          </div>
        </form>
      )}
      {step.kind === 'failed' && (
        <div className="card stack" role="alert">
          <p>{step.message}</p>
          <div className="row">
            <button type="button" className="button" onClick={() => void join(null)}>
              {t('join.retry')}
            </button>
            <BackToLobby />
          </div>
        </div>
      )}
    </section>
  );
}
