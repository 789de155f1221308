/**
 * The websocket test pages in Chromium against the real server (test surface on, as in development): each opens
 * without login and shows its socket connected; a signed-in player's page follows the private channel test.debug,
 * which it asks for 2 s after connecting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_DEBUG_CHANNEL, TEST_PAGE_PATHS } from '@qal/events/contracts';
import { CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';
import { newPlayer, PHONE, SETTLE } from './support/arcade.ts';

const stateOf = (page: Page) => page.getByTestId('ws-state').getAttribute('data-state');
const channelStatus = (page: Page, channel: string) => page.locator(`[data-channel="${channel}"]`).getAttribute('data-status');

describe.skipIf(!chromiumAvailable())('the websocket test pages', () => {
  let server: QalServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startQal();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens each page without login and shows the socket connected', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    for (const path of TEST_PAGE_PATHS) {
      await page.goto(`${server.baseUrl}${path}`);
      await expect.poll(() => stateOf(page), SETTLE).toBe('connected');
      expect(await page.getByTestId('ws-problems').count()).toBe(0);
    }
    await context.close();
  });

  it("follows test.debug for a signed-in player on each page, and the player's own channel on /test-websocket", async () => {
    const player = await newPlayer(browser, server, { language: 'am', path: '/test-websocket' });
    const { page } = player;
    await expect.poll(() => stateOf(page), SETTLE).toBe('connected');
    await expect.poll(() => channelStatus(page, TEST_DEBUG_CHANNEL), SETTLE).toBe('subscribed');
    expect(await page.locator('[data-channel^="user:"]').getAttribute('data-status')).toBe('subscribed');

    for (const path of TEST_PAGE_PATHS.filter((p) => p !== '/test-websocket')) {
      await page.goto(`${server.baseUrl}/am${path}`);
      await expect.poll(() => channelStatus(page, TEST_DEBUG_CHANNEL), SETTLE).toBe('subscribed');
    }
    await player.context.close();
  });
});
