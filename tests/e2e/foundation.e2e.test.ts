/**
 * The foundation as a new player meets it, in Chromium on a 360 px phone screen against the real embedded server
 * (PGlite under a temp data dir): sign in with the code the server printed, in English and in Amharic, see the
 * welcome tokens, claim the daily bonus and watch the balance change, then log out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';

const WELCOME_TOKENS = 100;
const DAILY_BONUS_TOKENS = 10;
/** A loaded CI machine answers slower than a person waits; the page must settle within this. */
const SETTLE = { timeout: 20_000, interval: 100 };

describe.skipIf(!chromiumAvailable())('sign-in and wallet in the browser', () => {
  let server: QalServer;
  let browser: Browser;
  let phoneCounter = 0;

  beforeAll(async () => {
    server = await startQal();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const nextPhone = () => {
    const digits = String(10_000_000 + ((process.pid * 7_919 + Date.now() + phoneCounter++ * 131) % 89_999_999)).slice(-8);
    return { typed: `09${digits}`, e164: `+2519${digits}` };
  };

  const pillTokens = async (page: Page) => Number((await page.getByTestId('token-pill').innerText()).replace(/[^\d]/g, ''));

  async function signIn(prefix: '' | '/am'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const phone = nextPhone();
    await page.goto(`${server.baseUrl}${prefix}/login`);
    await page.getByTestId('phone-input').fill(phone.typed);
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-input').fill(await server.codeFor(phone.e164));
    await page.getByTestId('verify-code').click();
    await page.getByTestId('token-pill').waitFor();
    return page;
  }

  for (const { language, prefix, claim, logout } of [
    { language: 'English', prefix: '', claim: /claim/i, logout: /log ?out/i },
    { language: 'Amharic', prefix: '/am', claim: /ጉርሻ/, logout: /ይውጡ/ },
  ] as const) {
    it(`signs in in ${language}, claims the daily bonus, sees the balance change and logs out`, async () => {
      const page = await signIn(prefix);
      expect(await page.locator('html').getAttribute('lang')).toBe(prefix === '/am' ? 'am' : 'en');
      await expect.poll(() => pillTokens(page), SETTLE).toBe(WELCOME_TOKENS);

      await page.goto(`${server.baseUrl}${prefix}/wallet`);
      const claimButton = page.getByTestId('claim-bonus');
      await expect.poll(() => claimButton.isEnabled(), SETTLE).toBe(true);
      expect(await claimButton.innerText()).toMatch(claim);
      await claimButton.click();
      await expect.poll(() => pillTokens(page), SETTLE).toBe(WELCOME_TOKENS + DAILY_BONUS_TOKENS);
      await expect
        .poll(async () => Number((await page.getByTestId('wallet-balance').innerText()).replace(/[^\d]/g, '')), SETTLE)
        .toBe(WELCOME_TOKENS + DAILY_BONUS_TOKENS);
      expect(await claimButton.isDisabled()).toBe(true);

      await page.getByTestId('avatar-menu').click();
      const logoutItem = page.getByTestId('logout');
      expect(await logoutItem.innerText()).toMatch(logout);
      await logoutItem.click();
      // Signed out: the header's Login button, or the sign-in form itself when the wallet sends the player there.
      await page.locator('[data-testid="login-button"], [data-testid="phone-input"]').first().waitFor();
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('qal.auth.token'),
        ),
      ).toBeNull();
      await page.context().close();
    });
  }
});
