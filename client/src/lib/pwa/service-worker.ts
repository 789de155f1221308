import { registerSW } from 'virtual:pwa-register';
import { promptToUpdate } from './update-prompt.ts';
import { checkForUpdatesPeriodically } from './update-checks.ts';

/**
 * Registers the service worker (built by vite-plugin-pwa: the precached app shell, fonts and translations) and
 * offers each newer version once it is installed.
 */
export function startServiceWorker(): void {
  let reloadArmed = false;
  const applyUpdate = registerSW({
    onNeedRefresh: () => {
      if (!reloadArmed) {
        reloadArmed = true;
        // Whichever tab accepts, the new worker takes over every tab, and each reloads into the version it serves.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      }
      promptToUpdate(() => void applyUpdate());
    },
    // The reload above instead of the library's, which skips a page whose first visit installed the worker.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdatesPeriodically(registration);
    },
    onRegisterError: (error: unknown) => console.warn('Qal: the service worker could not be registered', error),
  });
}
