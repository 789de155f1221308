import { isLocale } from '../locale.ts';
import { manifestPath } from './web-manifest.ts';

/** Points the page's manifest link at the manifest of its language (index.html links the English one). */
export function linkManifest(language: string, doc: Document = document): void {
  if (!isLocale(language)) return;
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestPath(language);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
