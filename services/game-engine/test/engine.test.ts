import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid, type JsonObject } from '@qal/events';
import {
  HANGMAN_COST_TOKENS,
  HANGMAN_DAILY_PLAY_LIMIT,
  HANGMAN_HINTS,
  HANGMAN_LIVES,
  HANGMAN_TIME_LIMIT_MS,
  PLAY_REQUEST_STALE_MS,
} from '../src/config.ts';
import { commitmentOf, fairRandom } from '../src/fairness/fairness.ts';
import { hangman, feeTransferId, refundTransferId, rewardTransferId } from '../src/index.ts';

type HangmanLanguage = hangman.HangmanLanguage;
import { at, command, data, reason, startEngine, T0, wordOf, type EngineHarness } from './support.ts';

type View = hangman.HangmanView;

let h: EngineHarness;
let users = 0;

beforeAll(async () => {
  h = await startEngine();
});
afterAll(async () => {
  await h?.close();
});

const newPlayer = (tokens = 100) => {
  const userId = `player-${++users}`;
  h.ledger.fund(userId, tokens);
  return userId;
};

const play = (userId: string, issuedAt: string, extra: Record<string, unknown> = {}, matchId = newUuid(), commandId?: string) =>
  h.engine.handle(command('PlayHangman', userId, { matchId, userId, language: 'en', ...extra }, issuedAt, commandId));

const guess = (userId: string, matchId: string, letter: string, issuedAt: string, commandId?: string) =>
  h.engine.handle(command('MakeMove', userId, { matchId, userId, move: { type: 'guess', letter } }, issuedAt, commandId));

const hint = (userId: string, matchId: string, issuedAt: string) =>
  h.engine.handle(command('MakeMove', userId, { matchId, userId, move: { type: 'hint' } }, issuedAt));

async function start(userId: string, issuedAt = at(0), extra: Record<string, unknown> = {}) {
  const outcome = await play(userId, issuedAt, extra);
  const { matchId, view } = data(outcome) as { matchId: string; view: View };
  return { matchId, view, word: await wordOf(h.store, matchId) };
}

/** The keys of a word in the order they first appear. */
const keysOf = (language: HangmanLanguage, word: string) => [
  ...new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null)),
];
const wrongKeys = (language: HangmanLanguage, word: string) => hangman.keysOf(language).filter((k) => !keysOf(language, word).includes(k));

const feesOf = (matchId: string) => h.ledger.movements().filter((m) => m.matchId === matchId && m.reason === 'game_fee');

describe('the paid start', () => {
  it('charges the cost to the house, then starts a game whose view hides the word', async () => {
    const userId = newPlayer();
    const { matchId, view, word } = await start(userId);

    expect(h.ledger.wallet(userId)).toBe(100 - HANGMAN_COST_TOKENS);
    expect(feesOf(matchId)).toEqual([
      {
        transferId: feeTransferId(matchId),
        from: `wallet:${userId}`,
        to: 'house',
        amount: HANGMAN_COST_TOKENS,
        reason: 'game_fee',
        matchId,
      },
    ]);
    expect(view).toMatchObject({ status: 'playing', language: 'en', livesLeft: HANGMAN_LIVES, hintsLeft: HANGMAN_HINTS, guessed: [] });
    expect(view.slots.every((s) => s === null || s === ' ')).toBe(true);
    expect(view.word).toBeUndefined();
    expect(Date.parse(view.deadline) - Date.parse(view.startedAt)).toBe(HANGMAN_TIME_LIMIT_MS);
    expect(JSON.stringify(view).toLowerCase()).not.toContain(word.toLowerCase());
  });

  it('charges once and starts once when the same command is sent again, even concurrently', async () => {
    const userId = newPlayer();
    const matchId = newUuid();
    const commandId = newUuid();
    const outcomes = await Promise.all([0, 1, 2].map(() => play(userId, at(0), {}, matchId, commandId)));
    const again = await play(userId, at(5_000), {}, matchId, commandId);

    const views = [...outcomes, again].map((o) => data(o).view as View);
    expect(new Set(views.map((v) => v.startedAt)).size).toBe(1);
    expect(feesOf(matchId)).toHaveLength(1);
    expect(h.ledger.wallet(userId)).toBe(100 - HANGMAN_COST_TOKENS);
    const starts = (await h.store.readStream(`match-${matchId}`)).filter((e) => e.type === 'HangmanStarted');
    expect(starts).toHaveLength(1);
  });

  it('resumes after a crash between the charge and the start: the retry charges nothing more and starts the game', async () => {
    const userId = newPlayer();
    const matchId = newUuid();
    const commandId = newUuid();
    h.ledger.failNext('after');
    await expect(play(userId, at(0), {}, matchId, commandId)).rejects.toThrow(/injected/);
    expect(h.ledger.wallet(userId)).toBe(100 - HANGMAN_COST_TOKENS);

    const retried = data(await play(userId, at(2_000), {}, matchId, commandId));
    expect((retried.view as View).status).toBe('playing');
    expect(feesOf(matchId)).toHaveLength(1);
    expect(h.ledger.wallet(userId)).toBe(100 - HANGMAN_COST_TOKENS);
  });

  it('refuses with insufficient_tokens, moves nothing, and does not count the attempt against the daily limit', async () => {
    const userId = newPlayer(HANGMAN_COST_TOKENS - 1);
    const matchId = newUuid();
    const outcome = await play(userId, at(0), {}, matchId);

    expect(reason(outcome)).toBe('insufficient_tokens');
    expect(h.ledger.movements().filter((m) => m.from === `wallet:${userId}` || m.to === `wallet:${userId}`)).toEqual([]);
    expect(h.ledger.wallet(userId)).toBe(HANGMAN_COST_TOKENS - 1);
    expect(reason(await play(userId, at(1_000), {}, matchId))).toBe('insufficient_tokens');
    const plays = await h.engine.queries.dailyPlays(userId, T0);
    expect(plays.played).toBe(0);
  });

  it('refuses an unknown language or category before anything is charged', async () => {
    const userId = newPlayer();
    expect(reason(await play(userId, at(0), { language: 'fr' }))).toBe('unknown_language');
    expect(reason(await play(userId, at(0), { category: 'planets' }))).toBe('unknown_category');
    expect(h.ledger.wallet(userId)).toBe(100);
  });

  it('allows 20 plays per Addis Ababa day, refuses the 21st without charging, and allows again the next day', async () => {
    const userId = newPlayer(1_000);
    // 06:00Z is 09:00 in Addis Ababa; 20:59Z is 23:59 there, 21:00Z already the next day.
    for (let i = 0; i < HANGMAN_DAILY_PLAY_LIMIT; i += 1) expect(reason(await play(userId, at(i * 1000)))).toBe('succeeded');
    const balance = h.ledger.wallet(userId);

    const refused = await play(userId, '2026-03-02T20:59:00.000Z');
    expect(reason(refused)).toBe('daily_limit_reached');
    expect(h.ledger.wallet(userId)).toBe(balance);
    expect(await h.engine.queries.dailyPlays(userId, T0)).toMatchObject({
      played: HANGMAN_DAILY_PLAY_LIMIT,
      limit: HANGMAN_DAILY_PLAY_LIMIT,
    });

    expect(reason(await play(userId, '2026-03-02T21:00:00.000Z'))).toBe('succeeded');
  });

  it('holds the daily limit when the last plays of the day race', async () => {
    const userId = newPlayer(1_000);
    for (let i = 0; i < HANGMAN_DAILY_PLAY_LIMIT - 2; i += 1) await play(userId, at(i));
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => play(userId, at(100 + i))));
    expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(2);
    expect(outcomes.filter((o) => reason(o) === 'daily_limit_reached')).toHaveLength(4);
    expect(h.ledger.wallet(userId)).toBe(1_000 - HANGMAN_DAILY_PLAY_LIMIT * HANGMAN_COST_TOKENS);
  });

  it('abandons a start nobody finished and refunds its fee, by event time', async () => {
    const userId = newPlayer();
    const matchId = newUuid();
    h.ledger.failNext('after');
    await expect(play(userId, at(0), {}, matchId)).rejects.toThrow(/injected/);

    await h.engine.sweep(new Date(T0.getTime() + PLAY_REQUEST_STALE_MS - 1_000));
    expect((await h.engine.queries.match(matchId))?.status).toBe('requested');

    await h.engine.sweep(new Date(T0.getTime() + PLAY_REQUEST_STALE_MS + 1_000));
    expect((await h.engine.queries.match(matchId))?.status).toBe('abandoned');
    expect(h.ledger.wallet(userId)).toBe(100);
    expect(
      h.ledger
        .movements()
        .filter((m) => m.matchId === matchId)
        .map((m) => [m.transferId, m.reason, m.amount]),
    ).toEqual([
      [feeTransferId(matchId), 'game_fee', HANGMAN_COST_TOKENS],
      [refundTransferId(matchId), 'refund', HANGMAN_COST_TOKENS],
    ]);
    // A late retry of the start gets the named refusal, and sweeping again refunds nothing more.
    expect(reason(await play(userId, at(PLAY_REQUEST_STALE_MS + 2_000), {}, matchId))).toBe('play_abandoned');
    await h.engine.sweep(new Date(T0.getTime() + PLAY_REQUEST_STALE_MS + 60_000));
    expect(h.ledger.movements().filter((m) => m.matchId === matchId)).toHaveLength(2);
  });

  it('refunds nothing when an abandoned start had not been charged and the wallet cannot pay it now', async () => {
    const userId = newPlayer(HANGMAN_COST_TOKENS);
    const matchId = newUuid();
    h.ledger.failNext('before');
    await expect(play(userId, at(0), {}, matchId)).rejects.toThrow(/injected/);
    // Meanwhile the player spends their tokens on another game.
    expect(reason(await play(userId, at(1_000)))).toBe('succeeded');

    await h.engine.sweep(new Date(T0.getTime() + PLAY_REQUEST_STALE_MS + 1_000));
    expect(h.ledger.movements().filter((m) => m.matchId === matchId)).toEqual([]);
    expect(h.ledger.wallet(userId)).toBe(0);
  });
});

describe('moves', () => {
  it('reveals right guesses, counts wrong ones, and rejects repeats and non-letters by name', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId);
    const [right] = keysOf('en', word);
    const [wrong] = wrongKeys('en', word);

    const afterRight = data(await guess(userId, matchId, right!.toUpperCase(), at(1_000))).view as View;
    expect(afterRight.guessed).toEqual([right]);
    expect(afterRight.slots.filter((s) => s !== null && s.toLowerCase() === right)).not.toHaveLength(0);

    const afterWrong = data(await guess(userId, matchId, wrong!, at(2_000))).view as View;
    expect(afterWrong).toMatchObject({ wrongGuesses: 1, livesLeft: HANGMAN_LIVES - 1, missed: [wrong] });

    expect(reason(await guess(userId, matchId, right!, at(3_000)))).toBe('already_guessed');
    expect(reason(await guess(userId, matchId, 'ሀ', at(3_000)))).toBe('not_a_letter_of_this_language');
    expect(reason(await guess(newPlayer(), matchId, 'e', at(3_000)))).toBe('not_your_match');
    expect(reason(await guess(userId, newUuid(), 'e', at(3_000)))).toBe('match_not_found');
  });

  it('answers a retried move with the current view and no second effect', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId);
    const [wrong] = wrongKeys('en', word);
    const commandId = newUuid();
    const first = data(await guess(userId, matchId, wrong!, at(1_000), commandId)).view as View;
    const again = data(await guess(userId, matchId, wrong!, at(1_500), commandId)).view as View;
    expect(first.wrongGuesses).toBe(1);
    expect(again.wrongGuesses).toBe(1);
  });

  it('loses on the seventh wrong guess and only then shows the word', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId);
    const wrong = wrongKeys('en', word).slice(0, HANGMAN_LIVES);
    let view: View | undefined;
    for (const [i, letter] of wrong.entries()) {
      view = data(await guess(userId, matchId, letter, at(1_000 + i * 1_000))).view as View;
      if (i < HANGMAN_LIVES - 1) expect(view.word).toBeUndefined();
    }
    expect(view).toMatchObject({ status: 'lost', livesLeft: 0, word, score: 0, tokensWon: 0, xpWon: 0, lossReason: 'lives' });
    expect(reason(await guess(userId, matchId, keysOf('en', word)[0]!, at(20_000)))).toBe('game_over');
  });

  it('gives two hints, each revealing a letter, then refuses with no_hints_left', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId, at(0), { difficulty: 'hard' });
    const first = data(await hint(userId, matchId, at(1_000))).view as View;
    expect(first.hintsLeft).toBe(HANGMAN_HINTS - 1);
    expect(first.guessed).toHaveLength(1);
    const second = data(await hint(userId, matchId, at(2_000))).view as View;
    expect(second.hintsLeft).toBe(0);
    expect(reason(await hint(userId, matchId, at(3_000)))).toBe('no_hints_left');
  });

  it('ends a game as lost when a move comes at or after the deadline, by the command time', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId, at(0));
    const lateRightGuess = await guess(userId, matchId, keysOf('en', word)[0]!, at(HANGMAN_TIME_LIMIT_MS));
    expect(data(lateRightGuess).view).toMatchObject({ status: 'lost', lossReason: 'time', word });
  });

  it('expires an idle game from the sweeper once the deadline has passed, not before', async () => {
    const userId = newPlayer();
    const { matchId } = await start(userId, at(0));
    await h.engine.sweep(new Date(T0.getTime() + HANGMAN_TIME_LIMIT_MS - 1));
    expect((await h.engine.queries.match(matchId))?.status).toBe('playing');
    await h.engine.sweep(new Date(T0.getTime() + HANGMAN_TIME_LIMIT_MS + 1));
    expect((await h.engine.queries.match(matchId))?.view).toMatchObject({ status: 'lost', lossReason: 'time' });
  });

  it('plays an Amharic game by family keys to a win', async () => {
    const userId = newPlayer();
    const { matchId, word, view } = await start(userId, at(0), { language: 'am' });
    expect(view.language).toBe('am');
    let last: View | undefined;
    for (const [i, key] of keysOf('am', word).entries()) last = data(await guess(userId, matchId, key, at(1_000 + i * 1_000))).view as View;
    expect(last).toMatchObject({ status: 'won', word });
    expect(last!.slots.join('')).toBe(word);
  });
});

describe('rewards, stats and replay', () => {
  it('pays the win reward once from issuance and records the XP, even when the move is retried', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId, at(0));
    const keys = keysOf('en', word);
    for (const [i, key] of keys.slice(0, -1).entries()) await guess(userId, matchId, key, at(1_000 + i * 500));
    const winningCommand = newUuid();
    const won = data(await guess(userId, matchId, keys.at(-1)!, at(10_000), winningCommand)).view as View;
    await guess(userId, matchId, keys.at(-1)!, at(11_000), winningCommand);
    await h.engine.sweep(new Date(T0.getTime() + 60_000));

    expect(won.status).toBe('won');
    expect(won.score).toBeGreaterThan(0);
    expect(won.tokensWon).toBe(Math.min(5, Math.floor(won.score! / 100)));
    expect(won.xpWon).toBe(Math.min(10, 5 + Math.floor(won.score! / 100)));
    const rewards = h.ledger.movements().filter((m) => m.matchId === matchId && m.reason === 'reward');
    expect(rewards).toEqual([
      { transferId: rewardTransferId(matchId), from: 'issuance', to: `wallet:${userId}`, amount: won.tokensWon, reason: 'reward', matchId },
    ]);
    expect(h.ledger.wallet(userId)).toBe(100 - HANGMAN_COST_TOKENS + won.tokensWon!);
  });

  it('pays a reward the winning move could not, from the sweeper, once', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId, at(0));
    const keys = keysOf('en', word);
    for (const [i, key] of keys.slice(0, -1).entries()) await guess(userId, matchId, key, at(1_000 + i * 500));
    h.ledger.failNext('before');
    const won = data(await guess(userId, matchId, keys.at(-1)!, at(10_000))).view as View;
    expect(h.ledger.movements().filter((m) => m.matchId === matchId && m.reason === 'reward')).toEqual([]);

    await h.engine.sweep(new Date(T0.getTime() + 30_000));
    await h.engine.sweep(new Date(T0.getTime() + 40_000));
    const rewards = h.ledger.movements().filter((m) => m.matchId === matchId && m.reason === 'reward');
    expect(rewards.map((r) => r.amount)).toEqual([won.tokensWon]);
  });

  it('refuses the replay before the end and gives every step after it', async () => {
    const userId = newPlayer();
    const { matchId, word } = await start(userId, at(0));
    expect(await h.engine.queries.replay(matchId)).toBe('match_not_over');
    expect(await h.engine.queries.replay(newUuid())).toBeNull();

    const [wrong] = wrongKeys('en', word);
    await guess(userId, matchId, wrong!, at(1_000));
    await hint(userId, matchId, at(2_000));
    const keys = keysOf('en', word);
    let i = 0;
    for (const key of keys) {
      const outcome = await guess(userId, matchId, key, at(3_000 + i++ * 100));
      if (outcome.status === 'succeeded' && (outcome.data.view as View).status === 'won') break;
    }
    const replay = await h.engine.queries.replay(matchId);
    if (replay === null || replay === 'match_not_over' || replay.kind !== 'hangman') throw new Error('expected a replay');
    expect(replay.word).toBe(word);
    expect(replay.steps[0]).toMatchObject({ kind: 'start', view: { status: 'playing' } });
    expect(replay.steps[1]).toMatchObject({ kind: 'guess', letter: wrong, hit: false });
    expect(replay.steps[2]).toMatchObject({ kind: 'hint' });
    expect(replay.steps.at(-1)).toMatchObject({ kind: 'won', view: { status: 'won', word } });
    for (const step of replay.steps.slice(0, -1)) expect(step.view.word).toBeUndefined();
  });

  it('computes the player statistics from finished games', async () => {
    const userId = newPlayer(1_000);
    // A win, then a loss, then a win: 2 of 3, current streak 1, longest 1.
    const results: View[] = [];
    for (const outcome of ['won', 'lost', 'won'] as const) {
      const { matchId, word } = await start(userId, at(results.length * 200_000));
      const keys = outcome === 'won' ? keysOf('en', word) : wrongKeys('en', word).slice(0, HANGMAN_LIVES);
      let view: View | undefined;
      for (const [i, key] of keys.entries())
        view = data(await guess(userId, matchId, key, at(results.length * 200_000 + 1_000 + i * 100))).view as View;
      results.push(view!);
    }
    // A game in progress does not count.
    await start(userId, at(700_000));

    const stats = await h.engine.queries.stats(userId);
    const scores = results.map((r) => r.score!);
    const xp = results.reduce((a, r) => a + r.xpWon!, 0);
    expect(stats.overall_stats).toMatchObject({
      games_played: 3,
      wins: 2,
      win_rate: 0.6667,
      total_score: scores[0]! + scores[2]!,
      highest_score: Math.max(...scores),
      average_score: Math.round(((scores[0]! + scores[2]!) / 3) * 10) / 10,
      tokens_earned: results[0]!.tokensWon! + results[2]!.tokensWon!,
      xp,
      level: 1,
      rounds: 3,
      current_streak: 1,
      longest_streak: 1,
      last_played: results[2]!.status === 'won' ? expect.any(String) : null,
    });
    expect(stats.by_game.hangman).toMatchObject({ games_played: 3, wins: 2 });
    expect(stats.by_category.word).toMatchObject({ games_played: 3, wins: 2 });
    expect((await h.engine.queries.stats(newPlayer())).overall_stats).toMatchObject({
      games_played: 0,
      win_rate: 0,
      level: 1,
      last_played: null,
    });
  });
});

describe('provable fairness', () => {
  const streamOf = async (matchId: string) => h.store.readStream(`match-${matchId}`);
  const requestOf = async (matchId: string) => (await streamOf(matchId)).find((e) => e.type === 'HangmanRequested')!.data;

  it('draws the word from the player’s seeds: the commitment shown from the start, a nonce per game, the seed revealed at the end', async () => {
    const userId = newPlayer();
    const first = await start(userId, at(0), { category: 'animals', difficulty: 'easy' });
    const request = await requestOf(first.matchId);
    const { serverSeed, clientSeed } = request as { serverSeed: string; clientSeed: string };
    // The nonce is taken, and a client seed drawn for a first game of chance, with the request, on fairness-<user>.
    expect((await h.store.readStream(`fairness-${userId}`)).map((e) => [e.type, e.data])).toEqual([
      ['ClientSeedSet', { clientSeed, at: at(0) }],
      ['NonceTaken', { matchId: first.matchId, nonce: 0 }],
    ]);
    expect(request).toMatchObject({ commitment: commitmentOf(serverSeed), nonce: 0 });
    expect(first.view.fairness).toEqual({ commitment: commitmentOf(serverSeed), serverSeed: null, clientSeed, nonce: 0 });
    expect(JSON.stringify(first.view)).not.toContain(serverSeed);
    expect(await h.engine.queries.fairness(userId)).toEqual({ clientSeed, nextNonce: 1 });

    // The word is the stream's first draw among the candidate words, in the bank's order.
    const candidates = hangman.candidateWords({ language: 'en', category: 'animals', difficulty: 'easy' });
    if (typeof candidates === 'string') throw new Error(candidates);
    const random = fairRandom({ serverSeed, clientSeed, nonce: 0 });
    const index = random.int(candidates.words.length);
    expect(first.word).toBe(candidates.words[index]!.word);

    // The next game takes the next nonce with the same client seed.
    const second = await start(userId, at(1_000));
    expect(second.view.fairness).toMatchObject({ clientSeed, nonce: 1 });
    expect((await requestOf(second.matchId)).serverSeed).not.toBe(serverSeed);

    // A hint, then the rest of the word: the end reveals the seed and the draws, and the view still parses.
    const hinted = data(await hint(userId, first.matchId, at(2_000))).view as View;
    expect(hinted.fairness?.serverSeed).toBeNull();
    let last = hinted;
    for (const [i, key] of keysOf('en', first.word)
      .filter((k) => !hinted.guessed.includes(k))
      .entries())
      last = data(await guess(userId, first.matchId, key, at(3_000 + i))).view as View;
    expect(last.status).toBe('won');
    expect(last.fairness).toEqual({ commitment: commitmentOf(serverSeed), serverSeed, clientSeed, nonce: 0 });
    const hintLetter = hinted.guessed[0]!;
    const hintCandidates = hangman.keysOf('en').filter((k) => keysOf('en', first.word).includes(k));
    const hintIndex = random.int(hintCandidates.length);
    expect(hintLetter).toBe(hintCandidates[hintIndex]);
    expect(last.draws).toEqual({
      word: { index, count: candidates.words.length },
      hints: [{ index: hintIndex, count: hintCandidates.length }],
    });
    expect(hangman.HangmanView.parse(last)).toEqual(last);
  });

  /** A match as the engine stored it before Hangman drew from the fairness module: an old `seed`, no commitment. */
  async function storeOldMatch(userId: string, matchId: string, started: boolean) {
    const day = at(0).slice(0, 10);
    const event = (type: string, eventData: JsonObject) => ({ eventId: newUuid(), type, data: eventData, metadata: {} });
    const events = [
      event('HangmanRequested', {
        matchId,
        playerId: userId,
        language: 'en',
        seed: 'an-old-base64url-seed',
        day,
        requestedAt: at(0),
        cost: HANGMAN_COST_TOKENS,
      }),
    ];
    if (started)
      events.push(
        event('HangmanStarted', {
          matchId,
          playerId: userId,
          language: 'en',
          category: 'animals',
          difficulty: 'easy',
          word: 'zebra',
          seed: 'an-old-base64url-seed',
          startedAt: at(0),
          deadline: at(HANGMAN_TIME_LIMIT_MS),
          lives: HANGMAN_LIVES,
          hints: HANGMAN_HINTS,
        }),
        event('LetterGuessed', { letter: 'z', hit: true, revealedPositions: [0], at: at(1_000) }),
      );
    await h.store.append([
      { streamId: `match-${matchId}`, streamType: 'hangman-match', expectedVersion: 'no_stream', events },
      {
        streamId: `hangman-plays-${userId}-${day}`,
        streamType: 'hangman-plays',
        expectedVersion: 'any',
        events: [event('PlaySlotTaken', { matchId })],
      },
    ]);
  }

  it('a game stored before fairness still loads, plays on (its hint from its old seed), ends and replays, showing no fairness', async () => {
    const userId = newPlayer();
    const matchId = newUuid();
    await storeOldMatch(userId, matchId, true);
    const view = (await h.engine.queries.matchView(matchId, userId, new Date(at(2_000))))!.view as View;
    expect(view).toMatchObject({ status: 'playing', guessed: ['z'], fairness: null });
    const hinted = data(await hint(userId, matchId, at(2_000))).view as View;
    expect(hinted.guessed).toHaveLength(2);
    let last = hinted;
    for (const [i, key] of ['e', 'b', 'r', 'a'].filter((k) => !hinted.guessed.includes(k)).entries())
      last = data(await guess(userId, matchId, key, at(3_000 + i))).view as View;
    expect(last).toMatchObject({ status: 'won', word: 'zebra', fairness: null });
    expect(last).not.toHaveProperty('draws');
    const replay = await h.engine.queries.replay(matchId);
    expect(replay).toMatchObject({ kind: 'hangman', word: 'zebra', final: { status: 'won', fairness: null } });
  });

  it('a start requested before fairness and left half-done is not started any more: the sweeper calls it off and refunds it', async () => {
    const userId = newPlayer();
    const matchId = newUuid();
    await storeOldMatch(userId, matchId, false);
    expect(reason(await play(userId, at(1_000), {}, matchId))).toBe('play_abandoned');
    expect((await streamOf(matchId)).map((e) => e.type)).toEqual(['HangmanRequested']);
    await h.engine.sweep(new Date(T0.getTime() + PLAY_REQUEST_STALE_MS + 1_000));
    expect((await streamOf(matchId)).map((e) => e.type)).toEqual(['HangmanRequested', 'HangmanAbandoned', 'HangmanFeeRefunded']);
    expect(h.ledger.wallet(userId)).toBe(100);
  });
});
