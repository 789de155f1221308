/** Helpers the browser suites share: the REST API with a page's own session, and the wallet tab's figures. */
import { expect } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';

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

/**
 * Resolves once the page has had `response` in full and drawn a frame since: the page handles an answer (parses it,
 * keeps it, renders) in tasks of its own after the body arrives, so a check right after sees what it made of it.
 */
export async function pageHasTaken(page: Page, response: Response): Promise<void> {
  await response.finished();
  // Runs in the page (this project compiles without the DOM library, hence the cast).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        (globalThis as unknown as { requestAnimationFrame(next: () => void): void }).requestAnimationFrame(() => setTimeout(resolve, 0)),
      ),
  );
}

/**
 * Answers the page's next request to `url` (a glob) with `earlier`, an answer the server gave before, and only once
 * released: a read the server answered before some change, reaching the page after that change's push (as on a slow
 * connection). The request itself never reaches the server. `asked` resolves when the page has sent it; `release`
 * once the page has taken the answer (pageHasTaken).
 */
export async function answerLateWith(
  page: Page,
  url: string,
  earlier: Response,
): Promise<{ asked: Promise<void>; release: () => Promise<void> }> {
  // The body as the page read it (decoded): sent again without the original's content encoding.
  const answer = {
    status: earlier.status(),
    contentType: earlier.headers()['content-type'] ?? 'application/json',
    body: await earlier.body(),
  };
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let markAsked!: (request: Request) => void;
  const asked = new Promise<Request>((resolve) => (markAsked = resolve));
  await page.route(
    url,
    async (route) => {
      markAsked(route.request());
      await released;
      await route.fulfill(answer);
    },
    { times: 1 },
  );
  return {
    asked: asked.then(() => undefined),
    release: async () => {
      const request = await asked;
      letGo();
      const response = await request.response();
      if (!response) throw new Error(`no answer to ${request.url()}`);
      await pageHasTaken(page, response);
    },
  };
}
