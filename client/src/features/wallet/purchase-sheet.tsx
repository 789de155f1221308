import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/error-message.tsx';
import { useLocale } from '../../components/locale-link.tsx';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { confirmSandboxPurchase, startPurchase, type Purchase, type TokenPackage } from './wallet-api.ts';

type Step = 'starting' | 'confirming' | 'redirecting' | 'failed';

/**
 * Buying a package: create the purchase (one idempotency key for this sheet), then either go to the
 * provider's checkout page or, in sandbox mode, confirm here in place of the provider's callback.
 */
export function PurchaseSheet({
  pkg,
  provider,
  onClose,
  onCompleted,
}: {
  pkg: TokenPackage;
  provider: string;
  onClose: () => void;
  onCompleted: () => void;
}) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const errorText = useErrorText();
  const number = new Intl.NumberFormat(locale);
  const [step, setStep] = useState<Step>('starting');
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef({ start: newIdempotencyKey(), confirm: newIdempotencyKey() });

  const begin = () => {
    setStep('starting');
    setError(null);
    startPurchase(pkg.id, keys.current.start).then(
      (created) => {
        setPurchase(created);
        if (created.checkoutUrl && provider !== 'sandbox') {
          setStep('redirecting');
          window.location.assign(created.checkoutUrl);
        } else {
          setStep('confirming');
        }
      },
      (failure: unknown) => {
        setError(errorText(failure));
        setStep('failed');
      },
    );
  };

  // Start once per opened sheet; the idempotency key makes a StrictMode double start harmless.
  useEffect(begin, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  const confirm = async () => {
    if (!purchase) return;
    setBusy(true);
    setError(null);
    try {
      const result = await confirmSandboxPurchase(purchase.purchaseId, keys.current.confirm);
      notify.success(t('purchaseDone', { count: result.tokens, formatted: number.format(result.tokens) }));
      onCompleted();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sheet-backdrop" onClick={() => !busy && onClose()}>
      <div
        className="sheet card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="purchase-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="purchase-title">{t('confirmTitle')}</h2>
        <p className="package-tokens">{t('packageTokens', { count: pkg.tokens, formatted: number.format(pkg.tokens) })}</p>
        <p className="package-price">{t('priceEtb', { price: number.format(pkg.priceEtb) })}</p>
        {step === 'starting' && <p className="muted">{t('preparing')}</p>}
        {step === 'redirecting' && <p className="muted">{t('redirecting')}</p>}
        {step === 'confirming' && <p className="muted">{t('sandboxNote')}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="row row-end">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
          {step === 'failed' ? (
            <button type="button" className="button button-primary" onClick={begin}>
              {t('tryAgain')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void confirm()}
              disabled={step !== 'confirming' || busy}
              data-testid="confirm-purchase"
            >
              {busy ? t('confirming') : t('confirm')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
