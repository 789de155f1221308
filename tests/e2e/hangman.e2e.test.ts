/**
 * Hangman as a new player plays it, in Chromium on a 360 px phone screen, against the real server: sign in with the
 * code from the server's output, play an English and an Amharic game to a win and to a loss, see tokens, XP and the
 * statistics change, meet 'Insufficient Tokens' and 'Daily Limit Reached', and find the ledger audit clean after.
 *
 * The test knows each word by reading the event store (the server runs on a scratch PostgreSQL database), never
 * through the API; the server's whole output is checked for the words at the end.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { hangman } from '@qal/game-engine';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, REPO_ROOT, startQal, logMentionsWord, type QalServer } from './support/qal-server.ts';
import { pageApi as api } from './support/page.ts';
import { translations } from './support/arcade.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

type Language = 'en' | 'am';

describe.skipIf(!pgUrl)('Hangman in the browser', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let store: pg.Client;
  const words: string[] = [];
  let phoneCounter = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    server = await startQal({ env: { DATABASE_URL: scratch.url } });
    store = new pg.Client({ connectionString: scratch.url });
    await store.connect();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });

  afterAll(async () => {
    await browser?.close();
    await store?.end();
    await server?.stop();
    await scratch?.drop();
  });

  const nextPhone = () => {
    const digits = String(10_000_000 + ((process.pid * 7_919 + Date.now() + phoneCounter++ * 131) % 89_999_999)).slice(-8);
    return { typed: `09${digits}`, e164: `+2519${digits}` };
  };

  async function newPlayer(locale: Language = 'en'): Promise<{ page: Page; context: BrowserContext }> {
    const ctx = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      locale: locale === 'am' ? 'am-ET' : 'en-GB',
    });
    const p = await ctx.newPage();
    const phone = nextPhone();
    const prefix = locale === 'am' ? '/am' : '';
    await p.goto(`${server.baseUrl}${prefix}/login?redirect=${encodeURIComponent(`${prefix}/hangman`)}`);
    await p.getByTestId('phone-input').fill(phone.typed);
    await p.getByTestId('send-code').click();
    const code = await server.codeFor(phone.e164);
    await p.getByTestId('code-input').fill(code);
    await p.getByTestId('verify-code').click();
    await p.waitForURL(`**${prefix}/hangman`);
    await p.getByTestId('start-game').waitFor();
    return { page: p, context: ctx };
  }

  async function wordOf(matchId: string): Promise<string> {
    const { rows } = await store.query<{ word: string }>(
      `select data->>'word' as word from eventstore.events where stream_id = $1 and type = 'HangmanStarted'`,
      [`match-${matchId}`],
    );
    if (!rows[0]) throw new Error(`match ${matchId} has no start in the store`);
    return rows[0].word;
  }

  /** Starts a game from the setup form; returns the match and its word. */
  async function startGame(p: Page, language: Language): Promise<{ matchId: string; word: string }> {
    await p.locator(`label:has([data-testid="language-${language}"])`).click();
    const [response] = await Promise.all([
      p.waitForResponse((r) => r.url().endsWith('/api/v1/games/hangman/play') && r.request().method() === 'POST'),
      p.getByTestId('start-game').click(),
    ]);
    const body = (await response.json()) as { data: { matchId: string } };
    await p.getByTestId('hangman-board').waitFor();
    const word = await wordOf(body.data.matchId);
    words.push(word);
    return { matchId: body.data.matchId, word };
  }

  const keysOf = (language: Language, word: string) => [
    ...new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null)),
  ];
  const wrongKeys = (language: Language, word: string) => hangman.keysOf(language).filter((k) => !keysOf(language, word).includes(k));

  /** A key's accessible name on a page in its language: an Amharic key also names the sound-alike letters it guesses. */
  const amharicText = translations('am', 'hangman');
  const nameOfKey = (language: Language, key: string) => {
    if (language === 'en') return key.toUpperCase();
    const alikes = hangman.soundAlikesOf(key);
    if (alikes.length === 0) return key;
    return amharicText('game.keyWithSoundAlikes', { key, alikes: new Intl.ListFormat('am', { type: 'conjunction' }).format(alikes) });
  };

  /** Presses a key (by its accessible name, or on the physical keyboard) and waits for the server's answer. */
  async function press(p: Page, language: Language, key: string, last: boolean, physical = false) {
    const label = nameOfKey(language, key);
    if (physical) await p.keyboard.press(key);
    else await p.getByTestId('keyboard').getByRole('button', { name: label, exact: true }).click();
    if (last) await p.getByTestId('result').waitFor();
    else await p.locator(`[data-testid="key-${key}"]:not([data-state="unused"])`).waitFor();
  }

  async function expectNoHorizontalScroll(p: Page) {
    // Runs in the page (this project compiles without the DOM library, hence the cast).
    const overflow = await p.evaluate(() => {
      const page = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
      return page.document.documentElement.scrollWidth - page.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  }

  /** Starts a game through the API and loses it at once, so no game is left running for the page to resume. */
  async function playAndLoseByApi(p: Page, language: Language) {
    const started = await api<{ data: { matchId: string } }>(p, 'POST', '/games/hangman/play', { language });
    expect(started.status).toBe(200);
    const { matchId } = started.json.data;
    for (const letter of wrongKeys(language, await wordOf(matchId)).slice(0, 7)) {
      expect((await api(p, 'POST', `/matches/${matchId}/moves`, { type: 'guess', letter })).status).toBe(200);
    }
  }

  const wallet = async (p: Page) => (await api<{ data: { balance: number } }>(p, 'GET', '/wallet')).json.data.balance;

  it('plays English to a win and to a loss on a phone screen, with the keyboard and a screen reader’s view', async () => {
    ({ page, context } = await newPlayer('en'));
    expect(await page.title()).toBe('Hangman Game');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Play the classic Hangman word guessing game');
    await expectNoHorizontalScroll(page);

    const { word } = await startGame(page, 'en');
    expect(await page.getByTestId('keyboard').getByRole('button').count()).toBe(26);
    await expectNoHorizontalScroll(page);
    // a screen reader hears how long the word is and nothing of it (checked whole: the word may be "word")
    expect(await page.getByTestId('word-slots').getAttribute('aria-label')).toBe(
      `The word, ${word.length} characters: ${Array.from(word, () => 'blank').join(', ')}`,
    );
    const keys = keysOf('en', word);
    for (const [i, key] of keys.entries()) await press(page, 'en', key, i === keys.length - 1, i % 2 === 1);
    expect(await page.getByTestId('result-title').textContent()).toBe('You won!');
    expect(await page.getByTestId('result-word').textContent()).toBe(word);
    const tokens = Number((await page.getByTestId('result-tokens').textContent())?.replace(/\D/g, ''));
    const xp = Number((await page.getByTestId('result-xp').textContent())?.replace(/\D/g, ''));
    expect(xp).toBeGreaterThanOrEqual(5);
    expect(await page.getByTestId('announcer').textContent()).toContain(`The word was ${word}`);
    expect(await wallet(page)).toBe(100 - 9 + tokens);

    await page.getByTestId('play-again').click();
    await page.getByTestId('hangman-board').waitFor();
    const { rows } = await store.query<{ match: string }>(
      `select stream_id as match from eventstore.events where type = 'HangmanStarted' order by global_position desc limit 1`,
    );
    const second = await wordOf(rows[0]!.match.slice('match-'.length));
    words.push(second);
    const wrong = wrongKeys('en', second).slice(0, 7);
    for (const [i, key] of wrong.entries()) await press(page, 'en', key, i === wrong.length - 1);
    expect(await page.getByTestId('result-title').textContent()).toBe('You lost');
    expect(await page.getByTestId('result-word').textContent()).toBe(second);
    expect(await page.getByTestId('hangman-drawing').count()).toBe(0);
    expect(await wallet(page)).toBe(100 - 18 + tokens);

    // The statistics page shows both games.
    await page.goto(`${server.baseUrl}/stats`);
    const stat = (label: string) => page.locator('.stat', { hasText: label }).locator('dd').textContent();
    await page.getByTestId('stats-grid').waitFor();
    expect(await stat('Games played')).toBe('2');
    expect(await stat('Wins')).toBe('1');
    expect(await stat('XP')).toBe(String(xp));
    await context.close();
  });

  it('plays Amharic under /am to a win and to a loss with the family keys', async () => {
    ({ page, context } = await newPlayer('am'));
    expect(await page.title()).toBe('የሃንግማን ጨዋታ');
    const { word } = await startGame(page, 'am');
    expect(await page.getByTestId('keyboard').getByRole('button').count()).toBe(hangman.keysOf('am').length);
    // The first key is ሀ, with the letters heard the same (ሐ ኀ) small beside it.
    expect(await page.getByTestId('keyboard').getByRole('button').first().textContent()).toBe('ሀሐኀ');
    const keys = keysOf('am', word);
    for (const [i, key] of keys.entries()) await press(page, 'am', key, i === keys.length - 1);
    expect(await page.getByTestId('result-title').textContent()).toBe('አሸንፈዋል!');
    expect(await page.getByTestId('result-word').textContent()).toBe(word);
    await expectNoHorizontalScroll(page);

    await page.getByTestId('change-setup').click();
    const { word: second } = await startGame(page, 'am');
    const wrong = wrongKeys('am', second).slice(0, 7);
    for (const [i, key] of wrong.entries()) await press(page, 'am', key, i === wrong.length - 1);
    expect(await page.getByTestId('result-title').textContent()).toBe('ተሸንፈዋል');
    expect(await page.getByTestId('result-word').textContent()).toBe(second);
    await context.close();
  });

  it("shows 'Insufficient Tokens' and 'Daily Limit Reached' with the Buy Tokens action", async () => {
    ({ page, context } = await newPlayer('en'));
    // Spend the welcome tokens through the API (11 × 9 = 99), then try to start from the page.
    for (let i = 0; i < 11; i += 1) await playAndLoseByApi(page, 'en');
    await page.reload();
    await page.getByTestId('start-game').click();
    await page.getByText('Insufficient Tokens').waitFor();
    await page.getByRole('button', { name: 'Buy Tokens' }).first().click();
    await page.waitForURL('**/wallet');

    // Buy tokens (sandbox), play up to the day's limit of 20, then try once more.
    const purchase = await api<{ data: { purchaseId: string } }>(page, 'POST', '/wallet/purchases', { package: 'tokens_250' });
    expect((await api(page, 'POST', `/payments/sandbox/${purchase.json.data.purchaseId}/confirm`)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) await playAndLoseByApi(page, 'am');
    await page.goto(`${server.baseUrl}/hangman`);
    await page.getByTestId('start-game').click();
    await page.getByText('Daily Limit Reached').waitFor();
    expect(await page.getByText("You've reached your daily play limit for this game.", { exact: false }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('never wrote a word to the log, and leaves a ledger the audit finds clean', async () => {
    const output = server.output();
    expect(output).toContain('[sms]');
    expect(output).not.toContain('"word"');
    for (const word of words) expect(logMentionsWord(output, word), word).toBe(false);
    const audit = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'services/ledger/src/audit/cli.ts', '--summary'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: scratch.url },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(audit.code, audit.out).toBe(0);
  });
});
