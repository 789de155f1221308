import { useTranslation } from 'react-i18next';
import { LocaleLink, LocaleNavLink } from '../../components/locale-link.tsx';
import { usePendingInvitations } from '../../lib/invitations-store.ts';
import { AccountControls } from './account-controls.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { TokenPill } from './token-pill.tsx';

export function Header() {
  const { t } = useTranslation();
  const invitations = usePendingInvitations();
  return (
    <header className="header">
      <div className="header-inner">
        <LocaleLink to="/" className="brand" aria-label="Qal">
          <span className="brand-mark" aria-hidden="true">
            Q
          </span>
          <span className="brand-name">Qal</span>
        </LocaleLink>
        <nav className="header-nav" aria-label={t('nav.main')}>
          {NAV_ITEMS.map((item) => (
            <LocaleNavLink key={item.path} to={item.path} className="header-link">
              {/* One of the two shows (global.css): the short name where the header is tight. */}
              <span className="header-label">{t(item.key)}</span>
              <span className="header-label-short">{t(item.shortKey)}</span>
              {item.path === '/multiplayer' && invitations > 0 && (
                <>
                  <span className="nav-count" aria-hidden="true">
                    {invitations}
                  </span>
                  <span className="visually-hidden">{t('nav.pendingInvitations', { count: invitations })}</span>
                </>
              )}
            </LocaleNavLink>
          ))}
        </nav>
        <span className="spacer" />
        <TokenPill />
        <LanguageMenu />
        <ThemeToggle />
        <AccountControls />
      </div>
    </header>
  );
}
