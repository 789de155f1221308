import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LocaleLink } from '../components/locale-link.tsx';
import { PageSkeleton } from '../components/skeleton.tsx';
import { LanguageMenu } from './shell/language-menu.tsx';
import { ThemeToggle } from './shell/theme-toggle.tsx';

/** For pages without the app chrome (login): brand, language and theme only. */
export function BareLayout() {
  return (
    <div className="shell shell-bare">
      <header className="header">
        <div className="header-inner">
          <LocaleLink to="/" className="brand" aria-label="Qal">
            <span className="brand-mark" aria-hidden="true">
              Q
            </span>
            <span className="brand-name">Qal</span>
          </LocaleLink>
          <span className="spacer" />
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </header>
      <main className="main" id="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
