import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '../config/constants.ts';
import { localeFromPath } from './locale.ts';
import enCommon from '../locales/en/common.json';
import amCommon from '../locales/am/common.json';

/** Every namespace except `common` is its own chunk, fetched when a page first needs it. */
const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/common.json']);

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

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: typeof location === 'undefined' ? DEFAULT_LOCALE : localeFromPath(location.pathname),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon }, am: { common: amCommon } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export { i18n };
