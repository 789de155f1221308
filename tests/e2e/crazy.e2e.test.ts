/**
 * A whole game of Crazy with a bet, as three new players play it from their phones, in Chromium (360×740) against
 * the real server (embedded mode on a scratch PostgreSQL database): Abebe and Dawit in English, Sara in Amharic
 * (/am). Abebe creates a Crazy room in the lobby's form; Sara joins with the share link, Dawit with the code typed
 * into the lobby; all get ready, everyone accepts Abebe's bet (the pot shows), and Abebe starts.
 *
 * The deal is the server's (seeded at random), so the game is played by a small, complete strategy that reads each
 * player's own page: their hand (the cards' test hooks, checked against their accessible names in the player's
 * language), the top card, the suit, the penalty, the counts and whose turn it is; it waits until all three tables
 * agree, then taps a card that fits (choosing a suit after an 8 or J), stacks on a penalty chain or takes the cards,
 * or draws and then plays or passes. Two things the suite must show are made certain by construction: the first
 * player down to one card taps Qeregn in time (the others see it); the next other player down to one card says
 * nothing, the next player moves (the window closes) and the third player taps Crazy (the caught hand grows by the
 * rule's 2 cards). Until both have happened nobody plays their last card (they draw instead), so the game cannot end
 * first. Then the winner's wallet has the pot, every history shows the match, the replay walks every step and its
 * captions, its end and its revealed hands match what was played, and the ledger audit is clean.
 *
 * Synchronisation is always on visible state (texts, buttons, the cards shown), never on sleeps.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { CHROMIUM, chromiumAvailable, REPO_ROOT, startQal, type QalServer } from './support/qal-server.ts';
import { expectWalletShows, numberIn, pageApi as api } from './support/page.ts';

const pgUrl = chromiumAvailable() ? await findTestPostgres() : null;

/** A loaded 2-core machine answers slower than a person waits; every visible state must come within this. */
const SETTLE_MS = 30_000;
const SETTLE = { timeout: SETTLE_MS, interval: 100 };

const WELCOME_TOKENS = 100;
/** Crazy's cost (the create form's minimum once Crazy is chosen). */
const ENTRY_FEE = 15;
const PENALTY = 5;
const BET = 10;
const PLAYERS = 3;
/** The bet's stakes in the pot. */
const STAKES = BET * PLAYERS;
/** The house's rake: 10 % of the entry fees (rounded down), nothing of the stakes (docs/product-rules.md, "Rooms"). */
const RAKE = Math.floor((ENTRY_FEE * PLAYERS * 10) / 100);
/** What the winner takes: every entry fee and stake, less the rake. */
const PRIZE = ENTRY_FEE * PLAYERS + STAKES - RAKE;
const ROOM_NAME = 'Saturday Crazy';
/** A right Crazy call makes the caught player draw this many (docs/product-rules.md, "Crazy"). */
const CRAZY_CALL_DRAW = 2;
/** rules.ts decision 13: the winner's base score, plus the points of the cards the others still hold. */
const WIN_POINTS = 100;
/** A game that has not ended after this many moves is stuck (a real game takes well under a hundred). */
const MOVES_LIMIT = 600;

const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'] as const;
type Suit = (typeof SUITS)[number];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
type Rank = (typeof RANKS)[number];
interface Card {
  readonly id: string;
  readonly suit: Suit;
  readonly rank: Rank;
}
const SUIT_OF_LETTER: Readonly<Record<string, Suit>> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };
const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

/** `h-8-1` → the 8 of hearts (card ids name the suit letter, rank and deck copy). */
function cardOfId(id: string): Card {
  const [letter, rank] = id.split('-');
  const suit = SUIT_OF_LETTER[letter ?? ''];
  if (!suit || !(RANKS as readonly string[]).includes(rank ?? '')) throw new Error(`not a card id: ${id}`);
  return { id, suit, rank: rank as Rank };
}
/** The replay's short label: `8♥`. */
const shortLabel = (card: Pick<Card, 'suit' | 'rank'>) => `${card.rank}${SUIT_SYMBOL[card.suit]}`;

type Language = 'en' | 'am';

/** The words each language's pages use (client/src/locales/{en,am}/{multiplayer,crazy}.json). */
const TEXT = {
  en: {
    profileSaved: 'Profile saved',
    crazyGame: 'Crazy (card game)',
    ready: "I'm ready",
    acceptBet: 'Accept bet',
    agreed: 'Everyone accepted',
    pot: (count: number) => `Stakes in the pot: ${count} tokens`,
    prize: (count: number) => `Prize: ${count} tokens`,
    yourTurn: 'Your turn',
    theirTurn: /^(.+)'s turn$/,
    rankWords: { A: 'ace', J: 'jack', Q: 'queen', K: 'king' } as Partial<Record<Rank, string>>,
    suitWords: { hearts: 'hearts', diamonds: 'diamonds', clubs: 'clubs', spades: 'spades' } as Record<Suit, string>,
    cardName: (rank: string, suit: string) => `${rank} of ${suit}`,
    suitNames: { hearts: 'Hearts', diamonds: 'Diamonds', clubs: 'Clubs', spades: 'Spades' } as Record<Suit, string>,
    actions: 'Your moves',
    buttons: { play: 'Play', draw: 'Draw', take: 'Take the cards', pass: 'Pass (Yelegnm)', qeregn: 'Qeregn', crazy: 'Crazy' },
    chooseSuit: 'Choose the suit',
    saidQeregn: 'Qeregn!',
    callOn: (name: string) => `Crazy on ${name}`,
    cards: (count: number) => `${count} ${count === 1 ? 'card' : 'cards'}`,
    youWon: 'You won!',
    theyWon: (name: string) => `${name} won`,
    historyResult: { won: 'Won', lost: 'Lost' },
    payout: 'Winnings',
    replayOf: (room: string) => `Replay ${room}`,
    position: /^Step (\d+) of (\d+)$/,
    play: 'Play',
    pause: 'Pause',
    forward: 'Step forward',
    back: 'Step back',
    slider: 'Step',
    everyHand: 'Every hand',
    captions: {
      start: (name: string) => `The cards are dealt; ${name} starts`,
      play: (name: string, cards: string) => `${name} played ${cards}`,
      draw: (name: string, count: number) => `${name} drew ${count} ${count === 1 ? 'card' : 'cards'}`,
      qeregn: (name: string) => `${name} said Qeregn`,
      missed: (name: string) => `${name} did not say Qeregn in time`,
      caught: (name: string, target: string) => `${name} caught ${target}: Crazy!`,
      end: (name: string) => `${name} won the game`,
    },
    kinds: { wrongPlay: /: wrong card$/, falseCall: /: a false call$/, timeout: /ran out of time$/ },
  },
  am: {
    profileSaved: 'መገለጫው ተቀምጧል',
    crazyGame: 'ክሪዚ (የካርታ ጨዋታ)',
    ready: 'ዝግጁ ነኝ',
    acceptBet: 'ውርርዱን እቀበላለሁ',
    agreed: 'ሁሉም ተቀብለዋል',
    pot: (count: number) => `በሽልማቱ ውስጥ ያለ ውርርድ፦ ${count} ቶከን`,
    prize: (count: number) => `ሽልማት፦ ${count} ቶከን`,
    yourTurn: 'የእርስዎ ተራ ነው',
    theirTurn: /^ተራ፦ (.+)$/,
    rankWords: {} as Partial<Record<Rank, string>>,
    suitWords: { hearts: 'ልብ', diamonds: 'አልማዝ', clubs: 'ክለብ', spades: 'ስፔድ' } as Record<Suit, string>,
    cardName: (rank: string, suit: string) => `የ${suit} ${rank}`,
    suitNames: { hearts: 'ልብ', diamonds: 'አልማዝ', clubs: 'ክለብ', spades: 'ስፔድ' } as Record<Suit, string>,
    actions: 'የእርስዎ እንቅስቃሴዎች',
    buttons: { play: 'ይጣሉ', draw: 'ይሳቡ', take: 'ካርታዎቹን ይውሰዱ', pass: 'የለኝም', qeregn: 'ቀረኝ', crazy: 'ክሪዚ' },
    chooseSuit: 'ዓይነቱን ይምረጡ',
    saidQeregn: 'ቀረኝ!',
    callOn: (name: string) => `«ክሪዚ» ${name} ላይ`,
    cards: (count: number) => `${count} ${count === 1 ? 'ካርታ' : 'ካርታዎች'}`,
    youWon: 'አሸንፈዋል!',
    theyWon: (name: string) => `${name} አሸንፈዋል`,
    historyResult: { won: 'አሸንፈዋል', lost: 'ተሸንፈዋል' },
    payout: 'የአሸናፊነት ድርሻ',
    replayOf: (room: string) => `ድጋሚ ይመልከቱ፦ ${room}`,
    position: /^እርምጃ (\d+) ከ(\d+)$/,
    play: 'ያጫውቱ',
    pause: 'ለአፍታ ያቁሙ',
    forward: 'ወደ ፊት',
    back: 'ወደ ኋላ',
    slider: 'እርምጃ',
    everyHand: 'የሁሉም ካርታዎች',
    captions: {
      start: (name: string) => `ካርታዎቹ ተሰጡ፤ ${name} ይጀምራሉ`,
      play: (name: string, cards: string) => `${name} ${cards} ጣሉ`,
      draw: (name: string, count: number) => `${name} ${count} ${count === 1 ? 'ካርታ' : 'ካርታዎች'} ሳቡ`,
      qeregn: (name: string) => `${name} «ቀረኝ» አሉ`,
      missed: (name: string) => `${name} በጊዜው «ቀረኝ» አላሉም`,
      caught: (name: string, target: string) => `${name} ${target} ላይ «ክሪዚ» አሉ፤ ትክክል ነበር`,
      end: (name: string) => `${name} ጨዋታውን አሸንፈዋል`,
    },
    kinds: { wrongPlay: /የተሳሳተ ካርታ$/, falseCall: /በስህተት «ክሪዚ» አሉ$/, timeout: /ጊዜ አለቀባቸው$/ },
  },
} as const;
type Text = (typeof TEXT)[Language];
type ActionKey = keyof Text['buttons'];

/** A card's accessible name in a language: "8 of hearts", "jack of clubs" / "የልብ 8". */
const cardName = (text: Text, card: Pick<Card, 'suit' | 'rank'>) =>
  text.cardName(text.rankWords[card.rank] ?? card.rank, text.suitWords[card.suit]);

interface Player {
  readonly name: string;
  readonly language: Language;
  /** '' or '/am': the address prefix of the player's language. */
  readonly prefix: '' | '/am';
  readonly text: Text;
  readonly context: BrowserContext;
  readonly page: Page;
  /** A second tab on the wallet page, updated live by the server's pushes. */
  readonly wallet: Page;
  readonly id: string;
}

/** What one page of the table shows, as the DOM has it (read in the browser in one go). */
interface ShownRaw {
  readonly table: boolean;
  readonly over: boolean;
  readonly busy: boolean;
  readonly turn: string;
  readonly hand: readonly { id: string; name: string; pressed: boolean }[];
  readonly top: string | null;
  readonly suit: string | null;
  readonly penalty: string | null;
  readonly deck: string;
  readonly pile: string;
  readonly seats: readonly { id: string; count: string; badge: string }[];
  readonly buttons: readonly { name: string; disabled: boolean }[];
  readonly chooser: { readonly locked: boolean; readonly suits: readonly { name: string; disabled: boolean }[] } | null;
}

/** One player's table, understood: ids, cards and numbers. */
interface Shown {
  readonly over: boolean;
  readonly busy: boolean;
  /** Whose turn the page says it is (a player id). */
  readonly turn: string;
  readonly hand: readonly Card[];
  readonly top: Pick<Card, 'suit' | 'rank'> | null;
  readonly suit: Suit | null;
  readonly penalty: number;
  readonly deck: number;
  readonly pile: number;
  /** Cards each player holds: their own hand, the others' seats. */
  readonly counts: Readonly<Record<string, number>>;
  /** The others' seats that show "Qeregn!". */
  readonly qeregn: readonly string[];
  /** Which of the action buttons are enabled. */
  readonly enabled: Readonly<Record<ActionKey, boolean>>;
}

/** The table all three pages agree on. */
interface Table extends Omit<Shown, 'hand' | 'enabled' | 'busy'> {
  readonly hands: Readonly<Record<string, readonly Card[]>>;
  /** The buttons of the player whose turn it is. */
  readonly enabled: Readonly<Record<ActionKey, boolean>>;
}

/** What happened, in order, as the test made it happen: the replay must tell the same story. */
type Happened =
  | { kind: 'play'; by: Player; cards: readonly Card[] }
  | { kind: 'draw'; by: Player; count: number }
  | { kind: 'qeregn'; by: Player }
  | { kind: 'missed'; by: Player }
  | { kind: 'caught'; by: Player; target: Player }
  | { kind: 'end'; by: Player };

/** The first whole number in a text ("Draw 4 or stack a 2" → 4). */
const firstNumber = (text: string) => Number(/\d+/.exec(text)?.[0] ?? NaN);

// The rules the strategy needs (docs/product-rules.md, "Crazy"; the engine's decider is the authority, these only choose).
const isWild = (card: Card) => card.rank === '8' || card.rank === 'J';
const isAceOfSpades = (card: Pick<Card, 'suit' | 'rank'>) => card.rank === 'A' && card.suit === 'spades';
const isTwo = (card: Pick<Card, 'rank'>) => card.rank === '2';
function stacksOn(top: Pick<Card, 'suit' | 'rank'>, card: Card): boolean {
  if (isAceOfSpades(top)) return isAceOfSpades(card) || (isTwo(card) && card.suit === 'spades');
  if (isTwo(top)) return isTwo(card) || (isAceOfSpades(card) && top.suit === 'spades');
  return false;
}
function fits(card: Card, table: Pick<Table, 'top' | 'suit' | 'penalty'>): boolean {
  if (table.top === null) return true;
  if (table.penalty > 0) return stacksOn(table.top, card);
  return isWild(card) || card.suit === table.suit || card.rank === table.top.rank;
}
/** A card's points left in a loser's hand (rules.ts CRAZY_CARD_POINTS, the A♠ 20). */
function pointsOf(card: Card): number {
  if (isAceOfSpades(card)) return 20;
  if (isWild(card)) return 20;
  if (card.rank === 'A') return 1;
  if (card.rank === 'Q' || card.rank === 'K') return 10;
  return Number(card.rank);
}

/**
 * The card to play, or null to draw (or take the penalty, or pass). A lone last card is held back until the Qeregn
 * and the Crazy catch have both happened, so the game cannot end before them. Plain cards go before the 8s and Js,
 * and of those the suit the hand has most of, so the hand keeps fitting.
 */
function choosePlay(hand: readonly Card[], table: Table, mayGoOut: boolean): Card | null {
  if (hand.length === 1 && !mayGoOut) return null;
  const held = suitCounts(hand);
  const fitting = hand.filter((card) => fits(card, table));
  fitting.sort((a, b) => Number(isWild(a)) - Number(isWild(b)) || held[b.suit] - held[a.suit]);
  return fitting[0] ?? null;
}
const suitCounts = (cards: readonly Card[]) => {
  const counts: Record<Suit, number> = { hearts: 0, diamonds: 0, clubs: 0, spades: 0 };
  for (const card of cards) counts[card.suit] += 1;
  return counts;
};
/** After an 8 or J: the suit the rest of the hand has most of. */
function suitToChoose(hand: readonly Card[], played: Card): Suit {
  const counts = suitCounts(hand.filter((card) => card.id !== played.id));
  return [...SUITS].sort((a, b) => counts[b] - counts[a])[0] ?? played.suit;
}

describe.skipIf(!pgUrl)('Crazy in three browsers: a whole game with a bet, Qeregn, a Crazy catch and the replay', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: QalServer;
  let browser: Browser;
  let abebe: Player;
  let sara: Player;
  let dawit: Player;
  let players: Player[] = [];
  let code = '';
  let matchId = '';
  const happened: Happened[] = [];
  let winner: Player;
  /** The hands as the players last saw them before the winning card (the losers keep theirs to the end). */
  let finalHands: Record<string, readonly Card[]> = {};
  let phoneCounter = 0;
  /** For the summary line: how often the game took these turns. */
  let passes = 0;
  let suitsChosen = 0;
  let stacked = 0;
  let tookPenalty = 0;

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
  const byId = (id: string) => {
    const player = players.find((p) => p.id === id);
    if (!player) throw new Error(`no player ${id}`);
    return player;
  };

  async function openTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(SETTLE_MS);
    return page;
  }

  /** A new player on a phone: signs in with the printed code, then names themselves on the profile page. */
  async function newPlayer(language: Language, name: string): Promise<Player> {
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
    await page.getByTestId('save-profile').click();
    await page.getByText(TEXT[language].profileSaved).first().waitFor();
    const me = await api<{ data: { id: string; name: string } }>(page, 'GET', '/user');
    expect(me.json.data.name).toBe(name);
    const wallet = await openTab(context);
    await wallet.goto(`${server.baseUrl}${prefix}/wallet`);
    // The player plays in the first tab: in front, so its animation frames (and Playwright's taps) are not held back.
    await page.bringToFront();
    const player: Player = { name, language, prefix, text: TEXT[language], context, page, wallet, id: me.json.data.id };
    await expectWallet(player, { balance: WELCOME_TOKENS, held: 0 });
    return player;
  }

  const expectWallet = (player: Player, expected: { balance: number; held: number }) => expectWalletShows(player.wallet, expected, SETTLE);

  const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: SETTLE_MS });

  /** Polls `read` (visible state) until it gives a value; on a timeout, says what it last saw. */
  async function until<T>(what: string, read: () => Promise<T | null>, timeout = SETTLE_MS): Promise<T> {
    let found: T | null = null;
    let last: unknown = null;
    try {
      await expect
        .poll(
          async () => {
            found = await read().catch((error: unknown) => ((last = error), null));
            return found !== null;
          },
          { timeout, interval: SETTLE.interval },
        )
        .toBe(true);
    } catch (error) {
      const seen = await Promise.all(players.map(async (p) => `${p.name}: ${JSON.stringify(await rawTable(p).catch(() => null))}`));
      throw new Error(`${what}: not seen within ${timeout} ms (${String(last ?? error)})\n${seen.join('\n')}`, { cause: error });
    }
    return found!;
  }

  it('signs in three new players on phones, two in English and one in Amharic', async () => {
    abebe = await newPlayer('en', 'Abebe');
    sara = await newPlayer('am', 'Sara');
    dawit = await newPlayer('en', 'Dawit');
    players = [abebe, sara, dawit];
    expect(await sara.page.locator('html').getAttribute('lang')).toBe('am');
  });

  it('creates a Crazy room in the lobby; Sara joins with the share link, Dawit with the code', async () => {
    const { page } = abebe;
    await page.goto(url(abebe, '/multiplayer'));
    await page.locator('label.chip', { hasText: TEXT.en.crazyGame }).click();
    expect(await page.getByTestId('create-game-crazy').isChecked()).toBe(true);
    // Crazy rooms deal cards, not words: no word language to choose; the fee moves to Crazy's cost.
    await expect.poll(() => page.getByRole('group', { name: 'Word language' }).count(), SETTLE).toBe(0);
    await expect.poll(() => page.getByLabel('Entry fee (tokens)').inputValue(), SETTLE).toBe(String(ENTRY_FEE));
    await page.getByLabel('Room name').fill(ROOM_NAME);
    await page.getByLabel('Maximum players').fill(String(PLAYERS));
    await page.getByLabel('Penalty (tokens)').fill(String(PENALTY));
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.waitForURL('**/multiplayer/room/*');
    code = (await page.getByTestId('room-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await visible(page.getByRole('heading', { name: ROOM_NAME }));

    // Sara opens the link Abebe shared (no password: she is in at once, on her waiting-room page in Amharic).
    await sara.page.goto(url(sara, `/multiplayer/join/${code}`));
    await sara.page.waitForURL(`**/am/multiplayer/room/${code}`);
    await visible(sara.page.getByRole('heading', { name: ROOM_NAME }));

    // Dawit types the code into the lobby's join form.
    await dawit.page.goto(url(dawit, '/multiplayer'));
    await dawit.page.getByTestId('join-code-input').fill(code.toLowerCase());
    await dawit.page.getByTestId('join-code-submit').click();
    await dawit.page.waitForURL(`**/multiplayer/room/${code}`);
    await visible(dawit.page.getByRole('heading', { name: ROOM_NAME }));
    for (const joiner of [sara, dawit])
      await visible(page.getByTestId('room-player').filter({ hasText: joiner.name }).getByText('Not ready'));
  });

  it('gets everyone ready (the wallets hold the fee and the penalty), agrees a bet (the pot and the prize show) and starts', async () => {
    for (const player of players) {
      await player.page.getByRole('button', { name: player.text.ready }).click();
      await expectWallet(player, { balance: WELCOME_TOKENS, held: ENTRY_FEE + PENALTY });
    }
    for (const other of [sara, dawit])
      await visible(abebe.page.getByTestId('room-player').filter({ hasText: other.name }).getByText('Ready', { exact: true }));

    await abebe.page.locator('label.chip', { hasText: `${BET} tokens` }).click();
    expect(await abebe.page.getByRole('radio', { name: `${BET} tokens` }).isChecked()).toBe(true);
    await abebe.page.getByRole('button', { name: 'Propose bet' }).click();
    for (const other of [sara, dawit]) {
      await visible(other.page.getByTestId('bet-state').getByText(other.text.pot(STAKES)));
      await other.page.getByRole('button', { name: other.text.acceptBet }).click();
    }
    for (const player of players) {
      await visible(player.page.getByTestId('bet-state').getByText(player.text.agreed));
      await visible(player.page.getByTestId('bet-state').getByText(player.text.pot(STAKES)));
      await visible(player.page.getByTestId('room-prize').getByText(player.text.prize(PRIZE)));
      await expectWallet(player, { balance: WELCOME_TOKENS, held: ENTRY_FEE + PENALTY + BET });
    }

    const start = abebe.page.getByRole('button', { name: 'Start game' });
    await expect.poll(() => start.isEnabled(), SETTLE).toBe(true);
    await start.click();
    for (const player of players) {
      await player.page.waitForURL(`**${player.prefix}/multiplayer/game/${code}`);
      await visible(player.page.getByTestId('crazy'));
      // The entry fee and the stake are spent; the penalty stays held until the end.
      await expectWallet(player, { balance: WELCOME_TOKENS - ENTRY_FEE - BET, held: PENALTY });
    }
    const room = await api<{ data: { room: { matchId: string; status: string } } }>(abebe.page, 'GET', `/rooms/${code}`);
    expect(room.json.data.room.status).toBe('in_progress');
    matchId = room.json.data.room.matchId;
  });

  /** Everything the table page shows that the strategy reads, straight from the DOM (one round trip). */
  function rawTable(player: Player): Promise<ShownRaw> {
    return player.page.evaluate(() => {
      interface El {
        readonly textContent: string | null;
        readonly disabled?: boolean;
        getAttribute(name: string): string | null;
        querySelector(selector: string): El | null;
        querySelectorAll(selector: string): ArrayLike<El>;
      }
      const doc = (globalThis as unknown as { document: El }).document;
      const root = doc.querySelector('[data-testid="crazy"]');
      const all = (selector: string) => Array.from(root?.querySelectorAll(selector) ?? []);
      const text = (selector: string) => root?.querySelector(selector)?.textContent?.trim() ?? null;
      const chooser = root?.querySelector('[data-testid="suit-chooser"]') ?? null;
      return {
        table: root !== null,
        over: root?.querySelector('[data-testid="final-result"]') != null,
        busy: root?.querySelector('.crazy-controls')?.getAttribute('aria-busy') === 'true',
        // Whose turn shows in the game strip (the page's top bar while the table has the whole screen), outside the table.
        turn: doc.querySelector('[data-testid="whose-turn"]')?.textContent?.trim() ?? '',
        hand: all('[data-testid="crazy-hand"] button[data-card-id]').map((b) => ({
          id: b.getAttribute('data-card-id') ?? '',
          name: b.getAttribute('aria-label') ?? '',
          pressed: b.getAttribute('aria-pressed') === 'true',
        })),
        top: root?.querySelector('[data-testid="crazy-pile"] [role="img"]')?.getAttribute('aria-label') ?? null,
        suit: text('[data-testid="crazy-suit"]'),
        penalty: text('[data-testid="crazy-penalty"]'),
        deck: text('[data-testid="crazy-deck"]') ?? '',
        pile: all('.crazy-top .small').at(-1)?.textContent ?? '',
        seats: all('[data-testid="crazy-seat"]').map((s) => ({
          id: s.getAttribute('data-player-id') ?? '',
          count: s.querySelector('[data-testid="crazy-seat-count"]')?.textContent ?? '',
          badge: s.querySelector('.badge')?.textContent ?? '',
        })),
        buttons: all('.crazy-actions button').map((b) => ({ name: b.textContent?.trim() ?? '', disabled: b.disabled === true })),
        chooser: chooser && {
          locked: chooser.querySelectorAll('p').length > 1,
          suits: Array.from(chooser.querySelectorAll('.crazy-suit-buttons button')).map((b) => ({
            name: b.textContent?.trim() ?? '',
            disabled: b.disabled === true,
          })),
        },
      };
    });
  }

  /** A player's table, understood; null while the page shows none. Checks each card's name in their language. */
  async function shown(player: Player): Promise<Shown | null> {
    const raw = await rawTable(player);
    if (!raw.table) return null;
    const { text } = player;
    const hand = raw.hand.map((b) => {
      const card = cardOfId(b.id);
      expect(b.name, `${player.name}'s card ${b.id}`).toBe(cardName(text, card));
      return card;
    });
    const turnName = text.theirTurn.exec(raw.turn)?.[1];
    const turn = raw.turn === text.yourTurn ? player.id : (players.find((p) => p.name === turnName)?.id ?? '');
    const top = raw.top === null ? null : (topCardNamed(text, raw.top) ?? null);
    if (raw.top !== null && top === null) throw new Error(`${player.name} sees a top card named ${raw.top}`);
    const suit =
      raw.suit === null ? null : (SUITS.find((s) => raw.suit!.includes(SUIT_SYMBOL[s]) && raw.suit!.includes(text.suitNames[s])) ?? null);
    const counts: Record<string, number> = { [player.id]: hand.length };
    const qeregn: string[] = [];
    for (const seat of raw.seats) {
      counts[seat.id] = firstNumber(seat.count);
      if (seat.badge === text.saidQeregn) qeregn.push(seat.id);
    }
    const enabled = Object.fromEntries(
      (Object.entries(text.buttons) as [ActionKey, string][]).map(([key, name]) => [
        key,
        raw.buttons.some((b) => b.name === name && !b.disabled),
      ]),
    ) as Record<ActionKey, boolean>;
    return {
      over: raw.over,
      busy: raw.busy,
      turn,
      hand,
      top,
      suit,
      penalty: raw.penalty === null ? 0 : firstNumber(raw.penalty),
      deck: firstNumber(raw.deck),
      pile: firstNumber(raw.pile),
      counts,
      qeregn: qeregn.sort(),
      enabled,
    };
  }

  function topCardNamed(text: Text, name: string): Pick<Card, 'suit' | 'rank'> | undefined {
    for (const suit of SUITS) for (const rank of RANKS) if (cardName(text, { suit, rank }) === name) return { suit, rank };
    return undefined;
  }

  /**
   * The table once all three pages show the same one (no move on its way, the same turn, top card, suit, penalty,
   * deck, pile, counts and Qeregn marks, every hand's size as the others' seats show it); or the game's end.
   */
  async function settled(): Promise<Table | 'over'> {
    return until('the three tables agreeing', async () => {
      const views = await Promise.all(players.map(shown));
      if (views.some((v) => v === null || v.busy)) return null;
      const all = views as Shown[];
      if (all.every((v) => v.over)) return 'over' as const;
      if (all.some((v) => v.over)) return null;
      const [first] = all;
      const same = (pick: (v: Shown) => unknown) => all.every((v) => JSON.stringify(pick(v)) === JSON.stringify(pick(first!)));
      if (!first!.turn || !same((v) => [v.turn, v.top, v.suit, v.penalty, v.deck, v.pile])) return null;
      for (const p of players) {
        if (!same((v) => v.counts[p.id])) return null;
        // The Qeregn mark of a player, as the two others see it.
        const marks = all.filter((_, i) => players[i] !== p).map((v) => v.qeregn.includes(p.id));
        if (marks.some((m) => m !== marks[0])) return null;
      }
      const current = all[players.findIndex((p) => p.id === first!.turn)]!;
      const qeregn = players.filter((p) => all.some((v, i) => players[i] !== p && v.qeregn.includes(p.id))).map((p) => p.id);
      return {
        over: false,
        turn: first!.turn,
        top: first!.top,
        suit: first!.suit,
        penalty: first!.penalty,
        deck: first!.deck,
        pile: first!.pile,
        counts: first!.counts,
        qeregn,
        hands: Object.fromEntries(players.map((p, i) => [p.id, all[i]!.hand])),
        enabled: current.enabled,
      } satisfies Table;
    });
  }

  /** The winner's score (rules.ts decision 13): the base plus the points of the cards the others still hold. */
  const winnerScore = () =>
    WIN_POINTS +
    players
      .filter((p) => p !== winner)
      .flatMap((p) => finalHands[p.id]!)
      .reduce((sum, card) => sum + pointsOf(card), 0);

  const actions = (player: Player) => player.page.getByRole('group', { name: player.text.actions });
  const tapAction = (player: Player, key: ActionKey) =>
    actions(player).getByRole('button', { name: player.text.buttons[key], exact: true }).click();

  /** Waits until the player's own page shows the result of their move (no move on its way any more). */
  const afterMove = (player: Player, what: string, done: (v: Shown) => boolean) =>
    until(`${player.name}: ${what}`, async () => {
      const v = await shown(player);
      return v && !v.busy && done(v) ? v : null;
    });

  /** Taps a card of the hand, then Play; after an 8 or J, picks the suit in the chooser. */
  async function play(player: Player, card: Card, table: Table): Promise<Shown> {
    const hand = table.hands[player.id]!;
    const button = player.page.locator(`[data-testid="crazy-hand"] [data-card-id="${card.id}"]`);
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed'), SETTLE).toBe('true');
    const chooser = player.page.getByRole('group', { name: player.text.chooseSuit });
    const lockedWild = isWild(card) && (await rawTable(player)).chooser?.locked === true;
    await tapAction(player, 'play');
    if (isWild(card) && !lockedWild && table.penalty === 0) {
      // The suit chooser opens; a locked suit (the player before changed it) shows the note and plays at once.
      await chooser.getByRole('button', { name: player.text.suitNames[suitToChoose(hand, card)], exact: true }).click();
      suitsChosen += 1;
    }
    const after = await afterMove(player, `plays ${card.id}`, (v) => v.over || !v.hand.some((c) => c.id === card.id));
    happened.push({ kind: 'play', by: player, cards: [card] });
    return after;
  }

  async function draw(player: Player, table: Table, key: 'draw' | 'take') {
    const before = table.hands[player.id]!.length;
    await tapAction(player, key);
    const after = await afterMove(player, key === 'draw' ? 'draws' : 'takes the penalty', (v) =>
      key === 'draw' ? v.hand.length > before : v.penalty === 0 && v.hand.length > before,
    );
    happened.push({ kind: 'draw', by: player, count: after.hand.length - before });
    if (key === 'take') expect(after.hand.length - before).toBe(Math.min(table.penalty, table.deck + table.pile - 1));
  }

  async function pass(player: Player) {
    await tapAction(player, 'pass');
    passes += 1;
    await afterMove(player, 'passes', (v) => v.turn !== player.id);
  }

  /** Says Qeregn; the two others see the mark on the player's seat. */
  async function sayQeregn(player: Player) {
    await tapAction(player, 'qeregn');
    await afterMove(player, 'says Qeregn', (v) => !v.enabled.qeregn);
    for (const other of players.filter((p) => p !== player)) {
      await visible(
        other.page.locator(`[data-testid="crazy-seat"][data-player-id="${player.id}"]`).getByText(other.text.saidQeregn, { exact: true }),
      );
    }
    happened.push({ kind: 'qeregn', by: player });
  }

  /** `caller` taps Crazy on `target` (the only one to call, or picked by name); the catch shows on every table. */
  async function callCrazy(caller: Player, target: Player, table: Table) {
    const callerCards = table.hands[caller.id]!.length;
    expect(table.counts[target.id]).toBe(1);
    await tapAction(caller, 'crazy');
    const picker = caller.page.getByTestId('crazy-targets');
    if (await picker.isVisible()) await picker.getByRole('button', { name: caller.text.callOn(target.name) }).click();
    // The caught player's hand grows by the rule's draw: on their own page and on everyone's seats.
    await afterMove(target, 'is caught', (v) => v.hand.length === 1 + CRAZY_CALL_DRAW);
    for (const other of players.filter((p) => p !== target)) {
      await visible(
        other.page
          .locator(`[data-testid="crazy-seat"][data-player-id="${target.id}"]`)
          .getByText(other.text.cards(1 + CRAZY_CALL_DRAW), { exact: true }),
      );
    }
    // A right call costs the caller nothing (a false one would have cost a card).
    const after = await afterMove(caller, 'called Crazy', (v) => !v.enabled.crazy);
    expect(after.hand.length).toBe(callerCards);
    happened.push({ kind: 'caught', by: caller, target }, { kind: 'draw', by: target, count: CRAZY_CALL_DRAW });
  }

  it('plays the whole game through the UI: someone says Qeregn in time, someone else is caught by Crazy, someone wins', async () => {
    /** Who said Qeregn in time, when the first player went down to one card. */
    let declared: Player | null = null;
    /** The player who went down to one card without a word, and whose window the next move closes. */
    let forgot: { player: Player; nextUp: string | null; closed: boolean } | null = null;
    let caught: Player | null = null;
    let moves = 0;

    for (;;) {
      const table = await settled();
      if (table === 'over') break;
      if (++moves > MOVES_LIMIT) throw new Error(`the game did not end within ${MOVES_LIMIT} moves`);
      finalHands = { ...table.hands };

      if (forgot) {
        forgot.nextUp ??= table.turn;
        // The next player has moved (or the turn timed out): the window is closed and a call is right now.
        if (forgot.closed || table.turn !== forgot.nextUp) {
          // A turn that ran out closed it, not a move of ours: the replay says so all the same.
          if (!forgot.closed) happened.push({ kind: 'missed', by: forgot.player });
          const caller = players.find((p) => p !== forgot!.player && p.id !== forgot!.nextUp) ?? players.find((p) => p !== forgot!.player)!;
          await callCrazy(caller, forgot.player, table);
          caught = forgot.player;
          forgot = null;
          continue;
        }
      }

      const player = byId(table.turn);
      const hand = table.hands[player.id]!;
      const card = choosePlay(hand, table, declared !== null && caught !== null);
      if (forgot && player !== forgot.player) {
        // This move closes the forgetful player's window: the replay says so before the move.
        happened.push({ kind: 'missed', by: forgot.player });
        forgot.closed = true;
      }
      if (card) {
        if (table.penalty > 0) stacked += 1;
        const after = await play(player, card, table);
        if (after.over) {
          winner = player;
          happened.push({ kind: 'end', by: player });
          continue;
        }
        if (after.hand.length === 1) {
          if (declared === null) {
            await sayQeregn(player);
            declared = player;
          } else if (caught === null && forgot === null && player !== declared) {
            forgot = { player, nextUp: null, closed: false };
          } else {
            await sayQeregn(player);
          }
        }
      } else if (table.penalty > 0) {
        await draw(player, table, 'take');
        tookPenalty += 1;
      } else if (table.enabled.draw) {
        await draw(player, table, 'draw');
      } else {
        expect(table.enabled.pass, `${player.name} can pass after drawing`).toBe(true);
        await pass(player);
      }
    }

    expect(declared).not.toBeNull();
    expect(caught).not.toBeNull();
    expect(declared).not.toBe(caught);
    const tally = (kind: Happened['kind']) => happened.filter((h) => h.kind === kind).length;
    console.log(
      `crazy e2e: ${moves} moves (${tally('play')} cards played, ${tally('draw')} draws, ${passes} passes, ${suitsChosen} suits chosen, ` +
        `${stacked} penalty cards stacked, ${tookPenalty} penalties taken); ` +
        `${declared!.name} said Qeregn, ${caught!.name} was caught, ${winner.name} won`,
    );

    // Everyone sees the end: the winner's own title, the others' "… won", the winner's score from the cards left.
    for (const loser of players.filter((p) => p !== winner)) expect(finalHands[loser.id]!.length).toBeGreaterThan(0);
    const score = winnerScore();
    for (const player of players) {
      await visible(player.page.getByTestId('final-result'));
      const title = (await player.page.getByTestId('result-title').innerText()).trim();
      expect(title).toBe(player === winner ? player.text.youWon : player.text.theyWon(winner.name));
      expect(numberIn(await player.page.getByTestId('result-score').innerText())).toBe(player === winner ? score : 0);
      await expect
        .poll(async () => numberIn(await player.page.getByTestId('result-tokens').innerText()), SETTLE)
        .toBe(player === winner ? PRIZE - BET - ENTRY_FEE : -BET - ENTRY_FEE);
      await visible(player.page.getByTestId('result-prize').getByText(player.text.prize(PRIZE)));
      await expect.poll(() => player.page.getByTestId('net-row').count(), SETTLE).toBe(PLAYERS);
    }
  });

  it('pays the prize into the winner’s wallet and shows the match in every history', async () => {
    for (const player of players) {
      await expectWallet(player, { balance: WELCOME_TOKENS - ENTRY_FEE - BET + (player === winner ? PRIZE : 0), held: 0 });
    }
    const payout = winner.wallet.getByTestId('tx-row').filter({ hasText: winner.text.payout });
    await visible(payout);
    expect(numberIn(await payout.first().locator('.tx-amount').innerText())).toBe(PRIZE);

    const score = winnerScore();
    for (const player of players) {
      await player.page.goto(url(player, '/multiplayer/history'));
      const item = player.page.getByTestId('history-item').filter({ hasText: ROOM_NAME });
      await visible(item);
      expect(await player.page.getByTestId('history-item').count()).toBe(1);
      await visible(item.getByText(player.text.historyResult[player === winner ? 'won' : 'lost'], { exact: true }));
      expect(numberIn(await item.getByTestId('history-tokens').innerText())).toBe(
        player === winner ? PRIZE - BET - ENTRY_FEE : -BET - ENTRY_FEE,
      );
      expect(await item.innerText()).toContain(`${winner.name} ${score}`);
    }
  });

  /** The caption the replay gives what happened, in a language. */
  function caption(text: Text, h: Happened): string {
    switch (h.kind) {
      case 'play':
        return text.captions.play(h.by.name, h.cards.map(shortLabel).join(' '));
      case 'draw':
        return text.captions.draw(h.by.name, h.count);
      case 'qeregn':
        return text.captions.qeregn(h.by.name);
      case 'missed':
        return text.captions.missed(h.by.name);
      case 'caught':
        return text.captions.caught(h.by.name, h.target.name);
      case 'end':
        return text.captions.end(h.by.name);
    }
  }

  /** Every hand the replay's step shows: player id → the cards' names, sorted. */
  async function replayHands(page: Page): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    const hands = page.getByTestId('replay-hand');
    for (let i = 0; i < (await hands.count()); i++) {
      const hand = hands.nth(i);
      const names = await hand.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('aria-label') ?? ''));
      out[(await hand.getAttribute('data-player-id')) ?? ''] = names.sort();
    }
    return out;
  }

  it('replays the game step by step, telling what happened, and shows every hand once over', async () => {
    const replay = await api<{ data: { steps: { kind: string }[] } }>(abebe.page, 'GET', `/matches/${matchId}/replay`);
    expect(replay.status).toBe(200);
    const stepCount = replay.json.data.steps.length;

    // Abebe, in English, steps through every step one by one and reads each caption.
    const { page, text } = abebe;
    await page.goto(url(abebe, `/multiplayer/replay/${matchId}`));
    const at = async () => {
      const match = text.position.exec((await page.getByTestId('replay-position').innerText()).trim());
      return match ? { index: Number(match[1]), count: Number(match[2]) } : null;
    };
    const captionAt = async () => (await page.getByTestId('replay-caption').innerText()).trim();
    await expect.poll(at, SETTLE).toEqual({ index: 1, count: stepCount });
    const captions: string[] = [await captionAt()];
    for (let index = 2; index <= stepCount; index += 1) {
      await page.getByRole('button', { name: text.forward }).click();
      await expect.poll(at, SETTLE).toEqual({ index, count: stepCount });
      captions.push(await captionAt());
    }
    expect(await page.getByRole('button', { name: text.forward }).isDisabled()).toBe(true);
    expect(players.map((p) => text.captions.start(p.name))).toContain(captions[0]);

    // What the test made happen, in order, is what the replay tells: every card played, every draw, the Qeregn,
    // the window that closed on the forgetful player, the catch and the winner; and no wrong card or false call.
    const expected = happened.map((h) => caption(text, h));
    const told = new Set(expected);
    const timeouts = captions.filter((c) => text.kinds.timeout.test(c));
    const compared = captions.filter((c) => told.has(c) || text.kinds.wrongPlay.test(c) || text.kinds.falseCall.test(c));
    if (timeouts.length === 0) {
      expect(compared).toEqual(expected);
    } else {
      // A turn that ran out on a slow machine draws a card of its own: everything the players did is still there.
      console.warn(`crazy e2e: ${timeouts.length} turn(s) ran out: ${timeouts.join('; ')}`);
      const notDraws = (list: string[]) => list.filter((c) => !/ drew \d+ cards?$/.test(c));
      expect(notDraws(compared)).toEqual(notDraws(expected));
    }
    expect(captions.filter((c) => c.startsWith(`${winner.name} played`)).length).toBe(
      happened.filter((h) => h.kind === 'play' && h.by === winner).length,
    );
    expect(captions.at(-1)).toBe(text.captions.end(winner.name));

    // Once over, every hand is shown: the losers' cards as they held them, the winner's none.
    await visible(page.getByRole('heading', { name: text.everyHand }));
    const hands = await replayHands(page);
    for (const player of players) {
      const held = player === winner ? [] : finalHands[player.id]!.map((card) => cardName(text, card)).sort();
      expect(hands[player.id], `${player.name}'s hand at the end`).toEqual(held);
    }
  });

  it('replays in Amharic from the history: play, pause, step, and the end with every hand', async () => {
    const { page, text } = sara;
    await page.getByRole('link', { name: text.replayOf(ROOM_NAME) }).click();
    await page.waitForURL(`**/am/multiplayer/replay/${matchId}`);
    const at = async () => {
      const match = text.position.exec((await page.getByTestId('replay-position').innerText()).trim());
      return match ? { index: Number(match[1]), count: Number(match[2]) } : null;
    };
    const first = await until('the replay in Amharic', at);
    expect(first.index).toBe(1);
    const stepCount = first.count;
    expect(players.map((p) => text.captions.start(p.name))).toContain((await page.getByTestId('replay-caption').innerText()).trim());

    await page.getByRole('button', { name: text.play, exact: true }).click();
    await expect.poll(async () => (await at())?.index, SETTLE).toBeGreaterThan(1);
    await page.getByRole('button', { name: text.pause }).click();
    await visible(page.getByRole('button', { name: text.play, exact: true }));
    const paused = (await at())!.index;
    await page.getByRole('button', { name: text.forward }).click();
    await expect.poll(async () => (await at())?.index, SETTLE).toBe(paused + 1);
    await page.getByRole('button', { name: text.back }).click();
    await expect.poll(async () => (await at())?.index, SETTLE).toBe(paused);

    // The slider jumps to the end: the winner, in Amharic, and every hand with the cards' Amharic names.
    await page.getByRole('slider', { name: text.slider }).focus();
    await page.keyboard.press('End');
    await expect.poll(at, SETTLE).toEqual({ index: stepCount, count: stepCount });
    expect((await page.getByTestId('replay-caption').innerText()).trim()).toBe(text.captions.end(winner.name));
    await visible(page.getByRole('heading', { name: text.everyHand }));
    const hands = await replayHands(page);
    for (const player of players) {
      const held = player === winner ? [] : finalHands[player.id]!.map((card) => cardName(text, card)).sort();
      expect(hands[player.id], `${player.name}'s hand at the end`).toEqual(held);
    }
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
    expect(audit.out).toMatch(/holds placed \d+: posted \d+, voided \d+, expired 0, pending 0/);
    expect(audit.out).toMatch(new RegExp(`== escrow:${matchId}\\n.*\\n\\s*closing balance 0, held 0,`));
  });
});
