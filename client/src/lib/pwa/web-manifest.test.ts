import { describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import amCommon from '../../locales/am/common.json';
import { linkManifest } from './manifest-link.ts';
import { manifestPath, webManifest } from './web-manifest.ts';

describe('the installable app of each language', () => {
  it('is Qal in English, opening on the English home page', () => {
    const manifest = webManifest('en', enCommon.app);
    expect(manifest).toMatchObject({ name: 'Qal', short_name: 'Qal', lang: 'en', dir: 'ltr', start_url: '/', scope: '/' });
    expect(manifest.display).toBe('standalone');
  });

  it('is ቃል in Amharic, opening on the Amharic home page, an app of its own', () => {
    const manifest = webManifest('am', amCommon.app);
    expect(manifest).toMatchObject({ name: 'ቃል', short_name: 'ቃል', lang: 'am', dir: 'ltr', start_url: '/am', scope: '/' });
    expect(manifest.id).not.toBe(webManifest('en', enCommon.app).id);
  });

  it('has the icons an installer asks for: 192 and 512 pixels, and one a launcher may crop', () => {
    const icons = webManifest('en', enCommon.app).icons;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it("links the page's language: the Amharic site the Amharic app", () => {
    document.head.innerHTML = `<link rel="manifest" href="${manifestPath('en')}" />`;
    linkManifest('am');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.am.webmanifest');
    linkManifest('fr');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.am.webmanifest');
    linkManifest('en');
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.en.webmanifest');
  });

  it('adds the link the first time: the page is served without one, so nothing fetches a manifest while it loads', () => {
    document.head.innerHTML = '';
    linkManifest('am');
    const links = document.querySelectorAll('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/manifest.am.webmanifest');
    linkManifest('en');
    expect(document.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.en.webmanifest');
  });
});
