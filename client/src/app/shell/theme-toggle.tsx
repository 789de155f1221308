import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../components/icons.tsx';
import { setTheme, useTheme } from '../../lib/theme.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      aria-pressed={theme === 'dark'}
      data-testid="theme-toggle"
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </button>
  );
}
