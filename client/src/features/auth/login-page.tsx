import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale, useTo } from '../../components/locale-link.tsx';
import { OTP_LENGTH, PHONE_COUNTRY_CODE } from '../../config/constants.ts';
import { useNow } from '../../hooks/use-now.ts';
import { authActor, useAuth, type AuthSnapshot } from '../../lib/auth/auth-live.ts';
import { normalizeEthiopianPhone } from '../../lib/auth/phone.ts';
import { safeReturnPath } from '../../lib/locale.ts';
import { notify } from '../../lib/notify.ts';

const selectStep = (s: AuthSnapshot) => {
  if (s.matches('restoring')) return 'restoring' as const;
  if (s.matches('signedIn')) return 'signedIn' as const;
  if (s.matches({ signedOut: 'sendingCode' })) return 'sendingCode' as const;
  if (s.matches({ signedOut: 'enteringCode' })) return 'enteringCode' as const;
  if (s.matches({ signedOut: 'resendingCode' })) return 'resendingCode' as const;
  if (s.matches({ signedOut: 'verifyingCode' })) return 'verifyingCode' as const;
  return 'enteringPhone' as const;
};

export function LoginPage() {
  const { t } = useTranslation('auth');
  const step = useAuth(selectStep);
  const error = useAuth((s) => s.context.error);
  const sentTo = useAuth((s) => s.context.phone);
  const user = useAuth((s) => s.context.user);
  const resendAvailableAt = useAuth((s) => s.context.resendAvailableAt);
  const locale = useLocale();
  const to = useTo();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');

  useEffect(() => {
    if (step !== 'signedIn') return;
    if (user) notify.success(t('welcome', { name: user.name }));
    void navigate(safeReturnPath(searchParams.get('redirect')) ?? to('/'), { replace: true });
  }, [step]); // only the moment of signing in matters here

  const waitingForResend = resendAvailableAt !== null && step === 'enteringCode';
  const now = useNow(waitingForResend);
  const resendIn = resendAvailableAt === null ? 0 : Math.max(0, Math.ceil((resendAvailableAt - now) / 1000));

  const serverError = error ? error.message || t('errorGeneric') : null;
  const onCodeStep = step === 'enteringCode' || step === 'verifyingCode' || step === 'resendingCode';

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeEthiopianPhone(phone);
    if (!normalized) {
      setPhoneError(t('phoneInvalid'));
      return;
    }
    setPhoneError(null);
    authActor.send({ type: 'SUBMIT_PHONE', phone: normalized, language: locale });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) return;
    authActor.send({ type: 'SUBMIT_CODE', code, name, language: locale });
  };

  return (
    <section className="page page-narrow" aria-labelledby="login-title">
      <div className="card login-card">
        <h1 id="login-title">{t('title')}</h1>
        <p className="muted">{t('subtitle')}</p>

        {!onCodeStep ? (
          <form onSubmit={submitPhone} noValidate className="stack">
            <label className="field">
              <span className="field-label">{t('phoneLabel')}</span>
              <span className="input-group">
                <span className="input-prefix" aria-hidden="true">
                  {PHONE_COUNTRY_CODE}
                </span>
                <input
                  className="input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="09XX XXX XXX"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                  aria-invalid={Boolean(phoneError || serverError)}
                  aria-describedby="phone-hint"
                  data-testid="phone-input"
                  required
                />
              </span>
              <span className="field-hint" id="phone-hint">
                {t('phoneHint')}
              </span>
            </label>
            {(phoneError ?? serverError) && (
              <p className="form-error" role="alert">
                {phoneError ?? serverError}
              </p>
            )}
            <button
              type="submit"
              className="button button-primary button-block"
              disabled={step !== 'enteringPhone' || phone.trim() === ''}
              data-testid="send-code"
            >
              {step === 'sendingCode' ? t('sendingCode') : t('sendCode')}
            </button>
          </form>
        ) : (
          <form onSubmit={submitCode} noValidate className="stack">
            <p className="muted">
              {t('codeSentTo', { phone: sentTo ?? '' })}{' '}
              <button type="button" className="link-button" onClick={() => authActor.send({ type: 'CHANGE_PHONE' })}>
                {t('changePhone')}
              </button>
            </p>
            <label className="field">
              <span className="field-label">{t('codeLabel')}</span>
              <input
                className="input input-code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={OTP_LENGTH}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
                aria-invalid={Boolean(serverError)}
                data-testid="code-input"
                autoFocus
                required
              />
            </label>
            <label className="field">
              <span className="field-label">{t('nameLabel')}</span>
              <input
                className="input"
                type="text"
                autoComplete="nickname"
                maxLength={50}
                value={name}
                onChange={(event) => setName(event.target.value)}
                data-testid="name-input"
              />
              <span className="field-hint">{t('nameHint')}</span>
            </label>
            {serverError && (
              <p className="form-error" role="alert">
                {serverError}
                {error?.attemptsLeft !== undefined && ` ${t('attemptsLeft', { count: error.attemptsLeft })}`}
              </p>
            )}
            <button
              type="submit"
              className="button button-primary button-block"
              disabled={step !== 'enteringCode' || code.length !== OTP_LENGTH}
              data-testid="verify-code"
            >
              {step === 'verifyingCode' ? t('verifying') : t('verify')}
            </button>
            <button
              type="button"
              className="button button-ghost button-block"
              disabled={step !== 'enteringCode' || resendIn > 0}
              onClick={() => authActor.send({ type: 'RESEND', language: locale })}
              data-testid="resend-code"
            >
              {resendIn > 0 ? t('resendIn', { seconds: resendIn }) : t('resend')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
