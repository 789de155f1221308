/**
 * Every game screen fits a phone: in Chromium against the real server, each game in play (single-player Hangman in
 * English and Amharic, every arcade game, the word duel and Crazy in their rooms) and the room's ready and start
 * controls are checked at 360×640 and 390×844, portrait, in English and Amharic. What a move needs (the word's
 * slots, the lives, the clock and every key; the pile, the others' counts, every card of the hand and the actions; each
 * arcade board's keys, tiles and buttons) must lie inside the viewport without scrolling and be the element a tap at
 * its centre reaches (document.elementFromPoint gives it or one of its descendants), and every key, card and tile is
 * at least 44×44 CSS px. The app's header and bottom bar give way to the compact game strip while a game is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';
import { pageApi as api } from './support/page.ts';
import { expectFits, newPlayer, SETTLE, startGame, type Language, type Player } from './support/arcade.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;

/** What must be visible: a name for the report, a CSS selector (every match counts), and whether it is a tap target. */
interface Wanted {
  readonly name: string;
  readonly selector: string;
  readonly target?: boolean;
}

interface Problem {
  readonly name: string;
  readonly index: number;
  readonly problem: string;
}

/** Checks `wanted` on the page as it is now (in the browser, in one go); returns what is wrong. */
async function problemsOf(page: Page, wanted: readonly Wanted[]): Promise<Problem[]> {
  return page.evaluate((wanted) => {
    // Runs in the page (this project compiles without the DOM library, hence the casts).
    interface Rect {
      left: number;
      top: number;
      right: number;
      bottom: number;
      width: number;
      height: number;
    }
    interface El {
      getBoundingClientRect(): Rect;
      contains(other: unknown): boolean;
    }
    const w = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      document: { querySelectorAll(s: string): ArrayLike<El>; elementFromPoint(x: number, y: number): unknown };
    };
    const problems: { name: string; index: number; problem: string }[] = [];
    for (const { name, selector, target } of wanted) {
      const found = Array.from(w.document.querySelectorAll(selector));
      if (found.length === 0) problems.push({ name, index: -1, problem: 'missing' });
      found.forEach((el, index) => {
        const r = el.getBoundingClientRect();
        const box = `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        if (r.width === 0 || r.height === 0) problems.push({ name, index, problem: `empty box ${box}` });
        else if (r.left < -0.5 || r.top < -0.5 || r.right > w.innerWidth + 0.5 || r.bottom > w.innerHeight + 0.5)
          problems.push({ name, index, problem: `outside the ${w.innerWidth}×${w.innerHeight} viewport: ${box}` });
        else {
          const hit = w.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !el.contains(hit)) {
            const by = hit as { tagName?: string; className?: unknown } | null;
            problems.push({
              name,
              index,
              problem: `covered at its centre (${box}) by ${by?.tagName ?? 'nothing'}.${String(by?.className ?? '')}`,
            });
          }
        }
        if (target && (r.width < 43.5 || r.height < 43.5)) problems.push({ name, index, problem: `smaller than 44×44: ${box}` });
      });
    }
    return problems;
  }, wanted);
}

/** At each phone size: the page does not scroll, the game strip replaced the header and bottom bar, and `wanted` shows. */
async function expectLayout(page: Page, screen: string, wanted: readonly Wanted[], options: { fullScreen?: boolean } = {}) {
  const { fullScreen = true } = options;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    // Layout and transitions (a card rising, a seat's border) settle within a few frames; a toast (the news of a
    // move) passes by itself.
    await page.waitForTimeout(300);
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), SETTLE).toBe(0);
    if (fullScreen) {
      expect(await page.getByTestId('game-strip').count(), `${screen}: the game strip`).toBe(1);
      expect(await page.locator('.bottom-bar').count(), `${screen}: no bottom bar`).toBe(0);
    }
    await expectFits(page);
    const problems = await problemsOf(page, wanted);
    expect(problems, `${screen} at ${size.width}×${size.height}`).toEqual([]);
  }
}

const HANGMAN: readonly Wanted[] = [
  { name: 'word slots', selector: '.word-slots' },
  { name: 'lives', selector: '[data-testid="lives-left"]' },
  { name: 'timer', selector: '[data-testid="countdown"]' },
  { name: 'key', selector: '[data-testid="keyboard"] .key', target: true },
  { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
];

describe.skipIf(!pgUrl)('Game screens fit a phone', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  const players: Partial<Record<Language, Player>> = {};

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    server = await startQal({ env: { DATABASE_URL: scratch.url } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    const [en, am] = await Promise.all([
      newPlayer(browser, server, { language: 'en', path: '/hangman', name: 'Abebe' }),
      newPlayer(browser, server, { language: 'am', path: '/hangman', name: 'Sara' }),
    ]);
    players.en = en;
    players.am = am;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
  });

  it.each(['en', 'am'] as const)('single-player Hangman in %s: slots, lives, timer and the whole keyboard', async (language) => {
    const { page, prefix } = players[language]!;
    await page.goto(`${server.baseUrl}${prefix}/hangman`);
    await page.locator(`label:has([data-testid="language-${language}"])`).click();
    await startGame(page, 'hangman');
    await page.getByTestId('hangman-board').waitFor();
    await expect.poll(() => page.locator('[data-testid="keyboard"] .key').count(), SETTLE).toBeGreaterThan(20);
    await expectLayout(page, `Hangman (${language})`, [...HANGMAN, { name: 'hint', selector: '[data-testid="hint"]', target: true }]);
  });

  const ARCADE: readonly { slug: string; board: string; ready?: (page: Page) => Promise<void>; wanted: readonly Wanted[] }[] = [
    {
      slug: 'mines',
      board: 'mines-board',
      wanted: [
        { name: 'tile', selector: '[data-testid="mines-grid"] [data-testid^="tile-"]', target: true },
        { name: 'cash out', selector: '[data-testid="cash-out"]', target: true },
      ],
    },
    {
      slug: 'codebreaker',
      board: 'codebreaker-board',
      wanted: [
        { name: 'digit', selector: '[data-testid^="digit-"]', target: true },
        { name: 'backspace', selector: '[data-testid="backspace"]', target: true },
        { name: 'guess', selector: '[data-testid="submit-guess"]', target: true },
        { name: 'entry', selector: '[data-testid="entry"]' },
      ],
    },
    {
      slug: 'sum-chaser',
      board: 'sum-chaser-board',
      wanted: [
        { name: 'call', selector: '[data-testid^="call-"]', target: true },
        { name: 'cash out', selector: '[data-testid="cash-out"]', target: true },
        { name: 'sum', selector: '[data-testid="sum"]' },
      ],
    },
    {
      slug: 'geo-sprint',
      board: 'geo-board',
      ready: (page) => page.locator('[data-testid^="option-"]:enabled').first().waitFor(),
      wanted: [
        { name: 'question', selector: '[data-testid="geo-question"]' },
        { name: 'answer', selector: '[data-testid^="option-"]', target: true },
        { name: 'fifty-fifty', selector: '[data-testid="fifty-fifty"]', target: true },
        { name: 'hint', selector: '[data-testid="geo-hint"]', target: true },
      ],
    },
    {
      slug: 'math-sprint',
      board: 'math-sprint-board',
      wanted: [
        { name: 'problem', selector: '[data-testid="problem"]' },
        { name: 'answer', selector: '[data-testid="answer"]' },
        { name: 'key', selector: '[data-testid="keypad"] button', target: true },
        { name: 'submit', selector: '[data-testid="submit-answer"]', target: true },
      ],
    },
    {
      slug: 'rapid-recall',
      board: 'rapid-recall-board',
      ready: (page) => page.locator('[data-testid="rapid-recall-board"][data-phase="input"]').waitFor(),
      wanted: [
        { name: 'pad', selector: '[data-testid^="pad-"]', target: true },
        { name: 'undo', selector: '[data-testid="undo"]', target: true },
        { name: 'clear', selector: '[data-testid="clear"]', target: true },
        { name: 'lives', selector: '[data-testid="lives"]' },
      ],
    },
  ];

  for (const game of ARCADE) {
    it.each(['en', 'am'] as const)(`${game.slug} in play (%s): the whole board without scrolling`, async (language) => {
      const { page, prefix } = players[language]!;
      await page.goto(`${server.baseUrl}${prefix}/${game.slug}`);
      // The start panel is live once it knows today's plays (the game's machine has loaded).
      await page.getByTestId('plays-today').waitFor();
      await page.locator('[data-testid="start-game"]:enabled').waitFor();
      await startGame(page, game.slug);
      await page.getByTestId(game.board).waitFor();
      await game.ready?.(page);
      await expectLayout(page, `${game.slug} (${language})`, [
        ...game.wanted,
        { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
      ]);
    });
  }

  /** A room of `game` made by the English player, joined by the Amharic one, both ready; returns its code. */
  async function room(game: 'hangman' | 'crazy', extra: Record<string, unknown> = {}): Promise<string> {
    const host = players.en!.page;
    const guest = players.am!.page;
    const created = await api<{ data: { room: { code: string } } }>(host, 'POST', '/rooms', {
      roomName: `Fit ${game}`,
      game,
      maxPlayers: 2,
      gameDuration: 'normal',
      entryFee: 15,
      penalty: 0,
      ...extra,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { code } = created.json.data.room;
    expect((await api(guest, 'POST', `/rooms/${code}/join`, {})).status).toBe(200);
    expect((await api(guest, 'POST', `/rooms/${code}/ready`, {})).status).toBe(200);
    return code;
  }

  it('word duel: the room’s ready and start controls, then slots, lives, timer and the whole keyboard', async () => {
    const code = await room('hangman', { language: 'en' });
    const host = players.en!;
    const guest = players.am!;
    await host.page.goto(`${server.baseUrl}/multiplayer/room/${code}`);
    await host.page.getByTestId('room-ready').waitFor();
    await expectLayout(
      host.page,
      'room lobby (en)',
      [
        { name: 'ready', selector: '[data-testid="room-ready"]', target: true },
        { name: 'start', selector: '[data-testid="room-start"]', target: true },
      ],
      { fullScreen: false },
    );
    await host.page.getByTestId('room-ready').click();
    await host.page.locator('[data-testid="room-start"]:enabled').click();
    await host.page.waitForURL(`**/multiplayer/game/${code}`);
    await guest.page.goto(`${server.baseUrl}/am/multiplayer/game/${code}`);
    // Whoever sets the first word types it; the other guesses.
    const setterPage = await Promise.race(
      [host, guest].map((p) =>
        p.page
          .locator('#secret-word')
          .waitFor()
          .then(() => p),
      ),
    );
    const guesser = setterPage === host ? guest : host;
    await setterPage.page.locator('#secret-word').fill('planet');
    await setterPage.page.locator('form:has(#secret-word) button[type="submit"]').click();
    await guesser.page.locator('[data-testid="keyboard"] .key').first().waitFor();
    await expectLayout(guesser.page, `word duel, guessing (${guesser.language})`, [
      { name: 'word slots', selector: '.word-slots' },
      { name: 'lives', selector: '[data-testid="lives-left"]' },
      { name: 'turn', selector: '[data-testid="whose-turn"]' },
      { name: 'timer', selector: '.mp-status-bar .countdown' },
      { name: 'key', selector: '[data-testid="keyboard"] .key', target: true },
      { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
    ]);
    // The one who set the word watches the same slots, lives and clock.
    await expectLayout(setterPage.page, `word duel, watching (${setterPage.language})`, [
      { name: 'word slots', selector: '.word-slots' },
      { name: 'lives', selector: '[data-testid="lives-left"]' },
      { name: 'turn', selector: '[data-testid="whose-turn"]' },
    ]);
    for (const p of [host, guest]) await api(p.page, 'POST', `/rooms/${code}/leave`, {});
  });

  it('Crazy: the pile, the others’ counts, the whole hand and the actions in one view', async () => {
    const code = await room('crazy');
    const host = players.en!;
    const guest = players.am!;
    expect((await api(host.page, 'POST', `/rooms/${code}/ready`, {})).status).toBe(200);
    expect((await api(host.page, 'POST', `/rooms/${code}/start`, {})).status).toBe(200);
    for (const p of [host, guest]) {
      await p.page.goto(`${server.baseUrl}${p.prefix}/multiplayer/game/${code}`);
      await p.page.getByTestId('crazy-hand').waitFor();
      await expectLayout(p.page, `Crazy (${p.language})`, [
        { name: 'pile', selector: '[data-testid="crazy-pile"] .crazy-top' },
        { name: 'deck', selector: '[data-testid="crazy-deck"]' },
        { name: 'count', selector: '[data-testid="crazy-seat-count"]' },
        { name: 'card', selector: '[data-testid="crazy-hand"] .crazy-card', target: true },
        { name: 'action', selector: '.crazy-actions .button', target: true },
        { name: 'turn', selector: '[data-testid="whose-turn"]' },
        { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
      ]);
    }
  });
});
