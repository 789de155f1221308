/**
 * An Amharic word duel on two phones (Chromium, 360×740, /am) against the real server: the room is made and started
 * through the API (the full room flow is multiplayer.e2e.test.ts), then the setter types ሳር, the set-word field
 * offers the word list's ሣር (the server folds the sound-alike letters), the setter picks it and sets it; the guesser's
 * keyboard shows the sound-alike letters on their keys (a screenshot of it at 360 px goes to tests/e2e/artifacts/),
 * and the guesser finds the word from a physical keyboard by the Latin letters of its sounds: s for ሰ (ሣ is of its
 * family) and r for ረ.
 *
 * Synchronisation is always on visible state (texts, keys' states), never on sleeps.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { newPlayer, SETTLE, SETTLE_MS, TALL_PHONE, translations, type Player } from './support/arcade.ts';
import { pageApi as api } from './support/page.ts';
import { CHROMIUM, chromiumAvailable, REPO_ROOT, startQal, type QalServer } from './support/qal-server.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

const ARTIFACTS = path.join(REPO_ROOT, 'tests/e2e/artifacts');
/** What the setter types, and the word list's spelling of the same sounds that they pick. */
const TYPED = 'ሳር';
const PICKED = 'ሣር';
/** The smallest touch target a key may have. */
const TARGET_PX = 44;

const duelText = translations('am', 'multiplayer');
const hangmanText = translations('am', 'hangman');

describe.skipIf(!pgUrl)('an Amharic word duel: sound-alike suggestions and keys', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let setter: Player;
  let guesser: Player;

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

  it('starts a duel in Amharic between two players', async () => {
    const players = [
      await newPlayer(browser, server, { language: 'am', path: '/multiplayer', viewport: TALL_PHONE, name: 'Sara' }),
      await newPlayer(browser, server, { language: 'am', path: '/multiplayer', viewport: TALL_PHONE, name: 'Dawit' }),
    ] as const;
    const [host, other] = players;
    const created = await api<{ data: { room: { code: string } } }>(host.page, 'POST', '/rooms', {
      roomName: 'የቃል ፍልሚያ',
      maxPlayers: 2,
      gameDuration: 'normal',
      language: 'am',
    });
    expect(created.status).toBe(200);
    const { code } = created.json.data.room;
    expect((await api(other.page, 'POST', `/rooms/${code}/join`, {})).status).toBe(200);
    for (const player of players) expect((await api(player.page, 'POST', `/rooms/${code}/ready`, {})).status).toBe(200);
    expect((await api(host.page, 'POST', `/rooms/${code}/start`, {})).status).toBe(200);
    for (const player of players) await player.page.goto(`${server.baseUrl}/am/multiplayer/game/${code}`);

    // Who sets first is the room's seat order: whoever gets the set-word form.
    const label = duelText('game.secretWord');
    const hostSets = await Promise.race([
      host.page
        .getByLabel(label)
        .waitFor()
        .then(() => true),
      other.page
        .getByLabel(label)
        .waitFor()
        .then(() => false),
    ]);
    [setter, guesser] = hostSets ? [host, other] : [other, host];
  });

  it('offers the word list’s spelling for a sound-alike one, and picking it fills the field', async () => {
    const { page } = setter;
    const input = page.getByLabel(duelText('game.secretWord'));
    await input.pressSequentially(TYPED);
    const suggestions = page.getByRole('group', { name: duelText('game.suggestions') });
    const suggestion = suggestions.getByRole('button', { name: PICKED, exact: true });
    await suggestion.waitFor({ timeout: SETTLE_MS });
    await suggestion.click();
    expect(await input.inputValue()).toBe(PICKED);
    await page.getByRole('button', { name: duelText('game.setWord') }).click();
    await expect.poll(async () => (await page.getByTestId('my-word').innerText()).includes(PICKED), SETTLE).toBe(true);
  });

  it('shows the sound-alike letters on their keys, within the touch target, at 360 px', async () => {
    const { page } = guesser;
    const keyboard = page.getByTestId('keyboard');
    await keyboard.waitFor({ timeout: SETTLE_MS });
    const alikes = new Intl.ListFormat('am', { type: 'conjunction' }).format(['ሐ', 'ኀ']);
    const ha = keyboard.getByRole('button', { name: hangmanText('game.keyWithSoundAlikes', { key: 'ሀ', alikes }), exact: true });
    expect(await ha.innerText()).toMatch(/ሀ\s*ሐ\s*ኀ/u);
    const box = (await ha.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(TARGET_PX - 1);
    expect(box.height).toBeGreaterThanOrEqual(TARGET_PX);
    const small = (await ha.locator('.key-alikes').boundingBox())!;
    expect(small.x + small.width).toBeLessThanOrEqual(box.x + box.width);
    expect(small.y + small.height).toBeLessThanOrEqual(box.y + box.height);
    await mkdir(ARTIFACTS, { recursive: true });
    await keyboard.screenshot({ path: path.join(ARTIFACTS, 'amharic-keyboard-360.png') });
  });

  it('guesses from a physical keyboard by the Latin letter of each sound', async () => {
    const { page } = guesser;
    const keyboard = page.getByTestId('keyboard');
    const sa = keyboard.getByTestId('key-ሰ');
    await expect.poll(() => sa.getAttribute('aria-disabled'), SETTLE).toBeNull();
    await page.keyboard.press('s');
    await expect.poll(() => sa.getAttribute('data-state'), SETTLE).toBe('hit');
    // ረ completes ሣር: the round is over and the keyboard goes.
    const ra = keyboard.getByTestId('key-ረ');
    await expect.poll(() => ra.getAttribute('aria-disabled'), SETTLE).toBeNull();
    await page.keyboard.press('r');
    await keyboard.waitFor({ state: 'detached', timeout: SETTLE_MS });
  });
});
