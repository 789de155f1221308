/**
 * The arcade's race and sprints, as new players play them from their phones in Chromium against the real server
 * (embedded mode on a scratch PostgreSQL database):
 *
 * - A Codebreaker race with a bet, on two phones (360×740, as the room suites): Abebe in English creates the room in
 *   the lobby, Sara in Amharic joins with the share link, both get ready (the answer to Abebe's Ready held back until
 *   the push of Sara's has reached his phone, as on a slow connection) and agree a bet, and they race on the same
 *   code: Abebe cracks it at once, Sara after one wrong guess. The winner's wallet has the prize; both histories show
 *   the match with its result and tokens, and both replays walk every guess.
 * - One game each of Geo Sprint (in Amharic: every question answered, one wrongly, a 50/50 used, one result's reveal
 *   left to run out by itself and the others skipped; the last answer with the ledger's read model of the wallet held
 *   behind the store, so the page reads the wallet after the reward's push), Math Sprint (in English: twenty problems
 *   answered on the keypad, the first wrongly, then the minute runs out; the wallet read at its end answered as before
 *   the reward, and only after the reward's push has reached the phone, as on a slow connection) and Rapid Recall (in
 *   English: each sequence watched as the server shows it, the first repeated on the pad, then three wrong answers end
 *   the game), each to its result, on a 360×640 phone; then each game's board on /leaderboards and /stats (by game and
 *   by category) show them.
 * - The ledger audit is clean at the end.
 *
 * The race's code, Geo Sprint's answers and Rapid Recall's sequences are read from the event store, as the Hangman
 * suite reads its word; Math Sprint's problems are read off the screen. Time-driven screens (Rapid Recall's showing,
 * Geo Sprint's reveal, the sprints' ends) are waited for on the screen, never with sleeps.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import pg from 'pg';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, printServerOutputOnFailure, startQal, type QalServer } from './support/qal-server.ts';
import { answerLateWith, expectWalletShows, holdAnswer, numberIn, pageHasTaken } from './support/page.ts';
import {
  auditLedger,
  expectFits,
  expectTokens,
  holdLedgerProjection,
  newPlayer,
  SETTLE,
  SETTLE_MS,
  startGame,
  storedEvent,
  TALL_PHONE,
  translations,
  WELCOME_TOKENS,
  type Language,
  type Player,
} from './support/arcade.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

const ROOM_NAME = 'Code race';
/** The race's smallest entry fee (services/game-engine/src/games/codebreaker-race/rules.ts). */
const ENTRY_FEE = 5;
const BET = 10;
const STAKES = BET * 2;
/** The house's rake: 10 % of the entry fees (rounded down), nothing of the stakes (docs/product-rules.md, "Rooms"). */
const RAKE = Math.floor((ENTRY_FEE * 2 * 10) / 100);
const PRIZE = ENTRY_FEE * 2 + STAKES - RAKE;
/** The sprints' prices (services/game-engine/src/config.ts and games/geo-sprint/rules.ts). */
const COST = { geoSprint: 8, mathSprint: 10, rapidRecall: 8 } as const;

/** What each language's room, race, history and replay pages say, from the client's translations. */
function raceText(language: Language) {
  const mp = translations(language, 'multiplayer');
  const cb = translations(language, 'codebreaker');
  const wallet = translations(language, 'wallet');
  const step = mp('replay.step', { index: '@', count: '@' });
  return {
    game: mp('games.codebreaker'),
    ready: mp('room.ready'),
    readyStatus: mp('playerStatus.ready'),
    acceptBet: mp('bet.accept'),
    agreed: mp('bet.agreed'),
    pot: (count: number) => mp('bet.pot', { count }),
    prize: (count: number) => mp('room.prize', { count }),
    solved: (attempts: number) => cb('race.status.solved', { used: attempts }),
    racing: (used: number) => cb('race.status.racing', { used, max: 7 }),
    waiting: cb('race.waiting'),
    won: cb('race.won'),
    lost: (name: string) => cb('race.lost', { name }),
    code: (code: string) => cb('result.codeLabel', { digits: [...code].join(' ') }),
    historyResult: { won: mp('history.result.won'), lost: mp('history.result.lost') },
    payout: wallet('reason.payout'),
    replayOf: (room: string) => mp('history.replayOf', { name: room }),
    /** "Step 2 of 5" → { index: 2, count: 5 }. */
    position: new RegExp(`^${step.replace('@', '(\\d+)').replace('@', '(\\d+)')}$`),
    forward: mp('replay.forward'),
  };
}
const TEXT = { en: raceText('en'), am: raceText('am') } as const;

interface Racer extends Player {
  readonly name: string;
  readonly text: ReturnType<typeof raceText>;
}

/** Rapid Recall's colours as a screen reader (and the stage's label) names them in English; digits and fidel are themselves. */
const COLOUR_NAMES: Readonly<Record<string, string>> = {
  red: 'Red circle',
  blue: 'Blue square',
  green: 'Green triangle',
  yellow: 'Yellow star',
  purple: 'Purple diamond',
  orange: 'Orange heart',
};
const itemName = (id: string) => COLOUR_NAMES[id] ?? id;

/** The page's own read of the wallet (GET /wallet, not its history). */
const isWalletRead = (response: Response) => new URL(response.url()).pathname === '/api/v1/wallet' && response.request().method() === 'GET';

/** The little of a DOM element a check in the page reads. */
interface DomNode {
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomNode | null;
}

describe.skipIf(!pgUrl)('arcade race and sprints in the browser', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let store: pg.Client;
  let abebe: Racer;
  let sara: Racer;
  let code = '';
  let raceCode = '';
  let matchId = '';
  /** Hana plays the sprints; what each game's result card showed. */
  let hana: Player;
  let hanaTokens = WELCOME_TOKENS;
  const results: Record<'geo-sprint' | 'math-sprint' | 'rapid-recall', { score: number; won: boolean }> = {
    'geo-sprint': { score: 0, won: false },
    'math-sprint': { score: 0, won: false },
    'rapid-recall': { score: 0, won: false },
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    server = await startQal({ env: { DATABASE_URL: scratch.url } });
    store = new pg.Client({ connectionString: scratch.url });
    await store.connect();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });

  beforeEach(({ onTestFailed }) => printServerOutputOnFailure(server, onTestFailed));

  afterAll(async () => {
    await browser?.close();
    await store?.end();
    await server?.stop();
    await scratch?.drop();
  });

  const url = (player: Player, path: string) => `${server.baseUrl}${player.prefix}${path}`;
  const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: SETTLE_MS });

  async function newRacer(language: Language, name: string): Promise<Racer> {
    const player = await newPlayer(browser, server, { language, path: '/multiplayer', viewport: TALL_PHONE, name });
    return { ...player, name, text: TEXT[language] };
  }

  /** Types `digits` on the race's keypad and taps Guess; waits for the guess on the board (or, the last one, the result). */
  async function guess(racer: Racer, digits: string, number: number, endsRace = false) {
    const { page } = racer;
    for (const digit of digits) await page.getByTestId(`digit-${digit}`).click();
    await page.getByTestId('submit-guess').click();
    await visible(page.getByTestId(endsRace ? 'final-result' : `guess-${number}`));
  }

  it('races two phones on one code with a bet: the winner is paid, both histories and replays show the race', async () => {
    abebe = await newRacer('en', 'Abebe');
    sara = await newRacer('am', 'Sara');

    // Abebe creates a Codebreaker room in the lobby: the fee moves to the race's smallest.
    const { page } = abebe;
    await page.locator('label.chip', { hasText: TEXT.en.game }).click();
    expect(await page.getByTestId('create-game-codebreaker').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Entry fee (tokens)').inputValue(), SETTLE).toBe(String(ENTRY_FEE));
    await page.getByLabel('Room name').fill(ROOM_NAME);
    await expectFits(page);
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.waitForURL('**/multiplayer/room/*');
    raceCode = (await page.getByTestId('room-code').innerText()).trim();
    await visible(page.getByRole('heading', { name: ROOM_NAME }));

    // Sara opens the share link: she is in at once, on the room's page in Amharic.
    await sara.page.goto(url(sara, `/multiplayer/join/${raceCode}`));
    await sara.page.waitForURL(`**/am/multiplayer/room/${raceCode}`);
    await visible(sara.page.getByRole('heading', { name: ROOM_NAME }));
    await visible(page.getByTestId('room-player').filter({ hasText: 'Sara' }));

    // Both ready, Abebe on a slow connection: the answer to his Ready reaches his phone only after the push of
    // Sara's. The older answer must not take back what the push showed (her seat back to "Not ready" for good).
    const abebeAnswer = await holdAnswer(page, `**/api/v1/rooms/${raceCode}/ready`);
    await page.getByRole('button', { name: TEXT.en.ready }).click();
    await abebeAnswer.answered;
    await sara.page.getByRole('button', { name: sara.text.ready }).click();
    // Exactly "Ready" ("Not ready" holds the word too): both seats are ready before the bet, which is for every seat.
    const readyOnAbebe = (name: string) =>
      page.getByTestId('room-player').filter({ hasText: name }).getByText(TEXT.en.readyStatus, { exact: true });
    await visible(readyOnAbebe('Sara'));
    abebeAnswer.release();
    await visible(page.locator('section.mp-page[aria-busy="false"]'));
    for (const name of ['Abebe', 'Sara']) await visible(readyOnAbebe(name));

    // Abebe proposes the bet, Sara accepts; the pot and the prize show on both phones.
    await page.locator('label.chip', { hasText: `${BET} tokens` }).click();
    await page.getByRole('button', { name: 'Propose bet' }).click();
    await visible(sara.page.getByTestId('bet-state').getByText(sara.text.pot(STAKES)));
    await sara.page.getByRole('button', { name: sara.text.acceptBet }).click();
    for (const racer of [abebe, sara]) {
      await visible(racer.page.getByTestId('bet-state').getByText(racer.text.agreed));
      await visible(racer.page.getByTestId('room-prize').getByText(racer.text.prize(PRIZE)));
      await expectFits(racer.page);
    }
    const start = page.getByRole('button', { name: 'Start game' });
    await expect.poll(() => start.isEnabled(), SETTLE).toBe(true);
    await start.click();
    for (const racer of [abebe, sara]) {
      await racer.page.waitForURL(`**${racer.prefix}/multiplayer/game/${raceCode}`);
      await visible(racer.page.getByTestId('codebreaker-race'));
      await visible(racer.page.getByTestId('codebreaker-board'));
      await expectFits(racer.page);
    }
    const { rows } = await store.query<{ data: { matchId: string; code: string } }>(
      `select data from eventstore.events where type = 'CodeRaceStarted' and data->>'roomCode' = $1`,
      [raceCode],
    );
    ({ matchId, code } = rows[0]!.data);
    expect(code).toMatch(/^\d{4}$/);
    for (const racer of [abebe, sara]) expect(await racer.page.content()).not.toContain(`>${code}<`);

    // Abebe cracks it at once; Sara sees his pegs and status, never his digits.
    await guess(abebe, code, 1);
    await visible(page.getByText(TEXT.en.waiting));
    const abebeOnSara = sara.page.getByTestId('racer').filter({ hasText: 'Abebe' });
    await visible(abebeOnSara.getByText(sara.text.solved(1)));
    expect(await abebeOnSara.locator('[data-exact]').getAttribute('data-exact')).toBe('4');
    expect(await abebeOnSara.innerText()).not.toContain(code);

    // Sara: one wrong guess (the code backwards), then the code.
    const wrong = [...code].reverse().join('');
    await guess(sara, wrong, 1);
    await visible(page.getByTestId('racer').filter({ hasText: 'Sara' }).getByText(TEXT.en.racing(1)));
    await guess(sara, code, 2, true);

    for (const racer of [abebe, sara]) {
      await visible(racer.page.getByTestId('final-result'));
      expect(await racer.page.getByTestId('code').getAttribute('aria-label')).toBe(racer.text.code(code));
      await expectFits(racer.page);
    }
    expect(await page.getByTestId('result-title').innerText()).toBe(TEXT.en.won);
    expect(await sara.page.getByTestId('result-title').innerText()).toBe(sara.text.lost('Abebe'));
    await expect.poll(async () => numberIn(await page.getByTestId('result-tokens').innerText()), SETTLE).toBe(PRIZE - BET - ENTRY_FEE);
    await expect.poll(async () => numberIn(await sara.page.getByTestId('result-tokens').innerText()), SETTLE).toBe(-BET - ENTRY_FEE);
    // Both see the scores, the winner's first, and the prize.
    const scores: Record<string, number> = {};
    for (const racer of [abebe, sara]) {
      const rowsShown = racer.page.getByTestId('score-row');
      expect(await rowsShown.count()).toBe(2);
      expect(await rowsShown.first().innerText()).toContain('Abebe');
      for (const name of ['Abebe', 'Sara'])
        scores[name] = numberIn(await rowsShown.filter({ hasText: name }).locator('strong').innerText());
      await visible(racer.page.getByTestId('result-prize').getByText(racer.text.prize(PRIZE)));
      const nets = racer.page.getByTestId('net-row');
      await expect.poll(() => nets.count(), SETTLE).toBe(2);
      expect(numberIn(await nets.filter({ hasText: 'Abebe' }).getByTestId('net-tokens').innerText())).toBe(PRIZE - BET - ENTRY_FEE);
      expect(numberIn(await nets.filter({ hasText: 'Sara' }).getByTestId('net-tokens').innerText())).toBe(-BET - ENTRY_FEE);
    }
    expect(scores.Abebe).toBeGreaterThan(scores.Sara!);

    // The wallets: the winner has the prize (its line in the history), nothing stays held.
    for (const [racer, balance] of [
      [abebe, WELCOME_TOKENS - ENTRY_FEE - BET + PRIZE],
      [sara, WELCOME_TOKENS - ENTRY_FEE - BET],
    ] as const) {
      await racer.page.goto(url(racer, '/wallet'));
      await expectWalletShows(racer.page, { balance, held: 0 }, SETTLE);
    }
    const payout = page.getByTestId('tx-row').filter({ hasText: TEXT.en.payout });
    await visible(payout);
    expect(numberIn(await payout.first().locator('.tx-amount').innerText())).toBe(PRIZE);

    // Both histories show the race, its result, tokens and scores; both replays walk every guess.
    for (const [racer, result, tokens] of [
      [abebe, 'won', PRIZE - BET - ENTRY_FEE],
      [sara, 'lost', -BET - ENTRY_FEE],
    ] as const) {
      await racer.page.goto(url(racer, '/multiplayer/history'));
      const item = racer.page.getByTestId('history-item').filter({ hasText: ROOM_NAME });
      await visible(item);
      await visible(item.getByText(racer.text.historyResult[result], { exact: true }));
      expect(numberIn(await item.getByTestId('history-tokens').innerText())).toBe(tokens);
      expect(await item.innerText()).toContain(`Abebe ${scores.Abebe} · Sara ${scores.Sara}`);
      await expectFits(racer.page);

      await item.getByRole('link', { name: racer.text.replayOf(ROOM_NAME) }).click();
      await racer.page.waitForURL(`**${racer.prefix}/multiplayer/replay/${matchId}`);
      await visible(racer.page.getByTestId('race-replay'));
      expect(await racer.page.getByTestId('code').getAttribute('aria-label')).toBe(racer.text.code(code));
      const position = racer.page.getByTestId('replay-position');
      const at = async () => {
        const match = racer.text.position.exec((await position.innerText()).trim());
        return match ? { index: Number(match[1]), count: Number(match[2]) } : null;
      };
      await expect.poll(async () => (await at())?.index, SETTLE).toBe(1);
      const { count } = (await at())!;
      // The start, three guesses and the end.
      expect(count).toBe(5);
      for (let index = 2; index <= count; index += 1) {
        await racer.page.getByRole('button', { name: racer.text.forward }).click();
        await expect.poll(async () => (await at())?.index, SETTLE).toBe(index);
      }
      expect(await racer.page.getByRole('button', { name: racer.text.forward }).isDisabled()).toBe(true);
      const guessesOf = async (name: string) =>
        (await racer.page.getByTestId('replay-racer').filter({ hasText: name }).locator('.race-digits').allInnerTexts()).map((d) =>
          d.trim(),
        );
      expect(await guessesOf('Abebe')).toEqual([code]);
      expect(await guessesOf('Sara')).toEqual([wrong, code]);
      await expectFits(racer.page);
    }
    await abebe.context.close();
    await sara.context.close();
  });

  it('plays Geo Sprint in Amharic through ten questions to its result', async () => {
    hana = await newPlayer(browser, server, { language: 'en', path: '/', name: 'Hana' });
    const page = hana.page;
    const t = translations('am', 'geo-sprint');
    await page.goto(`${server.baseUrl}/am/geo-sprint`);
    expect(await page.getByTestId('category-mixed').isChecked()).toBe(true);
    const id = await startGame(page, 'geo-sprint');
    hanaTokens -= COST.geoSprint;
    await visible(page.getByTestId('geo-board'));
    const { questions } = await storedEvent<{ questions: { answer: number }[] }>(store, id, 'GeoSprintStarted');
    expect(questions).toHaveLength(10);
    await expectTokens(page, hanaTokens);

    const progress = page.getByTestId('geo-progress');
    let endRead: Promise<Response> | null = null;
    for (const [index, { answer }] of questions.entries()) {
      // The question on screen, answerable.
      await expect.poll(() => progress.innerText(), SETTLE).toBe(`${index + 1}/10`);
      await visible(page.getByTestId('geo-question'));
      await visible(page.locator('[data-testid^="option-"]:enabled'));
      if (index === 0) await expectFits(page);
      if (index === 2) {
        // The 50/50 takes two wrong options away; the answer stays.
        await page.getByTestId('fifty-fifty').click();
        await expect.poll(() => page.locator('[data-testid^="option-"]:disabled').count(), SETTLE).toBe(2);
        expect(await page.getByTestId(`option-${answer}`).isEnabled()).toBe(true);
        expect(await page.getByTestId('fifty-fifty').isDisabled()).toBe(true);
      }
      const right = index !== 1;
      if (index === questions.length - 1) {
        // The last answer ends the game and pays the reward, with the ledger's read model held behind (as under
        // load): the reward is pushed at once, and the page's read of the wallet at the end reaches the server after
        // it (the game's answer waits for the read model as long as the ledger waits, then comes anyway).
        const projection = await holdLedgerProjection(scratch.url);
        onTestFinished(() => projection.release());
        endRead = page.waitForResponse(isWalletRead);
        await page.getByTestId(`option-${answer}`).click();
        // The reward's push reaches the phone while the game's answer still waits for the read model.
        await expect.poll(async () => numberIn(await page.getByTestId('token-pill').innerText()), SETTLE).toBeGreaterThan(hanaTokens);
        break;
      }
      await page.getByTestId(`option-${right ? answer : (answer + 1) % 4}`).click();
      await visible(page.getByTestId('geo-result'));
      expect(await page.getByTestId('geo-verdict').innerText()).toContain(t(right ? 'result.right' : 'result.wrong'));
      if (index === 0) {
        // The reveal runs out by itself: the next question comes without a tap.
        await expectFits(page);
        continue;
      }
      await page.getByTestId('next-question').click();
    }
    await visible(page.getByTestId('arcade-result'));
    expect(await page.getByTestId('result-title').innerText()).toBe(translations('am', 'arcade')('won'));
    expect(await page.getByTestId('summary-right').innerText()).toBe(t('summary.of', { right: 9, count: 10 }));
    results['geo-sprint'] = { score: numberIn(await page.getByTestId('result-score').innerText()), won: true };
    expect(results['geo-sprint'].score).toBeGreaterThan(0);
    hanaTokens += numberIn(await page.getByTestId('result-tokens').innerText());
    // The read after the push answers from the store the push came from, not from the read model showing the fee only.
    await pageHasTaken(page, await endRead!);
    expect(numberIn(await page.getByTestId('token-pill').innerText())).toBe(hanaTokens);
    await expectFits(page);
  });

  it('plays Math Sprint in English on the keypad: twenty problems, then the minute runs out', async () => {
    const page = hana.page;
    await page.goto(`${server.baseUrl}/math-sprint`);
    expect(await page.getByTestId('level-medium').getAttribute('aria-pressed')).toBe('true');
    // The page reads the wallet once the fee is paid: its answer is the wallet as it stays until the reward.
    const feeRead = page.waitForResponse(isWalletRead);
    await startGame(page, 'math-sprint');
    hanaTokens -= COST.mathSprint;
    const beforeReward = await feeRead;
    expect(((await beforeReward.json()) as { data: { balance: number } }).data.balance).toBe(hanaTokens);
    // The read at the game's end, on a slow connection: answered before the reward was paid, it reaches the phone
    // only after the reward's push (held here, with the answer the server gives until then).
    const endRead = await answerLateWith(page, '**/api/v1/wallet', beforeReward);
    await visible(page.getByTestId('math-sprint-board'));
    await expectTokens(page, hanaTokens);
    await expectFits(page);

    const problem = page.getByTestId('problem');
    /** The problem on screen, as shown: its number and its sum. */
    const shown = async () => ({
      number: numberIn((await problem.locator('span').first().textContent()) ?? ''),
      text: (await problem.locator('span[aria-label]').textContent())?.trim() ?? '',
    });
    const solve = (text: string) => {
      const [, x, op, y] = /^(\d+) ([+−×÷]) (\d+) =$/.exec(text) ?? [];
      if (!x || !op || !y) throw new Error(`not a problem: "${text}"`);
      const [a, b] = [Number(x), Number(y)];
      return op === '+' ? a + b : op === '−' ? a - b : op === '×' ? a * b : a / b;
    };
    const secondsLeft = async () => numberIn((await page.getByTestId('countdown').locator('time').textContent()) ?? '');

    // Twenty problems, the first answered wrongly, each typed on the keypad once it shows (the next comes with the answer).
    let answered = 0;
    for (let number = 1; number <= 20; number += 1) {
      await expect.poll(async () => (await shown()).number, SETTLE).toBe(number);
      // A slow machine may use up the minute first: then the player stops before the clock does.
      if ((await secondsLeft()) <= 5) break;
      const { text } = await shown();
      const value = solve(text) + (number === 1 ? 1 : 0);
      for (const digit of String(value)) await page.getByTestId(`key-${digit}`).click();
      expect(await page.getByTestId('answer').inputValue()).toBe(String(value));
      await page.getByTestId('key-submit').click();
      answered += 1;
      if (number === 1) {
        await expect.poll(() => page.getByTestId('feedback').innerText(), SETTLE).toBe(`Not quite: ${text.slice(0, -2)} = ${value - 1}`);
        await expectFits(page);
      }
    }
    await expect.poll(async () => (await shown()).number, SETTLE).toBe(answered + 1);
    expect(answered).toBeGreaterThanOrEqual(10);

    // The player stops; the clock runs out on the server and the page follows to the result.
    await page.getByTestId('arcade-result').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('result-title').innerText()).toBe('You won!');
    const summary = page.getByTestId('math-sprint-summary');
    expect(await summary.getByTestId('summary-right').innerText()).toBe(String(answered - 1));
    expect(await summary.getByTestId('summary-answered').innerText()).toBe(String(answered));
    results['math-sprint'] = { score: numberIn(await page.getByTestId('result-score').innerText()), won: true };
    expect(results['math-sprint'].score).toBeGreaterThanOrEqual(100);
    hanaTokens += numberIn(await page.getByTestId('result-tokens').innerText());
    // The reward's push shows first; the older read that arrives after it must not take the counter back.
    await endRead.asked;
    await expectTokens(page, hanaTokens);
    await endRead.release();
    expect(numberIn(await page.getByTestId('token-pill').innerText())).toBe(hanaTokens);
    await expectFits(page);
  });

  it('plays Rapid Recall in English: watches each sequence as it is shown, repeats one, misses three', async () => {
    const page = hana.page;
    await page.goto(`${server.baseUrl}/rapid-recall`);
    expect(await page.getByTestId('kind-mixed').getAttribute('aria-pressed')).toBe('true');
    const id = await startGame(page, 'rapid-recall');
    hanaTokens -= COST.rapidRecall;
    const board = page.getByTestId('rapid-recall-board');
    await visible(board);
    const { sequences } = await storedEvent<{ sequences: string[][] }>(store, id, 'RapidRecallStarted');
    await expectTokens(page, hanaTokens);

    /** Watches a round's showing on the stage, item by item, until the pad opens; returns what was seen. */
    const watch = async (round: number, length: number) => {
      await expect.poll(() => page.getByTestId('round').innerText(), SETTLE).toBe(`Round ${round} · ${length} items`);
      const seen = new Map<number, string>();
      await expect
        .poll(
          async () => {
            // One read of the board, so the item and its place are of the same instant.
            const now = await board.evaluate((element) => {
              // Runs in the page (this project compiles without the DOM library, hence the cast).
              const root = element as unknown as DomNode;
              const label = (testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.getAttribute('aria-label') ?? null;
              return { phase: root.getAttribute('data-phase'), item: label('shown-item'), progress: label('progress') };
            });
            const at = /^Item (\d+) of \d+$/.exec(now.progress ?? '');
            if (now.phase === 'showing' && now.item && at) seen.set(Number(at[1]) - 1, now.item);
            return now.phase;
          },
          { timeout: SETTLE_MS, interval: 50 },
        )
        .toBe('input');
      return seen;
    };
    /** Taps `items` on the pad (the last tap sends them) and waits for the next round, or the end. */
    const repeat = async (items: readonly string[]) => {
      for (const item of items) await page.getByTestId(`pad-${item}`).click();
    };

    const livesLeft = () => page.getByTestId('lives').getAttribute('aria-label');
    expect(await livesLeft()).toBe('3 lives left');
    // Round 1: three items, repeated right.
    const first = sequences[0]!.slice(0, 3);
    const seen = await watch(1, 3);
    expect(seen.size).toBeGreaterThan(0);
    for (const [index, name] of seen) expect(name).toBe(itemName(first[index]!));
    await expectFits(page);
    await repeat(first);
    await expect
      .poll(
        async () =>
          (
            await page
              .getByTestId('last-round')
              .innerText()
              .catch(() => '')
          ).startsWith('Right! +'),
        SETTLE,
      )
      .toBe(true);

    // Rounds 2 to 4: four items each, the last one wrong; each costs a life, the third ends the game.
    for (const round of [2, 3, 4]) {
      const sequence = sequences[round - 1]!.slice(0, 4);
      const watched = await watch(round, 4);
      for (const [index, name] of watched) expect(name).toBe(itemName(sequence[index]!));
      const wrong = [...sequence.slice(0, 3), sequence[3] === 'red' ? 'blue' : 'red'];
      await repeat(wrong);
      if (round < 4) {
        await expect.poll(livesLeft, SETTLE).toBe(round === 2 ? '2 lives left' : '1 life left');
        expect(await page.getByTestId('last-round').innerText()).toContain('Not quite. It was:');
        expect(await page.getByTestId('last-round').locator('ol').getAttribute('aria-label')).toBe(sequence.map(itemName).join(', '));
      }
    }
    await visible(page.getByTestId('arcade-result'));
    expect(await page.getByTestId('result-title').innerText()).toBe('Game over');
    expect(await page.getByTestId('summary-longest').innerText()).toBe('3');
    results['rapid-recall'] = { score: numberIn(await page.getByTestId('result-score').innerText()), won: false };
    expect(results['rapid-recall'].score).toBeGreaterThan(0);
    expect(numberIn(await page.getByTestId('result-tokens').innerText())).toBe(0);
    await expectTokens(page, hanaTokens);
    await expectFits(page);
  });

  it('shows each sprint on its game’s leaderboard and in the statistics by game and by category', async () => {
    const page: Page = hana.page;
    const number = new Intl.NumberFormat('en-GB');
    const titles = { 'geo-sprint': 'Geo Sprint', 'math-sprint': 'Math Sprint', 'rapid-recall': 'Rapid Recall' } as const;

    await page.goto(`${server.baseUrl}/leaderboards`);
    for (const game of ['geo-sprint', 'math-sprint', 'rapid-recall'] as const) {
      const row = page.getByTestId('board').getByTestId('board-row').filter({ hasText: 'Hana' });
      // The boards follow the games a moment later: a player who looks too early reloads.
      await expect
        .poll(async () => {
          await page.getByTestId(`game-tab-${game}`).click();
          await page.locator('[data-testid="board"], [data-testid="board-empty"]').first().waitFor();
          if ((await row.count()) === 0) {
            await page.reload();
            return null;
          }
          return { rank: await row.getByTestId('board-rank').innerText(), score: await row.getByTestId('board-score').innerText() };
        }, SETTLE)
        .toEqual({ rank: '1', score: number.format(results[game].score) });
      expect(await row.innerText()).toContain('You');
      expect(await page.getByTestId(`game-tab-${game}`).innerText()).toBe(titles[game]);
      await expectFits(page);
    }

    await page.goto(`${server.baseUrl}/stats`);
    const stat = (label: string) => page.locator('.stat', { hasText: label }).locator('dd').innerText();
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('stats-grid').waitFor();
        return stat('Games played');
      }, SETTLE)
      .toBe('3');
    expect(await stat('Wins')).toBe('2');
    for (const game of ['geo-sprint', 'math-sprint', 'rapid-recall'] as const) {
      const { score, won } = results[game];
      const line = page.getByTestId(`game-stats-${game}`);
      expect(await line.innerText()).toContain(titles[game]);
      expect(await line.innerText()).toContain(`1 played · best ${number.format(score)} · ${won ? 100 : 0}% won`);
    }
    const bars = (await page.getByTestId('category-chart').locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(bars.sort()).toEqual(['Math 1', 'Memory 1', 'Trivia 1']);
    await expectFits(page);
    await hana.context.close();
  });

  it('leaves a ledger the audit finds clean', async () => {
    const audit = await auditLedger(scratch.url);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out).toContain('CLEAN: every check passed.');
    expect(audit.out).toMatch(/holds placed \d+: posted \d+, voided \d+, expired 0, pending 0/);
    // The race's escrow paid out to the last token.
    expect(audit.out).toMatch(new RegExp(`== escrow:${matchId.replace(/[.]/g, '\\.')}\\n.*\\n\\s*closing balance 0, held 0,`));
  });
});
