/**
 * What the arcade suites (arcade*.e2e.test.ts) share: a new player signed in on a phone with the code the server
 * printed, the start of a game as the page sends it, the secrets of a game read from the event store (never through
 * the API), the check that a screen fits the phone, the game's check on /fairness, and the ledger audit.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { subscriberLockKey } from '@qal/events';
import { numberIn } from './page.ts';
import { REPO_ROOT, type QalServer } from './qal-server.ts';

export type Language = 'en' | 'am';

/** A loaded 2-core machine answers slower than a person waits; every visible state must come within this. */
export const SETTLE_MS = 30_000;
export const SETTLE = { timeout: SETTLE_MS, interval: 100 };
export const WELCOME_TOKENS = 100;

/** The small phone every single-player game must fit, and the taller one the room suites use. */
export const PHONE = { width: 360, height: 640 } as const;
export const TALL_PHONE = { width: 360, height: 740 } as const;

/**
 * A text of the client's translations (client/src/locales/<language>/<namespace>.json) as the page renders it:
 * `{{name}}` filled in, and with a `count`, the plural form the language's rules pick (`key_one`, `key_other`).
 * The suites read the Amharic copy from there, so an edit of its wording does not break them, while a text missing
 * or left in English on an Amharic page still does.
 */
export function translations(language: Language, namespace: string): (key: string, values?: Record<string, string | number>) => string {
  const table = JSON.parse(readFileSync(path.join(REPO_ROOT, 'client/src/locales', language, `${namespace}.json`), 'utf8')) as unknown;
  const lookup = (key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), table);
  const plural = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const text = typeof values.count === 'number' ? (lookup(`${key}_${plural.select(values.count)}`) ?? lookup(key)) : lookup(key);
    if (typeof text !== 'string') throw new Error(`no ${language} text ${namespace}:${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

export interface Player {
  readonly language: Language;
  /** '' or '/am': the address prefix of the player's language. */
  readonly prefix: '' | '/am';
  readonly context: BrowserContext;
  readonly page: Page;
}

let phoneCounter = 0;
const nextPhone = () => {
  const digits = String(10_000_000 + ((process.pid * 7_919 + Date.now() + phoneCounter++ * 131) % 89_999_999)).slice(-8);
  return { typed: `09${digits}`, e164: `+2519${digits}` };
};

/**
 * A new player on a phone: signs in with the printed code and lands on `path` (in the player's language). With a
 * `name`, they first name themselves on the profile page (boards and histories show it).
 */
export async function newPlayer(
  browser: Browser,
  server: QalServer,
  options: { language: Language; path: string; viewport?: { width: number; height: number }; name?: string },
): Promise<Player> {
  const { language, path, viewport = PHONE, name } = options;
  const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, locale: language === 'am' ? 'am-ET' : 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(SETTLE_MS);
  const prefix = language === 'am' ? '/am' : '';
  const phone = nextPhone();
  const landing = name ? '/profile' : path;
  await page.goto(`${server.baseUrl}${prefix}/login?redirect=${encodeURIComponent(`${prefix}${landing}`)}`);
  await page.getByTestId('phone-input').fill(phone.typed);
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-input').fill(await server.codeFor(phone.e164, SETTLE_MS));
  await page.getByTestId('verify-code').click();
  await page.waitForURL(`**${prefix}${landing}`);
  if (name) {
    await page.getByTestId('profile-name').fill(name);
    await page.getByTestId('save-profile').click();
    await page.getByText(translations(language, 'profile')('saved')).first().waitFor();
    await page.goto(`${server.baseUrl}${prefix}${path}`);
  }
  return { language, prefix, context, page };
}

/** The balance the header's token pill shows, once it shows `expected` (it follows the wallet after each game). */
export async function expectTokens(page: Page, expected: number) {
  await expect.poll(async () => numberIn(await page.getByTestId('token-pill').innerText()), SETTLE).toBe(expected);
}

/** Taps the start panel's button and returns the match the server started (from the page's own request). */
export async function startGame(page: Page, slug: string): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/v1/games/${slug}/play`) && r.request().method() === 'POST'),
    page.getByTestId('start-game').click(),
  ]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { matchId: string } };
  return body.data.matchId;
}

/** The data of the first `type` event on `match-<matchId>`: a game's secrets, as the Hangman suite reads its word. */
export async function storedEvent<T>(store: pg.Client, matchId: string, type: string): Promise<T> {
  let data: T | null = null;
  await expect
    .poll(async () => {
      const { rows } = await store.query<{ data: T }>(
        `select data from eventstore.events where stream_id = $1 and type = $2 order by global_position limit 1`,
        [`match-${matchId}`, type],
      );
      data = rows[0]?.data ?? null;
      return data !== null;
    }, SETTLE)
    .toBe(true);
  return data!;
}

/** The page is no wider than the phone: nothing to scroll sideways. */
export async function expectFits(page: Page) {
  // Runs in the page (this project compiles without the DOM library, hence the cast).
  const overflow = await page.evaluate(() => {
    const window = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
    return window.document.documentElement.scrollWidth - window.innerWidth;
  });
  expect(overflow, `${page.url()} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/**
 * From a finished game's result card: the link to /fairness, which checks the game in the browser (expectFair).
 * Returns the seal the page shows.
 */
export async function verifyOnFairnessPage(player: Player, matchId: string): Promise<string> {
  await player.page.getByTestId('verify-game').click();
  return expectFair(player, matchId);
}

/**
 * /fairness checking `matchId`: the page says the revealed seed matches the seal and the game redrawn from the seeds
 * is the one played, and calls it fair. Returns the seal the page shows. Read from that match's check: right after a
 * pick from the list the address names the new match while the page may still show the one checked before.
 */
export async function expectFair(player: Player, matchId: string): Promise<string> {
  const { page } = player;
  const t = translations(player.language, 'fairness');
  await page.waitForURL(`**${player.prefix}/fairness?match=${encodeURIComponent(matchId)}`);
  const check = page.locator(`[data-testid="fairness-check"][data-match="${matchId}"]`);
  const verdict = check.getByTestId('fairness-verdict');
  await verdict.waitFor();
  expect(await verdict.innerText()).toBe(t('check.fair'));
  expect(await check.getByTestId('commitment-check').innerText()).toBe(t('check.commitmentOk'));
  expect(await check.getByTestId('outcome-check').innerText()).toContain(t('check.outcomeOk'));
  await expectFits(page);
  return (await check.getByTestId('fairness-commitment').innerText()).trim();
}

/** The seal a game in play shows (components/fairness-seal.tsx, "…: 0123456789abcdef…"): its first 16 hex digits. */
export async function shownSeal(page: Page): Promise<string> {
  const text = await page.getByTestId('fairness-commitment').innerText();
  const seal = /([0-9a-f]{16})…/.exec(text)?.[1];
  if (!seal) throw new Error(`no seal in "${text}"`);
  return seal;
}

/** Runs the ledger audit (its CLI from source, as `npm run ledger:audit -- --summary` runs it compiled) on the suite's database. */
export async function auditLedger(databaseUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/ledger/src/audit/cli.ts', '--summary'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The ledger's read model's subscriber (services/ledger/src/config.ts PROJECTION_SUBSCRIBER). */
const LEDGER_PROJECTION = 'ledger-projection';

/**
 * Holds the ledger's read model where it is, as a projection a moment behind the store (under load): the store lets
 * one instance at a time take a subscriber's next batch, under its advisory lock (subscriberLockKey), so while
 * this session holds it the projection finds its turn taken and waits. Nothing else waits: the store takes every
 * append, and the log's other readers (the pushes among them) go on. An advisory lock gives this session no
 * transaction id, which would hold back every reader of the log. `release` lets the projection catch up.
 */
export async function holdLedgerProjection(databaseUrl: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`select pg_advisory_lock(hashtext($1))`, [subscriberLockKey(LEDGER_PROJECTION)]);
  let released: Promise<void> | null = null;
  return {
    // Once, however often it is called (the test calls it, and again when it finishes, in case it failed before).
    release: () =>
      (released ??= (async () => {
        await client.query(`select pg_advisory_unlock(hashtext($1))`, [subscriberLockKey(LEDGER_PROJECTION)]);
        await client.end();
      })()),
  };
}
