import { SW_UPDATE_CHECK_INTERVAL_MS } from '../../config/constants.ts';

/** The one thing used of a ServiceWorkerRegistration. */
type Updatable = { update(): Promise<unknown> };
type PageState = { visible: () => boolean; online: () => boolean };

const browserPage: PageState = {
  visible: () => document.visibilityState === 'visible',
  online: () => navigator.onLine,
};

/**
 * Browsers look for a new service worker only when a page is opened; Qal stays open for hours, so it also asks every
 * few minutes while it is in view and online. Returns a stop function.
 */
export function checkForUpdatesPeriodically(
  registration: Updatable,
  page: PageState = browserPage,
  intervalMs: number = SW_UPDATE_CHECK_INTERVAL_MS,
): () => void {
  const check = () => {
    if (!page.visible() || !page.online()) return;
    // A failed check (server down, mid-deploy) is retried at the next tick.
    registration.update().catch(() => undefined);
  };
  const id = setInterval(check, intervalMs);
  return () => clearInterval(id);
}
