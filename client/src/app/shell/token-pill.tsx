import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../components/icons.tsx';
import { LocaleLink } from '../../components/locale-link.tsx';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { useWallet } from '../../lib/wallet-store.ts';

/** Available tokens, live from wallet pushes; falls back to the user payload until the first push. */
export function TokenPill() {
  const { t, i18n } = useTranslation();
  const user = useAuth(selectUser);
  const wallet = useWallet();
  if (!user) return null;
  const tokens = wallet?.available ?? user.tokens;
  return (
    <LocaleLink to="/wallet" className="token-pill" data-testid="token-pill" aria-label={t('header.tokenBalance', { count: tokens })}>
      <CoinIcon size={18} />
      <span>{new Intl.NumberFormat(i18n.language).format(tokens)}</span>
    </LocaleLink>
  );
}
