/** Helpers the browser suites share: the REST API with a page's own session, and the wallet tab's figures. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The REST API from inside a page, with that page's session (for checks the UI does not show, never to play). */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      // Runs in the page (this project compiles without the DOM library, hence the cast).
      const { localStorage } = globalThis as unknown as { localStorage: { getItem(key: string): string | null } };
      const token = localStorage.getItem('qal.auth.token');
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; json: T }>;
}

/** A whole number shown on a page ('1,234', '+10', '−30'), or NaN. */
export const numberIn = (text: string) =>
  /\d/.test(text) ? Number(text.replace(/[\u2212\u2012-\u2014]/g, '-').replace(/[^\d-]/g, '')) : NaN;

/** The wallet tab's figures, as the page shows them (it follows the server's pushes, no reload). */
export async function expectWalletShows(
  wallet: Page,
  expected: { balance: number; held: number },
  settle: { timeout: number; interval: number },
) {
  const figure = async (testId: string) => numberIn(await wallet.getByTestId(testId).innerText());
  await expect.poll(async () => ({ balance: await figure('wallet-balance'), held: await figure('wallet-held') }), settle).toEqual(expected);
  expect(await figure('wallet-available')).toBe(expected.balance - expected.held);
}

/**
 * Holds the page's next answer from `url` (a glob), as a slow network would: the request reaches the server at once,
 * and its answer reaches the page only once released. `answered` resolves when the server has answered.
 */
export async function holdAnswer(page: Page, url: string): Promise<{ answered: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  await page.route(
    url,
    async (route) => {
      const response = await route.fetch();
      markAnswered();
      await released;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  return { answered, release };
}
