import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GlobeIcon } from '../../components/icons.tsx';
import { Menu } from '../../components/menu.tsx';
import type { Locale } from '../../config/constants.ts';
import { localeFromPath, switchLocalePath, writeLanguageCookie } from '../../lib/locale.ts';

const CHOICES: { locale: Locale; label: string; testId: string }[] = [
  { locale: 'en', label: 'English', testId: 'lang-en' },
  { locale: 'am', label: 'አማርኛ', testId: 'lang-am' },
];

/** Switching language swaps the /am prefix on the current page and remembers the choice for a year. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = localeFromPath(location.pathname);

  const choose = (locale: Locale) => {
    writeLanguageCookie(locale);
    if (locale !== current) {
      void navigate(switchLocalePath(location.pathname, location.search, location.hash, locale));
    }
  };

  return (
    <Menu
      label={t('header.language')}
      triggerTestId="language-menu"
      triggerClassName="icon-button lang-trigger"
      trigger={
        <>
          <GlobeIcon size={20} />
          <span className="lang-code">{current === 'am' ? 'AM' : 'EN'}</span>
        </>
      }
    >
      {(close) =>
        CHOICES.map((choice) => (
          <button
            key={choice.locale}
            type="button"
            role="menuitemradio"
            aria-checked={choice.locale === current}
            lang={choice.locale}
            className="menu-item"
            data-testid={choice.testId}
            onClick={() => {
              close();
              choose(choice.locale);
            }}
          >
            {choice.label}
          </button>
        ))
      }
    </Menu>
  );
}
