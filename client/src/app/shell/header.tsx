import { useTranslation } from 'react-i18next';
import { LocaleLink, LocaleNavLink } from '../../components/locale-link.tsx';
import { AccountControls } from './account-controls.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { TokenPill } from './token-pill.tsx';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="header">
      <div className="header-inner">
        <LocaleLink to="/" className="brand" aria-label="Qal">
          <span className="brand-mark" aria-hidden="true">Q</span>
          <span className="brand-name">Qal</span>
        </LocaleLink>
        <nav className="header-nav" aria-label={t('nav.main')}>
          {NAV_ITEMS.map((item) => (
            <LocaleNavLink key={item.path} to={item.path} className="header-link">
              {t(item.key)}
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
