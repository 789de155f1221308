import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ShellSkeleton } from '../components/skeleton.tsx';
import { firstPageCommitted } from '../lib/first-screen.ts';
import { localeFromPath } from '../lib/locale.ts';

/** The URL decides the language: '/am…' is Amharic, everything else English. */
export function LocaleLayout() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const locale = localeFromPath(pathname);

  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);

  // The router draws this layout once the first page's code and data are in: what waits for the first screen may start.
  useEffect(firstPageCommitted, []);

  return (
    <Suspense fallback={<ShellSkeleton />}>
      <Outlet />
      <ScrollRestoration />
    </Suspense>
  );
}
