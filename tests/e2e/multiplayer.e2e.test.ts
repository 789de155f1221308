/**
 * A word duel with a bet, as two new players play it from their phones, in Chromium (360×740) against the real
 * server (embedded mode on a scratch PostgreSQL database): Abebe in English, Sara in Amharic (/am). Both sign in with
 * the code the server printed; Sara picks a username; Abebe creates a private room with an entry fee and a penalty
 * (the share link asks Sara for the password and refuses a wrong one), invites her by username, and she accepts on
 * her invitations page; both get ready (each wallet, open in a second tab, shows the held tokens), agree a bet (the
 * pot shows), the host starts, and the duel is played through the UI: the setter types the word the test chose into
 * the set-word form (after 'Invalid Word' and 'Duplicate Word'), the guesser taps the on-screen keys. The first setter closes the page mid-round and comes back: the fresh snapshot
 * has the letters found while away, and that player carries on guessing in the next round. At the end the winner's
 * wallet shows the pot, both histories show the match with its result and tokens, the replay steps through every
 * move (play, pause, step, speed), and the ledger audit is clean.
 *
 * Synchronisation is always on visible state (texts, keys' states, addresses), never on sleeps.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, REPO_ROOT, startQal, type QalServer } from './support/qal-server.ts';
import { expectWalletShows, numberIn, pageApi as api } from './support/page.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

/** A loaded 2-core machine answers slower than a person waits; every visible state must come within this. */
const SETTLE_MS = 30_000;
const SETTLE = { timeout: SETTLE_MS, interval: 200 };

const WELCOME_TOKENS = 100;
const ENTRY_FEE = 10;
const PENALTY = 5;
const BET = 20;
/** The bet's stakes in the pot. */
const STAKES = BET * 2;
/** The house's rake: 10 % of the entry fees (rounded down), nothing of the stakes (docs/product-rules.md, "Rooms"). */
const RAKE = Math.floor((ENTRY_FEE * 2 * 10) / 100);
/** What the winner takes: both entry fees and both stakes, less the rake. */
const PRIZE = ENTRY_FEE * 2 + STAKES - RAKE;
const ROOM_NAME = 'Friday duel';
const PASSWORD = 'sesame42';
/** Round 1's word (every letter different, so each right guess reveals one letter) and round 2's. */
const FIRST_WORD = 'planet';
const SECOND_WORD = 'mouse';
/** Round 2's guesser finds one letter, then misses seven times: the lives run out and the setter scores. */
const SECOND_HIT = 'o';
const SECOND_MISSES = ['b', 'c', 'd', 'f', 'g', 'h', 'j'];

type Language = 'en' | 'am';

/** What each language's pages say (client/src/locales/*, the gateway's rejection table). */
const TEXT = {
  en: {
    profileSaved: 'Profile saved',
    invitations: 'Invitations',
    sections: 'Multiplayer pages',
    acceptInvitation: (room: string) => `Accept invitation to ${room}`,
    ready: "I'm ready",
    acceptBet: 'Accept bet',
    agreed: 'Everyone accepted',
    pot: (count: number) => `Stakes in the pot: ${count} tokens`,
    prize: (count: number) => `Prize: ${count} tokens`,
    secretWord: 'Secret word',
    setWord: 'Set word',
    yourTurn: 'Your turn to guess',
    invalidWord: 'Invalid Word',
    duplicateWord: 'Duplicate Word',
    solvedBy: (name: string) => `solved by ${name}`,
    failed: 'not solved: the lives ran out',
    won: 'You won!',
    lost: 'You lost',
    historyResult: { won: 'Won', lost: 'Lost' },
    payout: 'Winnings',
    replayOf: (room: string) => `Replay ${room}`,
    position: /^Step (\d+) of (\d+)$/,
    play: 'Play',
    again: 'Play again',
    pause: 'Pause',
    forward: 'Step forward',
    back: 'Step back',
    guess: (name: string, letter: string, hit: boolean) => `${name} guessed ${letter}: ${hit ? 'right' : 'wrong'}`,
    setTheWord: (name: string) => `${name} set the word`,
    end: 'The match is over',
  },
  am: {
    profileSaved: 'መገለጫው ተቀምጧል',
    invitations: 'ግብዣዎች',
    sections: 'የባለብዙ ተጫዋች ገጾች',
    acceptInvitation: (room: string) => `ወደ ${room} የቀረበውን ግብዣ ይቀበሉ`,
    ready: 'ዝግጁ ነኝ',
    acceptBet: 'ውርርዱን እቀበላለሁ',
    agreed: 'ሁሉም ተቀብለዋል',
    pot: (count: number) => `በሽልማቱ ውስጥ ያለ ውርርድ፦ ${count} ቶከን`,
    prize: (count: number) => `ሽልማት፦ ${count} ቶከን`,
    secretWord: 'ሚስጥራዊ ቃል',
    setWord: 'ቃሉን ያስገቡ',
    yourTurn: 'የመገመት ተራው የእርስዎ ነው',
    invalidWord: 'ትክክለኛ ቃል አይደለም',
    duplicateWord: 'ይህ ቃል በዚህ ጨዋታ ቀደም ብሎ ተሰጥቷል',
    solvedBy: (name: string) => `የፈቱት፦ ${name}`,
    failed: 'አልተፈታም፤ ዕድሎቹ አልቀዋል',
    won: 'አሸንፈዋል!',
    lost: 'ተሸንፈዋል',
    historyResult: { won: 'አሸንፈዋል', lost: 'ተሸንፈዋል' },
    payout: 'የአሸናፊነት ድርሻ',
    replayOf: (room: string) => `ድጋሚ ይመልከቱ፦ ${room}`,
    position: /^እርምጃ (\d+) ከ(\d+)$/,
    play: 'ያጫውቱ',
    again: 'እንደገና ያጫውቱ',
    pause: 'ለአፍታ ያቁሙ',
    forward: 'ወደ ፊት',
    back: 'ወደ ኋላ',
    guess: (name: string, letter: string, hit: boolean) => `${name} «${letter}» ገመቱ፤ ${hit ? 'ትክክል ነው' : 'ስህተት ነው'}`,
    setTheWord: (name: string) => `${name} ቃሉን አዘጋጁ`,
    end: 'ጨዋታው ተጠናቀቀ',
  },
} as const;

interface Player {
  readonly label: string;
  readonly name: string;
  readonly language: Language;
  /** '' or '/am': the address prefix of the player's language. */
  readonly prefix: '' | '/am';
  readonly text: (typeof TEXT)[Language];
  readonly context: BrowserContext;
  /** The tab the player plays in (replaced when they come back after a drop). */
  page: Page;
  /** A second tab on the wallet page, updated live by the server's pushes. */
  wallet: Page;
  id: string;
}

describe.skipIf(!pgUrl)('multiplayer word duel in two browsers', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let abebe: Player;
  let sara: Player;
  let code = '';
  let matchId = '';
  /** Who set round 1's word (and dropped mid-round), and who guessed it. */
  let firstSetter: Player;
  let firstGuesser: Player;
  /** Every guess tapped, in order: who, which key, right or wrong. */
  const guesses: { player: Player; key: string; hit: boolean }[] = [];
  let phoneCounter = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!);
    server = await startQal({ env: { DATABASE_URL: scratch.url } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await scratch?.drop();
  });

  const nextPhone = () => {
    const digits = String(10_000_000 + ((process.pid * 7_919 + Date.now() + phoneCounter++ * 131) % 89_999_999)).slice(-8);
    return { typed: `09${digits}`, e164: `+2519${digits}` };
  };

  const url = (player: Player, path: string) => `${server.baseUrl}${player.prefix}${path}`;

  async function openTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(SETTLE_MS);
    return page;
  }

  /** A new player on a phone: signs in with the printed code, then names themselves (and picks a username) on the profile page. */
  async function newPlayer(label: string, language: Language, name: string, username?: string): Promise<Player> {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      locale: language === 'am' ? 'am-ET' : 'en-GB',
    });
    const page = await openTab(context);
    const prefix = language === 'am' ? '/am' : '';
    const phone = nextPhone();
    await page.goto(`${server.baseUrl}${prefix}/login?redirect=${encodeURIComponent(`${prefix}/profile`)}`);
    await page.getByTestId('phone-input').fill(phone.typed);
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-input').fill(await server.codeFor(phone.e164, SETTLE_MS));
    await page.getByTestId('verify-code').click();
    await page.waitForURL(`**${prefix}/profile`);
    await page.getByTestId('profile-name').fill(name);
    if (username) {
      await page.getByTestId('profile-username').fill(username);
    }
    await page.getByTestId('save-profile').click();
    await page.getByText(TEXT[language].profileSaved).first().waitFor();
    const me = await api<{ data: { id: string; name: string; username: string | null } }>(page, 'GET', '/user');
    expect(me.json.data.name).toBe(name);
    if (username) expect(me.json.data.username).toBe(username);
    const wallet = await openTab(context);
    await wallet.goto(`${server.baseUrl}${prefix}/wallet`);
    // The player plays in the first tab: in front, so its animation frames (and Playwright's taps) are not held back.
    await page.bringToFront();
    const player: Player = { label, name, language, prefix, text: TEXT[language], context, page, wallet, id: me.json.data.id };
    await expectWallet(player, { balance: WELCOME_TOKENS, held: 0 });
    return player;
  }

  const expectWallet = (player: Player, expected: { balance: number; held: number }) => expectWalletShows(player.wallet, expected, SETTLE);

  const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: SETTLE_MS });

  it('signs in two new players on phones, one in English and one in Amharic', async () => {
    abebe = await newPlayer('A', 'en', 'Abebe');
    sara = await newPlayer('B', 'am', 'Sara', `sara_${Date.now() % 1_000_000}`);
    expect(await sara.page.locator('html').getAttribute('lang')).toBe('am');
  });

  it('creates a private room with an entry fee and a penalty, invites by username, and the invitation is accepted', async () => {
    const { page } = abebe;
    await page.goto(url(abebe, '/multiplayer'));
    await page.getByLabel('Room name').fill(ROOM_NAME);
    await page.getByLabel('Entry fee (tokens)').fill(String(ENTRY_FEE));
    await page.getByLabel('Penalty (tokens)').fill(String(PENALTY));
    await page.getByLabel('Password (optional)').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.waitForURL('**/multiplayer/room/*');
    code = (await page.getByTestId('room-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(page.url()).toBe(url(abebe, `/multiplayer/room/${code}`));
    await visible(page.getByRole('heading', { name: ROOM_NAME }));

    // Sara opens the share link before she is invited: the room asks for its password, and a wrong one is refused.
    await sara.page.goto(url(sara, `/multiplayer/join/${code}`));
    await sara.page.getByLabel('የክፍሉ የይለፍ ቃል').fill('not-the-password');
    await sara.page.getByRole('button', { name: 'ክፍሉን ይቀላቀሉ' }).click();
    await visible(sara.page.getByRole('alert').getByText('የይለፍ ቃሉ ትክክል አይደለም'));
    expect(sara.page.url()).toBe(url(sara, `/multiplayer/join/${code}`));

    const me = await api<{ data: { username: string } }>(sara.page, 'GET', '/user');
    await page.getByLabel('Username').fill(`@${me.json.data.username}`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await visible(page.getByText(`Invitation sent to ${me.json.data.username}`));
    await visible(page.getByTestId('room-player').filter({ hasText: 'Sara' }).getByText('Invited'));

    // The lobby does not list a room with a password; her invitations page shows the invitation.
    await sara.page.goto(url(sara, '/multiplayer'));
    await visible(sara.page.getByText('አሁን ክፍት ክፍል የለም። አንድ ይፍጠሩ!'));
    const invitationsLink = sara.page
      .getByRole('navigation', { name: sara.text.sections })
      .getByRole('link', { name: sara.text.invitations });
    await expect.poll(() => invitationsLink.innerText(), SETTLE).toMatch(/1$/);
    await invitationsLink.click();
    await sara.page.waitForURL(`**/am/multiplayer/invitations`);
    await sara.page.getByRole('button', { name: sara.text.acceptInvitation(ROOM_NAME) }).click();
    await sara.page.waitForURL(`**/am/multiplayer/room/${code}`);
    await visible(sara.page.getByRole('heading', { name: ROOM_NAME }));
    await visible(page.getByTestId('room-player').filter({ hasText: 'Sara' }).getByText('Not ready'));
  });

  it('gets both ready (the wallets hold the fee and the penalty), agrees a bet (the pot and the prize show) and starts', async () => {
    for (const player of [abebe, sara]) {
      await player.page.getByRole('button', { name: player.text.ready }).click();
      await expectWallet(player, { balance: WELCOME_TOKENS, held: ENTRY_FEE + PENALTY });
      // Before a bet, the prize is the two entry fees less the rake.
      await visible(player.page.getByTestId('room-prize').getByText(player.text.prize(ENTRY_FEE * 2 - RAKE)));
    }
    await visible(abebe.page.getByTestId('room-player').filter({ hasText: 'Sara' }).getByText('Ready', { exact: true }));

    await abebe.page.locator('label.chip', { hasText: `${BET} tokens` }).click();
    expect(await abebe.page.getByRole('radio', { name: `${BET} tokens` }).isChecked()).toBe(true);
    await abebe.page.getByRole('button', { name: 'Propose bet' }).click();
    await visible(sara.page.getByTestId('bet-state').getByText(sara.text.pot(STAKES)));
    await sara.page.getByRole('button', { name: sara.text.acceptBet }).click();
    for (const player of [abebe, sara]) {
      await visible(player.page.getByTestId('bet-state').getByText(player.text.agreed));
      await visible(player.page.getByTestId('bet-state').getByText(player.text.pot(STAKES)));
      await visible(player.page.getByTestId('room-prize').getByText(player.text.prize(PRIZE)));
      await expectWallet(player, { balance: WELCOME_TOKENS, held: ENTRY_FEE + PENALTY + BET });
    }

    const start = abebe.page.getByRole('button', { name: 'Start game' });
    await expect.poll(() => start.isEnabled(), SETTLE).toBe(true);
    await start.click();
    for (const player of [abebe, sara]) {
      await player.page.waitForURL(`**${player.prefix}/multiplayer/game/${code}`);
      await visible(player.page.getByTestId('duel'));
      // The entry fee and the stake are spent; the penalty stays held until the end.
      await expectWallet(player, { balance: WELCOME_TOKENS - ENTRY_FEE - BET, held: PENALTY });
    }
    const room = await api<{ data: { room: { matchId: string; status: string } } }>(abebe.page, 'GET', `/rooms/${code}`);
    expect(room.json.data.room.status).toBe('in_progress');
    matchId = room.json.data.room.matchId;
  });

  /** Waits for the setter's form, tries `rejected` (expecting its message), then sets `word`. */
  async function setWord(setter: Player, word: string, rejected: { word: string; message: string }) {
    const input = setter.page.getByLabel(setter.text.secretWord);
    await input.fill(rejected.word);
    await setter.page.getByRole('button', { name: setter.text.setWord }).click();
    await visible(setter.page.getByText(rejected.message));
    await input.fill(word);
    await setter.page.getByRole('button', { name: setter.text.setWord }).click();
    await expect.poll(async () => (await setter.page.getByTestId('my-word').innerText()).includes(word), SETTLE).toBe(true);
  }

  /**
   * The guesser taps a key on the on-screen keyboard once it is their turn, and waits for the server's answer: the
   * key marked right or wrong, or, for the guess that ends the round, the keyboard gone (the caller checks the round).
   */
  async function tap(guesser: Player, key: string, hit: boolean, endsRound = false) {
    const { page } = guesser;
    await visible(page.getByTestId('whose-turn').getByText(guesser.text.yourTurn));
    const keyboard = page.getByTestId('keyboard');
    const button = keyboard.getByRole('button', { name: key.toUpperCase(), exact: true });
    await expect.poll(() => button.getAttribute('aria-disabled'), SETTLE).toBeNull();
    await button.click();
    if (endsRound) await keyboard.waitFor({ state: 'detached', timeout: SETTLE_MS });
    else await expect.poll(() => button.getAttribute('data-state'), SETTLE).toBe(hit ? 'hit' : 'miss');
    guesses.push({ player: guesser, key, hit });
  }

  const revealed = async (page: Page) => (await page.getByTestId('word-slot').allInnerTexts()).map((s) => s.trim().toLowerCase());
  const presence = async (viewer: Player, of: Player) => {
    const room = await api<{ data: { room: { players: { id: string; online: boolean }[] } } }>(viewer.page, 'GET', `/rooms/${code}`);
    return room.json.data.room.players.find((p) => p.id === of.id)?.online;
  };

  it('plays the duel through the UI; the first setter drops mid-round, comes back to a fresh snapshot and carries on', async () => {
    // Who sets first is the room's seat order: whoever gets the set-word form.
    const abebeSets = await Promise.race([
      visible(abebe.page.getByLabel(abebe.text.secretWord)).then(() => true),
      visible(sara.page.getByLabel(sara.text.secretWord)).then(() => false),
    ]);
    [firstSetter, firstGuesser] = abebeSets ? [abebe, sara] : [sara, abebe];

    // Round 1: a word not in the dictionary is refused, then the test's word is set.
    await setWord(firstSetter, FIRST_WORD, { word: 'qzxqj', message: firstSetter.text.invalidWord });
    await visible(firstGuesser.page.getByTestId('word-slots'));
    expect(await revealed(firstGuesser.page)).toEqual(['', '', '', '', '', '']);
    expect(await firstGuesser.page.content()).not.toContain(FIRST_WORD);

    await tap(firstGuesser, 'p', true);
    await tap(firstGuesser, 'l', true);

    // The setter drops: their game tab closes. The server sees them go offline while the guesser plays on.
    const setterContext = firstSetter.context;
    await firstSetter.page.close();
    await expect.poll(() => presence(firstGuesser, firstSetter), SETTLE).toBe(false);
    await tap(firstGuesser, 'a', true);
    await tap(firstGuesser, 'n', true);

    // Back within the grace period: a fresh snapshot with the letters found while away.
    firstSetter.page = await openTab(setterContext);
    await firstSetter.page.goto(url(firstSetter, `/multiplayer/game/${code}`));
    await visible(firstSetter.page.getByTestId('word-slots'));
    expect(await revealed(firstSetter.page)).toEqual(['p', 'l', 'a', 'n', '', '']);
    expect(await firstSetter.page.getByTestId('my-word').innerText()).toContain(FIRST_WORD);
    await expect.poll(() => presence(firstGuesser, firstSetter), SETTLE).toBe(true);

    await tap(firstGuesser, 'e', true);
    await tap(firstGuesser, 't', true, true);
    for (const player of [abebe, sara]) {
      const round = player.page.getByTestId('round-results').locator('li').first();
      await visible(round.getByText(FIRST_WORD));
      await visible(round.getByText(player.text.solvedBy(firstGuesser.name)));
    }

    // Round 2: the guesser of round 1 sets; a word used before in the match is refused.
    await setWord(firstGuesser, SECOND_WORD, { word: FIRST_WORD, message: firstGuesser.text.duplicateWord });
    await visible(firstSetter.page.getByTestId('word-slots'));
    expect(await firstSetter.page.content()).not.toContain(SECOND_WORD);
    // The player who dropped carries on: one letter found, then seven misses, and the shared lives run out.
    await tap(firstSetter, SECOND_HIT, true);
    for (const [i, key] of SECOND_MISSES.entries()) await tap(firstSetter, key, false, i === SECOND_MISSES.length - 1);

    const winner = firstGuesser;
    const loser = firstSetter;
    for (const player of [winner, loser]) {
      await visible(player.page.getByTestId('final-result'));
      const round = player.page.getByTestId('round-results').locator('li').nth(1);
      await visible(round.getByText(SECOND_WORD));
      await visible(round.getByText(player.text.failed));
    }
    // Round 1: six letters (10 each) and the completion (50); round 2: the setter's 50 when the lives ran out.
    expect(await winner.page.getByTestId('result-title').innerText()).toBe(winner.text.won);
    expect(numberIn(await winner.page.getByTestId('result-score').innerText())).toBe(6 * 10 + 50 + 50);
    expect(await loser.page.getByTestId('result-title').innerText()).toBe(loser.text.lost);
    expect(numberIn(await loser.page.getByTestId('result-score').innerText())).toBe(10);
    await expect
      .poll(async () => numberIn(await winner.page.getByTestId('result-tokens').innerText()), SETTLE)
      .toBe(PRIZE - BET - ENTRY_FEE);
    await expect.poll(async () => numberIn(await loser.page.getByTestId('result-tokens').innerText()), SETTLE).toBe(-BET - ENTRY_FEE);
    // Both see the prize and each player's net.
    for (const player of [winner, loser]) {
      await visible(player.page.getByTestId('result-prize').getByText(player.text.prize(PRIZE)));
      const nets = player.page.getByTestId('net-row');
      await expect.poll(() => nets.count(), SETTLE).toBe(2);
      expect(numberIn(await nets.filter({ hasText: winner.name }).getByTestId('net-tokens').innerText())).toBe(PRIZE - BET - ENTRY_FEE);
      expect(numberIn(await nets.filter({ hasText: loser.name }).getByTestId('net-tokens').innerText())).toBe(-BET - ENTRY_FEE);
    }
  });

  it('pays the prize into the winner’s wallet and shows the match in both histories', async () => {
    const winner = firstGuesser;
    const loser = firstSetter;
    await expectWallet(winner, { balance: WELCOME_TOKENS - ENTRY_FEE - BET + PRIZE, held: 0 });
    await expectWallet(loser, { balance: WELCOME_TOKENS - ENTRY_FEE - BET, held: 0 });
    // The open wallet tab's history follows too: it lists the pot paid out without a reload.
    const payout = winner.wallet.getByTestId('tx-row').filter({ hasText: winner.text.payout });
    await visible(payout);
    expect(numberIn(await payout.first().locator('.tx-amount').innerText())).toBe(PRIZE);

    for (const [player, result, tokens] of [
      [winner, 'won', PRIZE - BET - ENTRY_FEE],
      [loser, 'lost', -BET - ENTRY_FEE],
    ] as const) {
      await player.page.goto(url(player, '/multiplayer/history'));
      const item = player.page.getByTestId('history-item').filter({ hasText: ROOM_NAME });
      await visible(item);
      expect(await player.page.getByTestId('history-item').count()).toBe(1);
      await visible(item.getByText(player.text.historyResult[result], { exact: true }));
      expect(numberIn(await item.getByTestId('history-tokens').innerText())).toBe(tokens);
      expect(await item.innerText()).toContain(`${winner.name} ${6 * 10 + 50 + 50}`);
      // When it was played: in Amharic an Ethiopian date (ዓ.ም.) with the Gregorian one (እ.ኤ.አ.) on hover
      const played = item.locator('time').first();
      const [shown, hover] = [await played.innerText(), (await played.getAttribute('title')) ?? ''];
      if (player.language === 'am') {
        expect(shown).toContain('ዓ.ም.');
        expect(hover).toContain('እ.ኤ.አ.');
      } else expect(shown).toMatch(/\d{4}/);
      await player.page.screenshot({ path: path.join(REPO_ROOT, `tests/e2e/artifacts/history-${player.language}-360.png`) });
    }
  });

  it('replays every move: play, pause, step back and forth, faster, to the end', async () => {
    const replay = await api<{ data: { steps: { kind: string }[] } }>(sara.page, 'GET', `/matches/${matchId}/replay`);
    expect(replay.status).toBe(200);
    const stepCount = replay.json.data.steps.length;

    // Sara, in Amharic, steps through every move one by one and reads what each one was.
    const { page, text } = sara;
    await page.getByRole('link', { name: text.replayOf(ROOM_NAME) }).click();
    await page.waitForURL(`**/am/multiplayer/replay/${matchId}`);
    const position = page.getByTestId('replay-position');
    const at = async () => {
      const match = text.position.exec((await position.innerText()).trim());
      return match ? { index: Number(match[1]), count: Number(match[2]) } : null;
    };
    await expect.poll(at, SETTLE).toEqual({ index: 1, count: stepCount });
    const captions: string[] = [];
    for (let index = 1; index <= stepCount; index += 1) {
      await expect.poll(at, SETTLE).toEqual({ index, count: stepCount });
      captions.push((await page.getByTestId('replay-step').locator('p').first().innerText()).trim());
      if (index < stepCount) await page.getByRole('button', { name: text.forward }).click();
    }
    expect(await page.getByRole('button', { name: text.forward }).isDisabled()).toBe(true);
    const nameOf = (player: Player) => player.name;
    const guessCaptions = guesses.map((g) => text.guess(nameOf(g.player), g.key.toUpperCase(), g.hit));
    expect(captions.filter((c) => guessCaptions.some((g) => c.endsWith(g))).map((c) => guessCaptions.find((g) => c.endsWith(g)))).toEqual(
      guessCaptions,
    );
    expect(
      captions.filter((c) => c.endsWith(text.setTheWord(firstSetter.name)) || c.endsWith(text.setTheWord(firstGuesser.name))),
    ).toHaveLength(2);
    expect(captions.at(-1)).toContain(text.end);
    expect(await page.getByTestId('replay-word').innerText()).toContain(SECOND_WORD);

    // Abebe, in English: play, pause, step back and forth, then play at 4× to the end.
    const a = abebe.page;
    await a.goto(url(abebe, `/multiplayer/replay/${matchId}`));
    const aPosition = a.getByTestId('replay-position');
    const aAt = async () => {
      const match = TEXT.en.position.exec((await aPosition.innerText()).trim());
      return match ? Number(match[1]) : null;
    };
    await expect.poll(aAt, SETTLE).toBe(1);
    await a.getByRole('button', { name: TEXT.en.play, exact: true }).click();
    await expect.poll(aAt, SETTLE).toBeGreaterThan(1);
    await a.getByRole('button', { name: TEXT.en.pause }).click();
    await visible(a.getByRole('button', { name: TEXT.en.play, exact: true }));
    const paused = (await aAt())!;
    expect(paused).toBeLessThan(stepCount);
    await a.getByRole('button', { name: TEXT.en.forward }).click();
    await expect.poll(aAt, SETTLE).toBe(paused + 1);
    await a.getByRole('button', { name: TEXT.en.back }).click();
    await expect.poll(aAt, SETTLE).toBe(paused);
    await a.getByRole('button', { name: '4×' }).click();
    expect(await a.getByRole('button', { name: '4×' }).getAttribute('aria-pressed')).toBe('true');
    await a.getByRole('button', { name: TEXT.en.play, exact: true }).click();
    await expect.poll(aAt, { timeout: 120_000, interval: 250 }).toBe(stepCount);
    await visible(a.getByRole('button', { name: TEXT.en.again }));
    expect(await a.getByTestId('replay-step').locator('p').first().innerText()).toContain(TEXT.en.end);
  });

  it('leaves a ledger the audit finds clean', async () => {
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
    expect(audit.out).toContain('CLEAN: every check passed.');
    // Every hold of the match was posted or voided, and its escrow paid out to the last token.
    expect(audit.out).toMatch(/holds placed \d+: posted \d+, voided \d+, expired 0, pending 0/);
    expect(audit.out).toMatch(new RegExp(`== escrow:${matchId}\\n.*\\n\\s*closing balance 0, held 0,`));
  });
});
