import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '../config/constants.ts';
import { localeFromPath } from './locale.ts';

/**
 * Every namespace of every language is a chunk of its own, fetched when a page first needs it and in the page's
 * language only: the English and Amharic files have exactly the same keys (locales.test.ts), so no language falls
 * back on another. `common` is fetched before anything renders; the page asks for it as early as it can
 * (build/first-load.ts), so it is usually there before this code is.
 */
const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyNamespaces[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const NAMESPACES = [
  'common',
  'auth',
  'wallet',
  'profile',
  'stats',
  'games',
  'hangman',
  'debug',
  'leaderboards',
  'multiplayer',
  'crazy',
  'arcade',
  'fairness',
  'codebreaker',
  'mines',
  'sum-chaser',
  'geo-sprint',
  'math-sprint',
  'rapid-recall',
] as const;

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// Every importer sees `common` loaded: nothing renders a key before its text is there.
await i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: typeof location === 'undefined' ? DEFAULT_LOCALE : localeFromPath(location.pathname),
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

export { i18n };
