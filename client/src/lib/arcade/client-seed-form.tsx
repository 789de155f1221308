import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/error-message.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { isClientSeed } from '../fairness/verify.ts';
import { notify } from '../notify.ts';
import { fetchFairness, setClientSeed, type FairnessProfile } from './arcade-api.ts';

/**
 * The player's client seed (docs/fairness.md): shown with the nonce their next game will use, and replaceable by one
 * of their own. On the fairness page and in the profile.
 */
export function ClientSeedForm() {
  const { t } = useTranslation('fairness');
  const errorText = useErrorText();
  const profile = useApiQuery((signal) => fetchFairness(signal));
  const [saved, setSaved] = useState<FairnessProfile | null>(null);
  const [draft, setDraft] = useState('');
  const current = saved ?? profile.data;
  const valid = isClientSeed(draft);
  return (
    <form
      className="card stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        setClientSeed(draft).then(
          (next) => {
            setSaved(next);
            setDraft('');
            notify.success(t('seed.saved'));
          },
          (error: unknown) => notify.error(errorText(error)),
        );
      }}
    >
      <h2 className="section-title">{t('seed.title')}</h2>
      <p className="muted small">
        {current?.clientSeed ? t('seed.current', { seed: current.clientSeed }) : t('seed.none')}{' '}
        {current && t('seed.nextNonce', { nonce: current.nextNonce })}
      </p>
      <label className="field">
        <span className="field-label">{t('seed.label')}</span>
        <input
          className="input"
          value={draft}
          maxLength={64}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={draft !== '' && !valid}
          data-testid="client-seed-input"
        />
      </label>
      {draft !== '' && !valid && <p className="small">{t('seed.rule')}</p>}
      <button type="submit" className="button button-primary" disabled={!valid} data-testid="client-seed-save">
        {t('seed.save')}
      </button>
    </form>
  );
}
