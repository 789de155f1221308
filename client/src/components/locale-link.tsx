import { useCallback, type ComponentProps } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Locale } from '../config/constants.ts';
import { localeFromPath, localizePath } from '../lib/locale.ts';

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** `to('/wallet')` → '/am/wallet' on Amharic pages; the only way internal paths are built. */
export function useTo(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

type LinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };

export function LocaleLink({ to: path, ...props }: LinkProps) {
  const to = useTo();
  return <Link to={to(path)} {...props} />;
}

type NavLinkProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string };

export function LocaleNavLink({ to: path, ...props }: NavLinkProps) {
  const to = useTo();
  const target = to(path);
  return <NavLink to={target} end={path === '/'} {...props} />;
}
