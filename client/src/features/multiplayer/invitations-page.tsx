import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError, useErrorText } from '../../components/error-message.tsx';
import { useTo } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { setPendingInvitations, usePendingInvitations } from '../../lib/invitations-store.ts';
import { notify } from '../../lib/notify.ts';
import { BackToLobby } from '../../components/match/match-parts.tsx';
import { fetchInvitations, respondInvitation, type Invitation } from '../../lib/rooms/rooms-api.ts';
import './multiplayer.css';

/** `/multiplayer/invitations`: rooms the player was invited to; accepting joins and opens the room. */
export function InvitationsPage() {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('invitations.title'), t('lobby.metaDescription'));
  const navigate = useNavigate();
  const to = useTo();
  const errorText = useErrorText();
  const list = useApiQuery((signal) => fetchInvitations(signal));
  const pushed = usePendingInvitations();
  const [answering, setAnswering] = useState<string | null>(null);
  const { reload } = list;

  useEffect(() => {
    if (list.data) setPendingInvitations(list.data.length);
  }, [list.data]);
  // A new invitation pushed while the page is open: read the list again.
  useEffect(() => {
    if (list.data && pushed !== list.data.length) reload();
  }, [pushed]);

  async function answer(invitation: Invitation, accept: boolean) {
    setAnswering(invitation.id);
    try {
      const room = await respondInvitation(invitation.id, accept);
      if (accept) await navigate(to(`/multiplayer/room/${room?.code ?? invitation.code}`));
      else {
        notify.info(t('invitations.declined'));
        list.setData((list.data ?? []).filter((i) => i.id !== invitation.id));
      }
    } catch (error) {
      notify.error(errorText(error));
      reload();
    } finally {
      setAnswering(null);
    }
  }

  return (
    <section className="page mp-page" aria-labelledby="invitations-title">
      <header className="page-header">
        <h1 id="invitations-title">{t('invitations.title')}</h1>
      </header>
      {list.status === 'loading' && <Skeleton height="5rem" radius="var(--radius-lg)" />}
      {list.status === 'error' && <LoadError error={list.error} onRetry={reload} />}
      {list.status === 'success' && list.data.length === 0 && (
        <div className="card empty-state">
          <p className="muted">{t('invitations.empty')}</p>
          <BackToLobby />
        </div>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="mp-room-list" data-testid="invitations">
          {list.data.map((invitation) => (
            <li key={invitation.id} className="card mp-room-card" data-testid="invitation">
              <div className="row row-between">
                <strong>{invitation.roomName}</strong>
                <span className="badge">{invitation.code}</span>
              </div>
              <p className="muted small">
                {t('invitations.from', { name: invitation.hostName ?? invitation.fromName ?? t('player.unknown') })}
              </p>
              <div className="row">
                <button
                  type="button"
                  className="button button-primary button-compact"
                  disabled={answering !== null}
                  aria-label={t('invitations.acceptNamed', { name: invitation.roomName })}
                  onClick={() => void answer(invitation, true)}
                >
                  {t('invitations.accept')}
                </button>
                <button
                  type="button"
                  className="button button-compact"
                  disabled={answering !== null}
                  aria-label={t('invitations.declineNamed', { name: invitation.roomName })}
                  onClick={() => void answer(invitation, false)}
                >
                  {t('invitations.decline')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
