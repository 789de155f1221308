import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/global.css';
import { afterFirstScreen } from './lib/first-screen.ts';
import { i18n } from './lib/i18n.ts';
import { authActor } from './lib/auth/auth-live.ts';
import { reloadForChunkError } from './lib/chunk-reload.ts';
import { localeFromPath, preferredLocale, readCookie } from './lib/locale.ts';
import { linkManifest } from './lib/pwa/manifest-link.ts';
import { startServiceWorker } from './lib/pwa/service-worker.ts';
import { LANGUAGE_COOKIE } from './config/constants.ts';
import { startRealtimeSync } from './app/realtime-sync.ts';
import { App } from './app/app.tsx';

// On a bare '/', a saved or browser preference for Amharic opens the Amharic site.
if (location.pathname === '/' && preferredLocale(readCookie(LANGUAGE_COOKIE), navigator.languages) === 'am') {
  history.replaceState(history.state, '', `/am${location.search}${location.hash}`);
  // Its texts are a chunk of their own (lib/i18n.ts): wait for them, so the first page shows in Amharic at once.
  await i18n.changeLanguage('am');
}

// A chunk of an older deploy is gone: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

// The installable app of the page's language: its name, start page and language follow the site's. Linked once the
// first screen is drawn: Chromium fetches a linked manifest and its icon at once, on connections that screen needs.
afterFirstScreen(() => {
  linkManifest(localeFromPath(location.pathname));
  i18n.on('languageChanged', linkManifest);
});

// The service worker serves the app offline and tells us when a newer deploy is ready (a no-op on the dev server).
// It would register after the load event anyway; its code is fetched once the first screen is drawn.
afterFirstScreen(startServiceWorker);

startRealtimeSync();
authActor.start();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
