/**
 * The built index.html carries the favicon itself, as a data: URL (the CSP's img-src allows them): linked as a file,
 * the browser fetches it while the first screen loads, on one of the six connections a phone's slow network gives
 * the page's own code. public/favicon.svg stays the design the app icons are drawn from (build/pwa-icons.ts), and
 * the dev server keeps linking it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const FAVICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" \/>/;

/** `svg` as a data: URL: percent-encoded, the smallest safe form for an SVG (base64 adds a third). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
}

export function inlineFavicon(): Plugin {
  let publicDir = '';
  return {
    name: 'qal-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      if (!FAVICON_LINK.test(html)) throw new Error('inline-favicon: index.html no longer links /favicon.svg as this plugin expects');
      const url = svgDataUrl(readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8'));
      return html.replace(FAVICON_LINK, `<link rel="icon" type="image/svg+xml" href="${url}" />`);
    },
  };
}
