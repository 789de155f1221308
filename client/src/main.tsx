import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/global.css';
import { i18n } from './lib/i18n.ts';
import { authActor } from './lib/auth/auth-live.ts';
import { reloadForChunkError } from './lib/chunk-reload.ts';
import { watchForNewBuild } from './lib/build-check.ts';
import { preferredLocale, readCookie } from './lib/locale.ts';
import { notify } from './lib/notify.ts';
import { LANGUAGE_COOKIE } from './config/constants.ts';
import { startRealtimeSync } from './app/realtime-sync.ts';
import { App } from './app/app.tsx';

// On a bare '/', a saved or browser preference for Amharic opens the Amharic site.
if (location.pathname === '/' && preferredLocale(readCookie(LANGUAGE_COOKIE), navigator.languages) === 'am') {
  history.replaceState(history.state, '', `/am${location.search}${location.hash}`);
  void i18n.changeLanguage('am');
}

// A chunk of an older deploy is gone: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

if (import.meta.env.PROD) {
  watchForNewBuild({
    currentBuildId: __QAL_BUILD_ID__,
    onNewBuild: () =>
      notify.info(i18n.t('update.available'), {
        duration: Infinity,
        action: { label: i18n.t('update.reload'), onClick: () => window.location.reload() },
      }),
  });
}

startRealtimeSync();
authActor.start();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
