/**
 * The arcade's games of chance and code, as new players play them in Chromium on a 360×640 phone against the real
 * server (embedded mode on a scratch PostgreSQL database): the home page's 8 categories each list a game that opens
 * ready to play; a Codebreaker game won in English (one wrong guess and its pegs, then the code, typed on the keypad);
 * in Amharic under /am, a Mines game cashed out and, after Play again, one lost on a mine; a Sum Chaser game with a
 * right call, cashed out. Every finished game is checked on /fairness (from its result card, and the first Mines game
 * from the page's list of finished games): the seal shown during the game is the one the page checks, and the page
 * calls the game fair. The token pill follows every game; the ledger audit is clean after.
 *
 * The test knows each game's secret (the code, the mines, the digits) by reading the event store, as the Hangman
 * suite reads its word, never through the API. Synchronisation is on visible state, never on sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import pg from 'pg';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, startQal, type QalServer } from './support/qal-server.ts';
import { numberIn } from './support/page.ts';
import {
  auditLedger,
  expectFair,
  expectFits,
  expectTokens,
  newPlayer,
  SETTLE,
  shownSeal,
  startGame,
  storedEvent,
  translations,
  verifyOnFairnessPage,
  WELCOME_TOKENS,
  type Player,
} from './support/arcade.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

/** The prices (services/game-engine: each game's rules.ts). */
const COST = { codebreaker: 5, mines: 1, sumChaser: 5 } as const;

/** The home page's categories, in its order, with the chip's label and a game each lists (the catalogue's). */
const CATEGORIES = [
  { id: 'word', label: 'Word', game: 'hangman' },
  { id: 'memory', label: 'Memory', game: 'rapid-recall' },
  { id: 'trivia', label: 'Trivia', game: 'geo-sprint' },
  { id: 'math', label: 'Math', game: 'math-sprint' },
  { id: 'code_breaker', label: 'Code breaker', game: 'codebreaker' },
  { id: 'mines', label: 'Mines', game: 'mines' },
  { id: 'prediction', label: 'Prediction', game: 'sum-chaser' },
  { id: 'card', label: 'Cards', game: 'crazy' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Mastermind pegs of a guess (services/game-engine/src/games/codebreaker/rules.ts, decision 3). */
function pegsOf(code: string, guess: string) {
  let exact = 0;
  let shared = 0;
  for (let i = 0; i < code.length; i++) if (code[i] === guess[i]) exact += 1;
  for (const digit of new Set(code))
    shared += Math.min([...code].filter((d) => d === digit).length, [...guess].filter((d) => d === digit).length);
  return { exact, misplaced: shared - exact };
}

describe.skipIf(!pgUrl)('arcade games of chance and code in the browser', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let store: pg.Client;
  /** Abebe plays in English: the home page, Codebreaker and Sum Chaser. */
  let abebe: Player;
  /** Tokens Abebe's pill should show. */
  let abebeTokens = WELCOME_TOKENS;

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

  it('lists a playable game under each of the home page’s 8 categories', async () => {
    abebe = await newPlayer(browser, server, { language: 'en', path: '/' });
    const { page } = abebe;
    const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    await page.getByTestId('game-list').waitFor();
    expect(await chips.allInnerTexts()).toEqual(['All', ...CATEGORIES.map((c) => c.label)]);
    await expectFits(page);

    for (const category of CATEGORIES) {
      const chip = page.getByTestId(`category-${category.id}`);
      await chip.click();
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      const cards = page.getByTestId('game-list').locator('[data-testid^="game-"]');
      await expect.poll(async () => (await cards.allInnerTexts()).every((text) => text.startsWith(category.label)), SETTLE).toBe(true);
      expect(await cards.count()).toBeGreaterThanOrEqual(1);
      // Its game's card opens the game ready to play: the start button (or, for a room game, the lobby's form).
      const card = page.getByTestId(`game-${category.game}`);
      await card.getByRole('link', { name: /^Play: / }).click();
      if (category.game === 'crazy') {
        await page.waitForURL('**/multiplayer');
        await page.getByTestId('create-game-crazy').waitFor({ state: 'attached' });
      } else {
        await page.waitForURL(`**/${category.game}`);
        await page.getByTestId('start-game').waitFor();
        await expectFits(page);
      }
      await page.goBack();
      await page.getByTestId('game-list').waitFor();
    }
  });

  it('wins a Codebreaker game in English on the keypad and finds it fair on /fairness', async () => {
    const { page } = abebe;
    await page.goto(`${server.baseUrl}/codebreaker`);
    expect(await page.getByTestId('level-medium').isChecked()).toBe(true);
    await expectFits(page);
    const matchId = await startGame(page, 'codebreaker');
    abebeTokens -= COST.codebreaker;
    await page.getByTestId('codebreaker-board').waitFor();
    const { code } = await storedEvent<{ code: string }>(store, matchId, 'CodebreakerStarted');
    expect(code).toMatch(/^\d{4}$/);
    expect(await page.content()).not.toContain(`>${code}<`);
    expect(await page.getByTestId('attempts').innerText()).toBe('Attempt 0 of 10');
    const seal = await shownSeal(page);
    await expectTokens(page, abebeTokens);
    await expectFits(page);

    /** Types `digits` on the keypad and taps Guess; waits until the guess is on the board. */
    const guess = async (digits: string, number: number) => {
      for (const digit of digits) await page.getByTestId(`digit-${digit}`).click();
      expect(await page.getByTestId('entry').getAttribute('aria-label')).toBe(`Your guess: ${[...digits].join(', ')}`);
      await page.getByTestId('submit-guess').click();
      await page.getByTestId(`guess-${number}`).waitFor();
    };

    // A wrong guess first (the code backwards: every digit in it, none in its place), with its pegs.
    const wrong = [...code].reverse().join('');
    await guess(wrong, 1);
    const pegs = pegsOf(code, wrong);
    expect(await page.getByTestId('guess-1').getAttribute('aria-label')).toBe(
      `Guess 1: ${[...wrong].join(' ')}. ${pegs.exact} in the right place, ${pegs.misplaced} in the wrong place.`,
    );
    expect(await page.getByTestId('attempts').innerText()).toBe('Attempt 1 of 10');
    await expectFits(page);

    await guess(code, 2);
    await page.getByTestId('arcade-result').waitFor();
    expect(await page.getByTestId('result-title').innerText()).toBe('Cracked in 2 attempts!');
    expect(await page.getByTestId('code').getAttribute('aria-label')).toBe(`The code was ${[...code].join(' ')}`);
    expect(await page.getByTestId('guess-2').getAttribute('aria-label')).toBe(
      `Guess 2: ${[...code].join(' ')}. 4 in the right place, 0 in the wrong place.`,
    );
    const score = numberIn(await page.getByTestId('result-score').innerText());
    const tokens = numberIn(await page.getByTestId('result-tokens').innerText());
    expect(score).toBeGreaterThan(0);
    expect(tokens).toBeGreaterThan(0);
    abebeTokens += tokens;
    await expectTokens(page, abebeTokens);
    await expectFits(page);

    const checkedSeal = await verifyOnFairnessPage(abebe, matchId);
    expect(checkedSeal.startsWith(seal)).toBe(true);
  });

  it('cashes out one Mines game and loses one on a mine in Amharic, and finds both fair on /fairness', async () => {
    const sara: Player = await newPlayer(browser, server, { language: 'am', path: '/mines' });
    const { page } = sara;
    const t = translations('am', 'mines');
    const arcade = translations('am', 'arcade');
    let saraTokens = WELCOME_TOKENS;
    await page.getByTestId('start-game').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('am');
    await expect.poll(() => page.getByTestId('start-game').innerText(), SETTLE).toBe(arcade('start', { count: COST.mines }));
    expect(await page.getByTestId('mine-count').innerText()).toBe(t('setup.count', { count: 3 }));
    await page.getByTestId('more-mines').click();
    expect(await page.getByTestId('mine-count').innerText()).toBe(t('setup.count', { count: 4 }));
    await expectFits(page);

    const tileLabel = (tile: number, look: 'tileSafe' | 'tileMine' | 'tileHit') =>
      t(`board.${look}`, { row: Math.floor(tile / 5) + 1, column: (tile % 5) + 1 });
    /** Taps a hidden tile and waits for it to open (safe) or for the game to end (a mine). */
    const open = async (tile: number, safe: boolean) => {
      await page.getByTestId(`tile-${tile}`).click();
      if (safe)
        await expect.poll(() => page.getByTestId(`tile-${tile}`).getAttribute('aria-label'), SETTLE).toBe(tileLabel(tile, 'tileSafe'));
      else await page.getByTestId('arcade-result').waitFor();
    };
    /** The tiles the board shows as mines (the one hit included). */
    const minesShown = async () => {
      const labels = await Promise.all([...Array(25).keys()].map((tile) => page.getByTestId(`tile-${tile}`).getAttribute('aria-label')));
      return labels.filter((label, tile) => label === tileLabel(tile, 'tileMine') || label === tileLabel(tile, 'tileHit')).length;
    };

    // Game 1: two safe tiles, then cash out.
    const first = await startGame(page, 'mines');
    saraTokens -= COST.mines;
    await page.getByTestId('mines-board').waitFor();
    const mines1 = (await storedEvent<{ mines: number[] }>(store, first, 'MinesStarted')).mines;
    expect(mines1).toHaveLength(4);
    expect(await minesShown()).toBe(0);
    const seal1 = await shownSeal(page);
    expect(await page.getByTestId('cash-out').isDisabled()).toBe(true);
    const safe1 = [...Array(25).keys()].filter((tile) => !mines1.includes(tile));
    await open(safe1[0]!, true);
    await open(safe1[1]!, true);
    const multiplier = (await page.getByTestId('multiplier').innerText()).trim();
    expect(multiplier).toMatch(/^×\d+\.\d\d$/);
    // The next tile's odds: 19 of the 23 hidden tiles are safe.
    expect(await page.getByTestId('next-tile').innerText()).toMatch(
      new RegExp(`^${escapeRegExp(t('board.nextTile', { chance: '83%', multiplier: '@' })).replace('@', '\\d+\\.\\d\\d')}$`),
    );
    const cashOut = page.getByTestId('cash-out');
    await expect.poll(() => cashOut.isEnabled(), SETTLE).toBe(true);
    const pays = numberIn(await cashOut.innerText());
    await expectFits(page);
    await cashOut.click();
    await page.getByTestId('arcade-result').waitFor();
    expect(await page.getByTestId('result-title').innerText()).toBe(t('end.cashed_out', { multiplier: multiplier.slice(1) }));
    expect(numberIn(await page.getByTestId('result-tokens').innerText())).toBe(pays);
    // Over: every mine shows.
    expect(await minesShown()).toBe(4);
    saraTokens += pays;
    await expectTokens(page, saraTokens);
    await expectFits(page);

    // Game 2, from the result's Play again: a safe tile, then a mine.
    await page.getByTestId('play-again').click();
    await page.getByTestId('start-game').waitFor();
    const second = await startGame(page, 'mines');
    saraTokens -= COST.mines;
    await page.getByTestId('mines-board').waitFor();
    const mines2 = (await storedEvent<{ mines: number[] }>(store, second, 'MinesStarted')).mines;
    const seal2 = await shownSeal(page);
    const safe2 = [...Array(25).keys()].filter((tile) => !mines2.includes(tile));
    await open(safe2[0]!, true);
    await open(mines2[0]!, false);
    expect(await page.getByTestId('result-title').innerText()).toBe(t('end.mine_hit'));
    expect(await page.getByTestId(`tile-${mines2[0]}`).getAttribute('aria-label')).toBe(tileLabel(mines2[0]!, 'tileHit'));
    expect(await minesShown()).toBe(mines2.length);
    expect(numberIn(await page.getByTestId('result-tokens').innerText())).toBe(0);
    await expectTokens(page, saraTokens);
    await expectFits(page);
    expect((await verifyOnFairnessPage(sara, second)).startsWith(seal2)).toBe(true);

    // Game 1 from the page's list of finished games (newest first: the loss, then the cash-out).
    const fairness = translations('am', 'fairness');
    const picks = page.getByTestId('verify-pick');
    await expect.poll(() => picks.count(), SETTLE).toBe(2);
    expect(await picks.nth(0).innerText()).toContain(fairness('games.lost'));
    expect(await picks.nth(1).innerText()).toContain(fairness('games.won'));
    await picks.nth(1).click();
    expect((await expectFair(sara, first)).startsWith(seal1)).toBe(true);
    await sara.context.close();
  });

  it('makes a right call in Sum Chaser, cashes out, and finds the game fair on /fairness', async () => {
    const { page } = abebe;
    await page.goto(`${server.baseUrl}/sum-chaser`);
    const matchId = await startGame(page, 'sum-chaser');
    abebeTokens -= COST.sumChaser;
    await page.getByTestId('sum-chaser-board').waitFor();
    const { digits } = await storedEvent<{ digits: number[] }>(store, matchId, 'SumChaserStarted');
    const seal = await shownSeal(page);
    expect(await page.getByTestId('slot-0').getAttribute('aria-label')).toBe('Digit 1: not revealed yet');
    expect(await page.getByTestId('sum').innerText()).toBe('0');
    expect(await page.getByTestId('cash-out').isDisabled()).toBe(true);
    await expectTokens(page, abebeTokens);
    await expectFits(page);

    // The right call on the line the board shows: over when the first digit takes the sum past it.
    const line = Number(await page.getByTestId('line').innerText());
    expect(await page.getByTestId('question').innerText()).toBe(`Will the sum be over or under ${line}?`);
    const call = digits[0]! > line ? 'over' : 'under';
    await page.getByTestId(`call-${call}`).click();
    await expect.poll(() => page.getByTestId('slot-0').getAttribute('aria-label'), SETTLE).toBe(`Digit 1: ${digits[0]}`);
    expect(await page.getByTestId('slot-0').innerText()).toContain(`${call === 'over' ? '↑' : '↓'} ${line} · right`);
    expect(await page.getByTestId('sum').innerText()).toBe(String(digits[0]));
    const multiplier = (await page.getByTestId('multiplier').innerText()).trim();
    expect(multiplier).toMatch(/^×\d+\.\d\d$/);
    const cashOut = page.getByTestId('cash-out');
    await expect.poll(() => cashOut.isEnabled(), SETTLE).toBe(true);
    const pays = numberIn(await cashOut.innerText());
    await cashOut.click();
    await page.getByTestId('arcade-result').waitFor();
    expect(await page.getByTestId('result-title').innerText()).toBe(`Cashed out at ${multiplier}`);
    expect(numberIn(await page.getByTestId('result-tokens').innerText())).toBe(pays);
    // Over: every digit shows.
    for (const [k, digit] of digits.entries())
      expect(await page.getByTestId(`slot-${k}`).getAttribute('aria-label')).toBe(`Digit ${k + 1}: ${digit}`);
    abebeTokens += pays;
    await expectTokens(page, abebeTokens);
    await expectFits(page);
    expect((await verifyOnFairnessPage(abebe, matchId)).startsWith(seal)).toBe(true);
  });

  it('leaves a ledger the audit finds clean', async () => {
    const audit = await auditLedger(scratch.url);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out).toContain('CLEAN: every check passed.');
    expect(audit.out).toMatch(/holds placed \d+: posted \d+, voided \d+, expired 0, pending 0/);
  });
});
