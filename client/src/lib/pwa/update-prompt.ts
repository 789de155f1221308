import { i18n } from '../i18n.ts';
import { notify } from '../notify.ts';

/**
 * A newer version of the app is installed and waiting: offer it until the player accepts. Accepting hands control to
 * the new service worker, which reloads every open tab into the new version.
 */
export function promptToUpdate(applyUpdate: () => void, show: typeof notify.info = notify.info): void {
  show(i18n.t('update.available'), {
    duration: Infinity,
    action: { label: i18n.t('update.reload'), onClick: applyUpdate },
  });
}
