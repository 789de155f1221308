import { isLocale } from '../locale.ts';
import { manifestPath } from './web-manifest.ts';

/**
 * Points the page's manifest link at the manifest of its language, adding the link the first time: index.html has
 * none, so the browser fetches no manifest while the first screen loads (main.tsx links it once that screen is drawn).
 */
export function linkManifest(language: string, doc: Document = document): void {
  if (!isLocale(language)) return;
  const href = manifestPath(language);
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    const added = doc.createElement('link');
    added.rel = 'manifest';
    added.href = href;
    doc.head.append(added);
  } else if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
