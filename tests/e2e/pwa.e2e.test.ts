/**
 * Qal as an installable app, in Chromium against the real server: each language's page links its own manifest
 * (English "Qal" at /, Amharic "ቃል" at /am) and Chromium reports nothing that stops it being installed; the service
 * worker takes control on the first visit; with the network gone the app shell still opens in both languages, from
 * the service worker, with the offline page in the page's language and the page's own code and translations
 * behind it; nothing of the API is ever cached; and a new deploy is offered, and taken, only when the player accepts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildClient, CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';

/** A loaded CI machine answers slower than a person waits; the page must settle within this. */
const SETTLE = { timeout: 20_000, interval: 200 };

/** The page's globals this suite reads: each page.evaluate casts to it (the project compiles without the DOM library). */
type PageGlobals = {
  navigator: {
    serviceWorker: {
      ready: Promise<unknown>;
      controller: { scriptURL: string } | null;
      getRegistration(): Promise<{ update(): Promise<unknown>; waiting: unknown } | undefined>;
    };
  };
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
  fetch(url: string): Promise<{ status: number }>;
  qalMarker?: string;
};

const LANGUAGES = [
  { language: 'English', prefix: '', manifest: '/manifest.en.webmanifest', name: 'Qal', offline: 'You are offline', board: 'Leaderboards' },
  {
    language: 'Amharic',
    prefix: '/am',
    manifest: '/manifest.am.webmanifest',
    name: 'ቃል',
    offline: 'ከኢንተርኔት ጋር አልተገናኙም',
    board: 'የደረጃ ሰንጠረዦች',
  },
] as const;

/** Changes the built service worker as a deploy would, with its compressed copies; returns how to put it back. */
async function deployNewServiceWorker(clientDir: string): Promise<() => Promise<void>> {
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(clientDir, name));
  const originals = await Promise.all(files.map((file) => readFile(file).catch(() => null)));
  const next = Buffer.concat([originals[0]!, Buffer.from('\n// the next deploy\n')]);
  await Promise.all([writeFile(files[0]!, next), writeFile(files[1]!, brotliCompressSync(next)), writeFile(files[2]!, gzipSync(next))]);
  return async () => {
    await Promise.all(files.map((file, i) => (originals[i] ? writeFile(file, originals[i]) : rm(file, { force: true }))));
  };
}

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page): Promise<string> {
  await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller?.scriptURL ?? null), SETTLE)
    .toMatch(/\/sw\.js$/);
  return page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller!.scriptURL);
}

/** Whether a newer service worker is installed and waiting for the player's answer. */
const hasWaitingWorker = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));

/** Every URL the page's origin holds in Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await (globalThis as unknown as PageGlobals).caches.keys()) {
      for (const request of await (await (globalThis as unknown as PageGlobals).caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

describe.skipIf(!chromiumAvailable())('Qal as an installable app', () => {
  let server: QalServer;
  let profileDir: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startQal();
    // A browser profile of its own: Chromium never offers to install an app from an incognito window.
    profileDir = await mkdtemp(path.join(tmpdir(), 'qal-e2e-pwa-profile-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(SETTLE.timeout);
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  it('is checked for real: a page without a manifest is not installable', async () => {
    await page.goto(`${server.baseUrl}/health`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await cdp.detach();
    expect(installabilityErrors.length).toBeGreaterThan(0);
  });

  for (const { language, prefix, manifest, name } of LANGUAGES) {
    it(`links the ${language} manifest, and Chromium finds nothing that stops "${name}" being installed`, async () => {
      await page.goto(`${server.baseUrl}${prefix}`);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(manifest);
      expect(await controlled(page)).toBe(`${server.baseUrl}/sw.js`);

      const cdp = await context.newCDPSession(page);
      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${server.baseUrl}${manifest}`);
      expect(errors).toEqual([]);
      expect(JSON.parse(data ?? '{}')).toMatchObject({
        name,
        short_name: name,
        lang: prefix ? 'am' : 'en',
        dir: 'ltr',
        start_url: prefix || '/',
        scope: '/',
        display: 'standalone',
      });
      // The icons are fetched and checked as part of this; poll while they load.
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId), SETTLE)
        .toEqual([]);
      await cdp.detach();

      const served = await page.request.get(`${server.baseUrl}${manifest}`);
      expect(served.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(served.headers()['cache-control']).toBe('no-cache');
      expect((await page.request.get(`${server.baseUrl}/sw.js`)).headers()['cache-control']).toBe('no-cache');
    });
  }

  it('precaches the shell, the Ethiopic fonts and every code chunk, and never an API answer', async () => {
    await page.goto(`${server.baseUrl}/`);
    await controlled(page);
    // The home page has asked the API for the catalogue by now.
    await page.getByTestId('game-list').waitFor();
    const urls = await cachedUrls(page);
    expect(urls.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
    expect(urls.filter((url) => /noto-sans-ethiopic-.*\.woff2/.test(url))).toHaveLength(2);
    expect(urls.filter((url) => url.includes('/api/'))).toEqual([]);
  });

  for (const { language, prefix, offline, board } of LANGUAGES) {
    it(`opens offline in ${language}: the shell from the service worker, the offline page, the page itself on request`, async () => {
      await page.goto(`${server.baseUrl}${prefix}`);
      await controlled(page);
      await context.setOffline(true);
      try {
        const response = await page.goto(`${server.baseUrl}${prefix}/leaderboards`);
        expect(response?.fromServiceWorker()).toBe(true);
        expect(await page.locator('html').getAttribute('lang')).toBe(prefix ? 'am' : 'en');
        await page.getByRole('heading', { name: offline }).waitFor();
        await page.getByRole('banner').waitFor();

        // The page's own code and translations come from the cache too; only its data needs the network.
        await page.getByTestId('offline-page').getByRole('button').click();
        await page.getByRole('heading', { name: board }).waitFor();
        const apiStatus = await page.evaluate(() =>
          (globalThis as unknown as PageGlobals).fetch('/api/v1/games').then(
            (r) => r.status,
            () => 'network error',
          ),
        );
        expect(apiStatus).toBe('network error');
      } finally {
        await context.setOffline(false);
      }
    });
  }

  it('offers a new deploy and reloads into it only when the player accepts', async () => {
    await page.goto(`${server.baseUrl}/`);
    await controlled(page);
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).qalMarker = 'before the update';
    });

    // A new deploy: the server now has a different service worker (and its brotli and gzip copies, which it prefers).
    const restore = await deployNewServiceWorker(await buildClient());
    try {
      await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByText('A new version of Qal is available');
      await prompt.waitFor();
      // Nothing happens until the player answers: the page is the same one, the new worker waits.
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).qalMarker)).toBe('before the update');
      expect(await hasWaitingWorker(page)).toBe(true);

      await page.getByRole('button', { name: 'Reload' }).click();
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).qalMarker ?? 'reloaded').catch(() => 'reloading'), SETTLE)
        .toBe('reloaded');
      await controlled(page);
      expect(await hasWaitingWorker(page)).toBe(false);
      expect(await page.getByText('A new version of Qal is available').count()).toBe(0);
    } finally {
      await restore();
    }
  });
});
