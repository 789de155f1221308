import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangman } from '@qal/game-engine';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { connectSocket } from './support/ws-client.ts';

type View = hangman.HangmanView;

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const walletOf = async (token: string) => (await call('GET', '/wallet', token)).json().data as { balance: number; available: number };

async function play(token: string, body: Record<string, unknown> = { language: 'en' }, headers: Record<string, string> = {}) {
  const response = await call('POST', '/games/hangman/play', token, body, headers);
  if (response.statusCode !== 200) throw new Error(`play failed: ${response.statusCode} ${response.body}`);
  const { matchId, view } = response.json().data as { matchId: string; view: View };
  return { matchId, view, word: await wordOf(matchId) };
}

/** Read from the store, as only the engine may: the test's way of knowing the word. */
async function wordOf(matchId: string): Promise<string> {
  const started = (await t.platform.store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted');
  return String(started?.data.word);
}

const keysOf = (language: 'en' | 'am', word: string) => [
  ...new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null)),
];
const wrongKeys = (language: 'en' | 'am', word: string) => hangman.keysOf(language).filter((k) => !keysOf(language, word).includes(k));

const guess = (token: string, matchId: string, letter: string, headers: Record<string, string> = {}) =>
  call('POST', `/matches/${matchId}/moves`, token, { type: 'guess', letter }, headers);

describe('catalogue and options', () => {
  it('lists the playable games with both languages, category and cost, and the 8 home categories', async () => {
    const response = await call('GET', '/games');
    expect(response.statusCode).toBe(200);
    const { games, categories } = response.json().data;
    expect(games).toEqual([
      expect.objectContaining({
        slug: 'hangman',
        category: 'word',
        cost: 9,
        multiplayer: false,
        title: { en: 'Hangman', am: expect.stringMatching(/[\u1200-\u137f]/) },
        description: { en: expect.any(String), am: expect.stringMatching(/[\u1200-\u137f]/) },
      }),
      // Crazy is played in rooms: listed as multiplayer, its instructions from its own rule table.
      expect.objectContaining({
        slug: 'crazy',
        category: 'card',
        cost: 15,
        multiplayer: true,
        players: { min: 2, max: 8 },
        instructions: { en: expect.stringContaining('Qeregn'), am: expect.stringContaining('ቀረኝ') },
      }),
      ...[
        ['codebreaker', 'code_breaker', 5],
        ['mines', 'mines', 1],
        ['sum-chaser', 'prediction', 5],
        ['geo-sprint', 'trivia', 8],
        ['math-sprint', 'math', 10],
        ['rapid-recall', 'memory', 8],
      ].map(([slug, category, cost]) => expect.objectContaining({ slug, category, cost, multiplayer: false })),
    ]);
    // Every one of the home page's 8 categories has a game to play.
    expect(categories).toHaveLength(8);
    const played = new Set(games.map((g: { category: string }) => g.category));
    for (const category of categories as { id: string }[]) expect(played.has(category.id), category.id).toBe(true);
  });

  it('gives each language its categories, difficulties and keyboard', async () => {
    const { languages, cost, dailyPlayLimit } = (await call('GET', '/games/hangman/options')).json().data;
    expect({ cost, dailyPlayLimit }).toEqual({ cost: 9, dailyPlayLimit: 20 });
    const en = languages.find((l: { language: string }) => l.language === 'en');
    const am = languages.find((l: { language: string }) => l.language === 'am');
    expect(en.keys).toHaveLength(26);
    expect(am.keys.slice(0, 3)).toEqual(['ሀ', 'ለ', 'መ']);
    expect(am.keys).not.toContain('ሐ');
    // The keyboard shows the sound-alike letters on their key, and a typed fidel finds its key.
    const ha = am.families.find((f: { key: string }) => f.key === 'ሀ');
    expect(ha.soundAlikes).toEqual(['ሐ', 'ኀ']);
    expect(ha.fidel).toContain('ኃ');
    expect(en.families).toEqual([]);
    expect(en.categories.length).toBeGreaterThanOrEqual(10);
    expect(en.difficulties.map((d: { id: string }) => d.id)).toEqual(['easy', 'medium', 'hard']);
  });
});

describe('playing Hangman over HTTP', () => {
  it('needs a session to play', async () => {
    expect((await call('POST', '/games/hangman/play', undefined, { language: 'en' })).json()).toMatchObject({ code: 'unauthorized' });
  });

  it('charges 9 tokens, plays to a win with the reward, XP and stats, and never shows the word before the end', async () => {
    const { token } = await t.signIn();
    const bodies: string[] = [];
    const response = await call('POST', '/games/hangman/play', token, { language: 'en', difficulty: 'medium' });
    bodies.push(response.body);
    const { matchId, view } = response.json().data as { matchId: string; view: View };
    const word = await wordOf(matchId);
    expect(view).toMatchObject({ status: 'playing', language: 'en', difficulty: 'medium', livesLeft: 7, hintsLeft: 2 });
    expect(await walletOf(token)).toMatchObject({ balance: 91 });
    const history = (await call('GET', '/wallet/transactions', token)).json().data.items;
    // The welcome grant may be posted after the game's fee (it follows the sign-in on its own): find the fee.
    expect(history).toContainEqual(expect.objectContaining({ amount: -9, reason: 'game_fee', matchId }));

    const [wrong] = wrongKeys('en', word);
    const missed = await guess(token, matchId, wrong!);
    bodies.push(missed.body);
    expect(missed.json().data.view).toMatchObject({ wrongGuesses: 1, livesLeft: 6 });
    bodies.push((await call('GET', `/matches/${matchId}`, token)).body);
    const early = await call('GET', `/matches/${matchId}/replay`, token);
    bodies.push(early.body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'match_not_over' });

    let last: View | undefined;
    for (const key of keysOf('en', word)) {
      const moved = await guess(token, matchId, key.toUpperCase());
      last = moved.json().data.view;
      if (last?.status !== 'won') bodies.push(moved.body);
    }
    for (const body of bodies) expect(body.toLowerCase()).not.toContain(`"${word.toLowerCase()}"`);
    for (const body of bodies) expect(body).not.toContain('"word"');

    expect(last).toMatchObject({ status: 'won', word, wrongGuesses: 1 });
    expect(last!.tokensWon).toBe(Math.min(5, Math.floor(last!.score! / 100)));
    expect(last!.xpWon).toBe(Math.min(10, 5 + Math.floor(last!.score! / 100)));
    expect(await walletOf(token)).toMatchObject({ balance: 91 + last!.tokensWon! });

    const stats = (await call('GET', '/user/stats', token)).json().data;
    expect(stats.overall_stats).toMatchObject({
      games_played: 1,
      wins: 1,
      win_rate: 1,
      total_score: last!.score,
      highest_score: last!.score,
      average_score: last!.score,
      tokens_earned: last!.tokensWon,
      xp: last!.xpWon,
      level: 1,
      last_played: expect.any(String),
    });
    expect(stats.by_game.hangman).toMatchObject({ games_played: 1, wins: 1 });

    const replay = (await call('GET', `/matches/${matchId}/replay`, token)).json().data;
    expect(replay.word).toBe(word);
    expect(replay.steps[0].kind).toBe('start');
    expect(replay.steps.at(-1)).toMatchObject({ kind: 'won' });
  });

  it('names the rejections of moves, in the caller’s language', async () => {
    const { token } = await t.signIn();
    const other = await t.signIn();
    const { matchId, word } = await play(token);
    // A wrong letter, so that the two hints below can never finish the word (every word has three keys or more).
    const [wrong] = wrongKeys('en', word);
    await guess(token, matchId, wrong!);

    const repeated = await guess(token, matchId, wrong!);
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toEqual({ success: false, code: 'already_guessed', message: 'You already guessed that letter' });
    const repeatedAm = await guess(token, matchId, wrong!, { 'accept-language': 'am' });
    expect(repeatedAm.json()).toMatchObject({ code: 'already_guessed', message: 'ይህን ፊደል አስቀድመው ገምተዋል' });
    expect((await guess(token, matchId, 'ሀ')).json()).toMatchObject({ code: 'not_a_letter_of_this_language' });
    expect((await guess(other.token, matchId, 'e')).json()).toMatchObject({ code: 'not_your_match' });
    expect((await call('GET', `/matches/${matchId}`, other.token)).statusCode).toBe(403);
    expect((await call('GET', '/matches/00000000-0000-4000-8000-000000000000', token)).json()).toMatchObject({ code: 'match_not_found' });
    expect((await call('POST', `/matches/${matchId}/moves`, token, { type: 'shout' })).json()).toMatchObject({ code: 'validation_failed' });
    expect((await call('POST', '/games/hangman/play', token, { language: 'fr' })).json()).toMatchObject({ code: 'unknown_language' });

    for (let i = 0; i < 2; i += 1) await call('POST', `/matches/${matchId}/moves`, token, { type: 'hint' });
    const noHints = await call('POST', `/matches/${matchId}/moves`, token, { type: 'hint' });
    expect(noHints.json()).toMatchObject({ code: 'no_hints_left', message: 'No hints left in this game' });
  });

  it('starts once and charges once for a retried play with the same Idempotency-Key', async () => {
    const { token } = await t.signIn();
    const headers = { 'idempotency-key': 'play-retry-1' };
    const first = await play(token, { language: 'am' }, headers);
    const second = await play(token, { language: 'am' }, headers);
    expect(second.matchId).toBe(first.matchId);
    expect(first.view.language).toBe('am');
    expect(await walletOf(token)).toMatchObject({ balance: 91 });
  });

  it('plays an Amharic game to a loss and shows the word only then', async () => {
    const { token } = await t.signIn();
    const { matchId, word } = await play(token, { language: 'am' });
    let last: View | undefined;
    for (const key of wrongKeys('am', word).slice(0, 7)) last = (await guess(token, matchId, key)).json().data.view;
    expect(last).toMatchObject({ status: 'lost', lossReason: 'lives', livesLeft: 0, word, tokensWon: 0, xpWon: 0 });
    expect((await guess(token, matchId, keysOf('am', word)[0]!)).json()).toMatchObject({ code: 'game_over' });
  });

  it('ends a game whose 120 s have passed as lost when it is next read', async () => {
    const { token } = await t.signIn();
    const { matchId, word } = await play(token);
    t.clock.advance(121_000);
    const view = (await call('GET', `/matches/${matchId}`, token)).json().data.view as View;
    expect(view).toMatchObject({ status: 'lost', lossReason: 'time', word });
  });

  it("refuses with 'Insufficient Tokens' and moves nothing when the wallet cannot pay", async () => {
    const { token } = await t.signIn();
    for (let i = 0; i < 11; i += 1) await play(token);
    expect(await walletOf(token)).toMatchObject({ balance: 1 });
    const refused = await call('POST', '/games/hangman/play', token, { language: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'insufficient_tokens',
      message: expect.stringContaining('enough tokens to start this game'),
    });
    expect(await walletOf(token)).toMatchObject({ balance: 1 });
  });

  it("refuses the 21st play of the day with 'Daily Limit Reached' and charges nothing", async () => {
    const { token } = await t.signIn();
    const purchase = (await call('POST', '/wallet/purchases', token, { package: 'tokens_250' })).json().data;
    await call('POST', `/payments/sandbox/${purchase.purchaseId}/confirm`, token);
    expect(await walletOf(token)).toMatchObject({ balance: 350 });
    for (let i = 0; i < 20; i += 1) await play(token);
    const refused = await call('POST', '/games/hangman/play', token, { language: 'en' });
    expect(refused.json()).toMatchObject({ code: 'daily_limit_reached', message: expect.stringContaining('daily play limit') });
    expect(await walletOf(token)).toMatchObject({ balance: 350 - 180 });
    expect((await call('GET', '/games/hangman/current', token)).json().data.plays).toMatchObject({ played: 20, limit: 20 });
  });
});

describe('playing over the websocket', () => {
  let base: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  });

  const connect = (token: string) => connectSocket(base, token);

  it('plays with command messages and pushes the view on the owner’s match channel only', async () => {
    const { token } = await t.signIn();
    const other = await t.signIn();
    const ws = await connect(token);
    ws.send({ type: 'command', id: 'p1', name: 'hangman.play', payload: { language: 'en' } });
    const started = await ws.next('result', (m) => m.id === 'p1');
    expect(started).toMatchObject({ ok: true, data: { view: { status: 'playing' } } });
    const { matchId } = started.data as { matchId: string };
    const word = await wordOf(matchId);

    ws.send({ type: 'subscribe', channel: `match:${matchId}` });
    const subscribed = await ws.next('subscribed', (m) => m.channel === `match:${matchId}`);
    expect(subscribed.snapshot).toMatchObject({ matchId, status: 'playing' });

    const spy = await connect(other.token);
    spy.send({ type: 'subscribe', channel: `match:${matchId}` });
    expect(await spy.next('error')).toMatchObject({ code: 'forbidden_channel' });

    const [wrong] = wrongKeys('en', word);
    ws.send({ type: 'command', id: 'm1', name: 'match.move', payload: { matchId, type: 'guess', letter: wrong } });
    expect(await ws.next('result', (m) => m.id === 'm1')).toMatchObject({ ok: true, data: { view: { wrongGuesses: 1 } } });
    const push = await ws.next('push', (m) => m.channel === `match:${matchId}` && (m.data as View).wrongGuesses === 1);
    expect(push.event).toBe('view');
    expect(push.version).toBeGreaterThan(subscribed.version);

    ws.send({ type: 'command', id: 'm2', name: 'match.move', payload: { matchId, type: 'guess', letter: wrong } });
    expect(await ws.next('result', (m) => m.id === 'm2')).toMatchObject({
      ok: false,
      code: 'already_guessed',
      message: 'You already guessed that letter',
    });

    for (const [i, key] of keysOf('en', word).entries()) {
      ws.send({ type: 'command', id: `w${i}`, name: 'match.move', payload: { matchId, type: 'guess', letter: key } });
      await ws.next('result', (m) => m.id === `w${i}`);
    }
    await ws.next('push', (m) => m.channel === `match:${matchId}` && (m.data as View).status === 'won');
    const beforeEnd = ws.received.filter(
      (m) =>
        !(m.type === 'push' && (m.data as View).status === 'won') &&
        !(m.type === 'result' && (m.data as { view?: View })?.view?.status === 'won'),
    );
    expect(JSON.stringify(beforeEnd)).not.toContain('"word"');
    ws.close();
    spy.close();
  });
});
