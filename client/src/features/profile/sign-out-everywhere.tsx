import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/error-message.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { notify } from '../../lib/notify.ts';
import { signOutEverywhere } from './profile-api.ts';

/** Signs the player out on every device, this one included; it asks once more first, as it cannot be undone. */
export function SignOutEverywhere() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
      notify.success(t('signOutEverywhere.done'));
      authActor.send({ type: 'SIGNED_OUT' });
    } catch (error) {
      notify.error(errorText(error));
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title" className="section-title">
        {t('signOutEverywhere.title')}
      </h2>
      <p className="muted small">{t('signOutEverywhere.hint')}</p>
      {confirming ? (
        <div className="stack" role="group" aria-labelledby="sign-out-everywhere-question">
          <p id="sign-out-everywhere-question">{t('signOutEverywhere.question')}</p>
          <div className="row">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void signOut()}>
              {busy ? t('signOutEverywhere.signingOut') : t('signOutEverywhere.yes')}
            </button>
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => setConfirming(false)}>
              {t('signOutEverywhere.no')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {t('signOutEverywhere.button')}
        </button>
      )}
    </section>
  );
}
