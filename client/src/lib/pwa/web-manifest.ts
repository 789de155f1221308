import type { Locale } from '../../config/constants.ts';
import { localizePath } from '../locale.ts';

/** The brand teal (`--primary`, the page's theme-color meta): the installed app's title bar. */
export const THEME_COLOR = '#0f766e';
/** The light page background (`--bg`): the splash screen behind the icon while the app starts. */
export const BACKGROUND_COLOR = '#f6f7f5';

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export type AppText = { name: string; shortName: string; description: string };

/** Where each language's manifest is served; the page links the one of its language. */
export const manifestPath = (locale: Locale) => `/manifest.${locale}.webmanifest`;

/**
 * The web app manifest of one language. Both apps span the whole site (scope '/') so switching language inside the
 * installed app stays in its window; their ids differ, so the Amharic page never offers to rename an installed
 * English app (or the reverse).
 */
export function webManifest(locale: Locale, text: AppText) {
  // Each language's app opens on its own home page: / or /am.
  const start = localizePath('/', locale);
  return {
    id: start,
    name: text.name,
    short_name: text.shortName,
    description: text.description,
    lang: locale,
    dir: 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['games', 'education'],
    icons: ICONS,
  } as const;
}
