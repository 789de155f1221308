/**
 * Every game screen fits a phone: in Chromium against the real server, each game in play (single-player Hangman in
 * English and Amharic, every arcade game, the word duel and Crazy in their rooms) and the room's ready and start
 * controls are checked at 360×640 and 390×844, portrait, in English and Amharic. What a move needs (the word's
 * slots, the lives, the clock and every key; the pile, the others' counts, every card of the hand and the actions; each
 * arcade board's keys, tiles and buttons) must lie inside the viewport without scrolling and be the element a tap at
 * its centre reaches (document.elementFromPoint gives it or one of its descendants), and every key, card and tile is
 * at least 44×44 CSS px. The app's header and bottom bar give way to the compact game strip while a game is on.
 *
 * A phone on its side: Hangman (both languages), the word duel and Crazy meet the same bar at 844×390, everything a
 * move needs in one view. At 640×360 (a small phone on its side, a 360 px-tall view) the page may scroll up and down:
 * a view that short cannot promise the strip, a long word and five rows of 44 px keys (the Amharic keyboard), or the
 * seats, the pile, the actions and a long hand wrapping into rows of 80 px cards, all at once without shrinking the
 * targets below 44 px. There each element must be reachable instead: the page no wider than the screen, and the
 * element, once scrolled to the middle of the view, inside it and what a tap at its centre reaches (not under the
 * sticky strip or the bottom bar). The arcade boards and the room's lobby (a form before the game, not a move) are
 * held to that reachable bar at both landscape sizes.
 *
 * The bottom bar's five labels stay on one line, whole (no ellipsis), at 320×640 in both languages.
 *
 * Each screen at each size is saved, before it is judged, to tests/e2e/artifacts/layout/<screen>-<lang>-<w>x<h>.png
 * (the viewport only), so a failure comes with its picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';
import { pageApi as api } from './support/page.ts';
import { newPlayer, SETTLE, SETTLE_MS, startGame, type Language, type Player } from './support/arcade.ts';
import {
  bottomBarProblems,
  problemsOf,
  resetLayoutArtifacts,
  saveScreenshot,
  type Problem,
  type Reach,
  type Wanted,
} from './support/layout.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

interface Size {
  readonly width: number;
  readonly height: number;
  readonly reach: Reach;
}

const PORTRAIT: readonly Size[] = [
  { width: 360, height: 640, reach: 'fit' },
  { width: 390, height: 844, reach: 'fit' },
];
/** The portrait sizes and a phone on its side: one view at 844×390, reachable by scrolling at 640×360. */
const WITH_LANDSCAPE: readonly Size[] = [
  ...PORTRAIT,
  { width: 844, height: 390, reach: 'fit' },
  { width: 640, height: 360, reach: 'reach' },
];
/** The portrait sizes and a phone on its side, reachable by scrolling at both landscape sizes. */
const ON_ITS_SIDE_REACHABLE: readonly Size[] = [
  ...PORTRAIT,
  { width: 844, height: 390, reach: 'reach' },
  { width: 640, height: 360, reach: 'reach' },
];
const NARROWEST = { width: 320, height: 640 } as const;

/** A screen to check: its name in the screenshots' file names, and the language it is shown in. */
interface Screen {
  readonly screen: string;
  readonly language: Language;
}

/**
 * At each size: the page is no wider than the screen, the game strip replaced the header and bottom bar, and
 * `wanted` shows (a screenshot first, then every size's problems at once).
 */
async function expectLayout(
  page: Page,
  shown: Screen,
  wanted: readonly Wanted[],
  options: { fullScreen?: boolean; sizes?: readonly Size[] } = {},
) {
  const { fullScreen = true, sizes = PORTRAIT } = options;
  const found: Record<string, Problem[]> = {};
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    // Layout and transitions (a card rising, a seat's border) settle within a few frames; a toast (the news of a
    // move) passes by itself.
    await page.waitForTimeout(300);
    const toastsGone = await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: SETTLE_MS })
      .then(
        () => true,
        () => false,
      );
    await saveScreenshot(page, shown);
    const problems = await problemsOf(page, wanted, size.reach);
    if (!toastsGone) problems.push({ name: 'toast', index: -1, problem: `still shown after ${SETTLE_MS} ms` });
    if (fullScreen) {
      if ((await page.getByTestId('game-strip').count()) !== 1) problems.push({ name: 'game strip', index: -1, problem: 'missing' });
      if ((await page.locator('.bottom-bar').count()) !== 0) problems.push({ name: 'bottom bar', index: -1, problem: 'shown' });
    }
    if (problems.length > 0) found[`${size.width}×${size.height} (${size.reach})`] = problems;
  }
  expect(found, `${shown.screen} (${shown.language})`).toEqual({});
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
    resetLayoutArtifacts();
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
    await expectLayout(
      page,
      { screen: 'hangman', language },
      [...HANGMAN, { name: 'hint', selector: '[data-testid="hint"]', target: true }],
      {
        sizes: WITH_LANDSCAPE,
      },
    );
  });

  it.each(['en', 'am'] as const)('the bottom bar at 320 px wide in %s: every label whole and on one line', async (language) => {
    const { page, prefix } = players[language]!;
    await page.setViewportSize(NARROWEST);
    await page.goto(`${server.baseUrl}${prefix}/`);
    await page.locator('.bottom-bar .bottom-label').first().waitFor();
    // Measured in the font the labels end in (the Ethiopic web font swaps in once loaded).
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    await saveScreenshot(page, { screen: 'bottom-bar', language });
    expect(await bottomBarProblems(page), `the bottom bar at ${NARROWEST.width}×${NARROWEST.height} (${language})`).toEqual([]);
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
        { name: 'question', selector: '#geo-question-text' },
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
      await expectLayout(
        page,
        { screen: game.slug, language },
        [...game.wanted, { name: 'leave', selector: '[data-testid="leave-game"]', target: true }],
        { sizes: ON_ITS_SIDE_REACHABLE },
      );
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
      { screen: 'word-duel-lobby', language: 'en' },
      [
        { name: 'ready', selector: '[data-testid="room-ready"]', target: true },
        { name: 'start', selector: '[data-testid="room-start"]', target: true },
      ],
      { fullScreen: false, sizes: ON_ITS_SIDE_REACHABLE },
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
    await expectLayout(
      guesser.page,
      { screen: 'word-duel-guessing', language: guesser.language },
      [
        { name: 'word slots', selector: '.word-slots' },
        { name: 'lives', selector: '[data-testid="lives-left"]' },
        { name: 'turn', selector: '[data-testid="whose-turn"]' },
        { name: 'timer', selector: '.mp-status-bar .countdown' },
        { name: 'key', selector: '[data-testid="keyboard"] .key', target: true },
        { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
      ],
      { sizes: WITH_LANDSCAPE },
    );
    // The one who set the word watches the same slots, lives and clock.
    await expectLayout(
      setterPage.page,
      { screen: 'word-duel-watching', language: setterPage.language },
      [
        { name: 'word slots', selector: '.word-slots' },
        { name: 'lives', selector: '[data-testid="lives-left"]' },
        { name: 'turn', selector: '[data-testid="whose-turn"]' },
      ],
      { sizes: WITH_LANDSCAPE },
    );
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
      await expectLayout(
        p.page,
        { screen: 'crazy', language: p.language },
        [
          { name: 'pile', selector: '[data-testid="crazy-pile"] .crazy-top' },
          { name: 'deck', selector: '[data-testid="crazy-deck"]' },
          { name: 'count', selector: '[data-testid="crazy-seat-count"]' },
          { name: 'card', selector: '[data-testid="crazy-hand"] .crazy-card', target: true },
          { name: 'action', selector: '.crazy-actions .button', target: true },
          { name: 'turn', selector: '[data-testid="whose-turn"]' },
          { name: 'leave', selector: '[data-testid="leave-game"]', target: true },
        ],
        { sizes: WITH_LANDSCAPE },
      );
    }
  });
});
