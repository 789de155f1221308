/**
 * A seeded simulation of single-player Hangman through the real engine service and the real ledger, on the memory
 * event store with PGlite read models. Thousands of games in English and Amharic, random players, choices, moves,
 * hints, idle players and slow ones, and faults between the engine and the ledger (a request lost before it
 * arrives, a reply lost after the tokens moved), with retried and duplicated commands.
 *
 * After every step: the view never shows the word before the end, a slot is shown exactly when its key was found,
 * lives add up, and a finished game's score, tokens and XP follow the formula of docs/product-rules.md. At the end: every token
 * movement is a ledger transfer that the games account for (one fee per started game, one reward per paying win,
 * a refund per abandoned start that was charged), every wallet equals the model, and the ledger audit is clean.
 *
 * SIM_SEED and SIM_GAMES change the run; a failure prints the seed to replay it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryEventStore,
  createSqlEventStore,
  openPgliteDatabase,
  START,
  uuidFrom,
  type CommandEnvelope,
  type CommandOutcome,
  type CommandSender,
  type EventStore,
  type Position,
  type SqlDatabase,
  type StoredEvent,
} from '@qal/events';
import { createGameEngine, hangman, type GameEngine } from '@qal/game-engine';
import { createLedger, createSandboxPaymentProvider, sandboxReference, type Ledger } from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';

const SEED = Number(process.env.SIM_SEED ?? 20260302);
const GAMES = Number(process.env.SIM_GAMES ?? 2000);
const PLAYERS = 120;
const COST = 9;
const LIVES = 7;
const LIMIT = 20;
const TIME_LIMIT_MS = 120_000;
const STALE_START_MS = 60_000;

/** mulberry32: the simulation's only randomness. */
function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
const random = rng(SEED);

type View = hangman.HangmanView;
type Language = 'en' | 'am';

// docs/product-rules.md, "Hangman (single-player)" and "Tokens", written out again here so the engine is checked against the rules,
// not against itself.
function multiplierTenths(language: Language, letters: number): number {
  const length = language === 'am' ? letters + 2 : letters;
  if (length >= 9) return 50;
  if (length === 8) return 40;
  if (length === 7) return 28;
  if (length === 6) return 20;
  if (length === 5) return 15;
  return 10;
}
function expectedScore(language: Language, word: string, wrong: number, hints: number, elapsedMs: number): number {
  const letters = [...word].filter((c) => c !== ' ').length;
  const m = multiplierTenths(language, letters);
  const remaining = Math.max(0, TIME_LIMIT_MS - elapsedMs);
  const score =
    (100 * m) / 10 +
    (10 * letters * m) / 10 -
    20 * wrong -
    50 * hints +
    (wrong === 0 && hints === 0 ? (200 * m) / 10 : 0) +
    Math.floor((50 * m * remaining) / (10 * TIME_LIMIT_MS));
  return Math.max(0, Math.round(score));
}
const viewIn = (outcome: CommandOutcome): View => (outcome.status === 'succeeded' ? (outcome.data.view as View) : ({} as View));
const tokensFor = (score: number) => Math.min(5, Math.floor(score / 100));
const xpFor = (score: number) => Math.min(10, 5 + Math.floor(score / 100));

/** Every string value in a JSON-like value. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsOf)
        : [];

/** Addis Ababa is UTC+3. */
const addisDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);

interface Faults {
  next: 'before' | 'after' | null;
  injected: number;
}

/** Between the engine and the ledger: a request lost before it arrives, or a reply lost after the tokens moved. */
function faultyLedger(ledger: Ledger, faults: Faults): CommandSender {
  return {
    async send(command: CommandEnvelope): Promise<CommandOutcome> {
      const fault = faults.next;
      faults.next = null;
      if (fault === 'before') {
        faults.injected += 1;
        throw new Error('request lost (simulated)');
      }
      const outcome = await ledger.handle(command);
      if (fault === 'after') {
        faults.injected += 1;
        throw new Error('reply lost (simulated)');
      }
      return outcome;
    },
  };
}

async function readAll(store: EventStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let after: Position = START;
  for (;;) {
    const page = await store.readAll(after, 2000);
    if (page.length === 0) return all;
    all.push(...page);
    const last = page.at(-1)!;
    after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
}

interface Player {
  readonly id: string;
  balance: number;
  plays: Map<string, number>;
  played: number;
  wins: number;
}

interface MatchRecord {
  readonly matchId: string;
  readonly player: Player;
  readonly language: Language;
  outcome: 'won' | 'lost' | 'refused' | 'abandoned';
  tokensWon: number;
  charged: boolean;
}

describe(`Hangman simulation (seed ${SEED}, ${GAMES} games)`, () => {
  let store: EventStore;
  let db: SqlDatabase;
  let ledger: Ledger;
  let engine: GameEngine;
  let now = Date.parse('2026-03-02T05:00:00.000Z');
  const faults: Faults = { next: null, injected: 0 };
  const players: Player[] = [];
  const matches: MatchRecord[] = [];
  const stats = { moves: 0, duplicates: 0, retries: 0, timeouts: 0, idle: 0, hints: 0, limitHits: 0, poorHits: 0, abandoned: 0 };
  let commandCounter = 0;
  /** Abandoned starts the sweeper has not called off yet. */
  let unsettled: { record: MatchRecord; day: string; requestedAt: number }[] = [];

  /** The sweeper at `now`, and what it does to the model: stale starts give their slot and any fee back. */
  async function sweep() {
    await engine.sweep(new Date(now));
    unsettled = unsettled.filter(({ record, day, requestedAt }) => {
      if (now - requestedAt < STALE_START_MS) return true;
      record.player.plays.set(day, (record.player.plays.get(day) ?? 1) - 1);
      if (record.charged) record.player.balance += COST;
      return false;
    });
  }

  const iso = () => new Date(now).toISOString();
  const envelope = (type: string, actorId: string, payload: Record<string, unknown>, issuedAt = iso()): CommandEnvelope => {
    const commandId = uuidFrom('sim', String(SEED), String(commandCounter++));
    return { commandId, type, actorId, payload, issuedAt, correlationId: commandId };
  };

  beforeAll(async () => {
    db = await openPgliteDatabase();
    store = process.env.SIM_STORE === 'memory' ? createMemoryEventStore() : await createSqlEventStore(db);
    ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
    await ledger.start();
    engine = createGameEngine({ store, db, commands: faultyLedger(ledger, faults), sweepIntervalMs: 0, clock: () => new Date(now) });
    await engine.start();
    for (let i = 0; i < PLAYERS; i += 1) {
      const id = `sim-${SEED}-${i}`;
      expect((await ledger.handle(envelope('OpenWallet', 'system:sim', { userId: id }))).status).toBe('succeeded');
      const player: Player = { id, balance: 100, plays: new Map(), played: 0, wins: 0 };
      // A few players buy tokens, so some play all day long and meet the daily limit.
      if (i % 10 === 0) {
        const purchaseId = uuidFrom('sim-purchase', id);
        await ledger.handle(envelope('StartPurchase', id, { userId: id, purchaseId, packageId: 'tokens_500' }));
        const confirmed = await ledger.handle(
          envelope('ConfirmPurchase', 'system:sim', { purchaseId, providerReference: sandboxReference(purchaseId) }),
        );
        expect(confirmed.status).toBe('succeeded');
        player.balance += 500;
      }
      players.push(player);
    }
  }, 120_000);

  afterAll(async () => {
    await engine?.stop();
    await ledger?.stop();
    await store?.close();
    await db?.close();
  });

  async function wordOf(matchId: string): Promise<string> {
    const started = (await store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted');
    return String(started!.data.word);
  }

  /** The invariants every view must keep; `word` is known to the test only. */
  function checkView(view: View, word: string, language: Language) {
    const keys = [...word].map((c) => hangman.keyOfCharacter(language, c));
    expect(view.slots).toHaveLength(keys.length);
    view.slots.forEach((slot, i) => {
      const key = keys[i];
      if (key === null) expect(slot).toBe(word[i]);
      else expect(slot === null ? null : slot).toBe(view.guessed.includes(key!) ? [...word][i] : null);
    });
    expect(view.wrongGuesses).toBe(view.missed.length);
    expect(view.livesLeft).toBe(Math.max(0, LIVES - view.missed.length));
    expect(view.missed.every((k) => view.guessed.includes(k) && !keys.includes(k))).toBe(true);
    if (view.status === 'playing') {
      expect(view.word).toBeUndefined();
      expect(view.score).toBeUndefined();
      const json = JSON.stringify(view);
      expect(json).not.toContain('"word"');
      // No value of the view is the word (its category may share the name, as "school" does).
      const { category: _category, ...rest } = view;
      expect(stringsOf(rest)).not.toContain(word);
    } else {
      expect(view.word).toBe(word);
    }
  }

  /** Sends a command; a simulated fault makes the caller retry the very same command, as a client would. */
  async function send(command: CommandEnvelope, fault: Faults['next'] = null): Promise<CommandOutcome> {
    faults.next = fault;
    try {
      return await engine.handle(command);
    } catch (error) {
      if (!String(error).includes('simulated')) throw error;
      stats.retries += 1;
      return engine.handle(command);
    }
  }

  async function playOne(game: number) {
    const player = random.chance(0.12) ? players[0]! : random.pick(players);
    const language: Language = random.chance(0.5) ? 'en' : 'am';
    const options = hangman.hangmanOptions(language);
    const category = random.chance(0.5) ? random.pick(options.categories).id : undefined;
    const difficulty = random.chance(0.4) ? random.pick(options.difficulties).id : undefined;
    const matchId = uuidFrom('sim-match', String(SEED), String(game));
    const day = addisDay(now);
    const playedToday = player.plays.get(day) ?? 0;
    const payload = { matchId, userId: player.id, language, ...(category ? { category } : {}), ...(difficulty ? { difficulty } : {}) };
    const play = envelope('PlayHangman', player.id, payload);

    // Now and then the engine's start is cut between its steps and nobody comes back: the sweeper must refund it.
    if (playedToday < LIMIT && player.balance >= COST && random.chance(0.01)) {
      const charged = random.chance(0.5);
      faults.next = charged ? 'after' : 'before';
      await expect(engine.handle(play)).rejects.toThrow(/simulated/);
      stats.abandoned += 1;
      // It holds its daily slot (and the fee, if the ledger took it) until the sweeper calls it off.
      player.plays.set(day, playedToday + 1);
      if (charged) player.balance -= COST;
      const record: MatchRecord = { matchId, player, language, outcome: 'abandoned', tokensWon: 0, charged };
      matches.push(record);
      unsettled.push({ record, day, requestedAt: now });
      return;
    }

    const fault = random.chance(0.05) ? random.pick(['before', 'after'] as const) : null;
    const outcome = await send(play, fault);
    if (random.chance(0.03)) {
      // A duplicated delivery of the start answers the same and charges nothing more.
      const again = await engine.handle(play);
      expect(again.status).toBe(outcome.status);
      stats.duplicates += 1;
    }

    if (playedToday >= LIMIT) {
      expect(outcome, `seed ${SEED}, game ${game}`).toMatchObject({ status: 'rejected', reason: 'daily_limit_reached' });
      stats.limitHits += 1;
      return;
    }
    if (player.balance < COST) {
      expect(outcome, `seed ${SEED}, game ${game}`).toMatchObject({ status: 'rejected', reason: 'insufficient_tokens' });
      stats.poorHits += 1;
      matches.push({ matchId, player, language, outcome: 'refused', tokensWon: 0, charged: false });
      return;
    }
    if (outcome.status !== 'succeeded') throw new Error(`start refused: ${outcome.reason} (seed ${SEED}, game ${game})`);
    player.balance -= COST;
    player.plays.set(day, playedToday + 1);
    const record: MatchRecord = { matchId, player, language, outcome: 'lost', tokensWon: 0, charged: true };
    matches.push(record);

    const word = await wordOf(matchId);
    let view = outcome.data.view as View;
    checkView(view, word, language);
    const startedAt = Date.parse(view.startedAt);
    const wordKeys = new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null));
    const skill = random.next(); // how often this player picks a letter of the word
    const idle = random.chance(0.04);
    let hints = 0;

    while (view.status === 'playing') {
      if (idle) {
        // Walks away: the game ends on its deadline, by the sweeper or by a late move.
        stats.idle += 1;
        now += TIME_LIMIT_MS + random.int(0, 30_000);
        if (random.chance(0.5)) await sweep();
        else
          await send(
            envelope('MakeMove', player.id, {
              matchId,
              userId: player.id,
              move: { type: 'guess', letter: random.pick(hangman.keysOf(language)) },
            }),
          );
        const summary = await engine.queries.match(matchId);
        if (!summary || !('view' in summary) || !summary.view) throw new Error(`match ${matchId} has no Hangman view`);
        view = summary.view;
        expect(view).toMatchObject({ status: 'lost', lossReason: 'time', score: 0 });
        break;
      }
      now += random.chance(0.01) ? TIME_LIMIT_MS : random.int(300, 9_000);
      const open = hangman.keysOf(language).filter((k) => !view.guessed.includes(k));
      // as the app does: no hint when it would give away the last letter (the engine refuses it)
      const useHint = view.hintsLeft > 0 && view.lastLetterLeft !== true && random.chance(0.08);
      const right = open.filter((k) => wordKeys.has(k));
      const letter = right.length > 0 && random.next() < skill ? random.pick(right) : random.pick(open);
      const move = useHint
        ? { type: 'hint' as const }
        : { type: 'guess' as const, letter: language === 'en' && random.chance(0.3) ? letter.toUpperCase() : letter };
      const command = envelope('MakeMove', player.id, { matchId, userId: player.id, move });
      const before = view;
      const result = await send(command);
      stats.moves += 1;
      if (random.chance(0.03)) {
        const again = await engine.handle(command);
        expect(again).toMatchObject({ status: 'succeeded' });
        expect(viewIn(again).guessed).toEqual(viewIn(result).guessed);
        stats.duplicates += 1;
      }
      if (result.status !== 'succeeded') throw new Error(`move refused: ${result.reason} (seed ${SEED}, game ${game})`);
      view = result.data.view as View;
      checkView(view, word, language);
      if (now - startedAt >= TIME_LIMIT_MS) {
        expect(view).toMatchObject({ status: 'lost', lossReason: 'time', guessed: before.guessed });
        stats.timeouts += 1;
        break;
      }
      if (useHint) {
        hints += 1;
        stats.hints += 1;
        expect(view.hintsLeft).toBe(before.hintsLeft - 1);
      }
      expect(view.guessed.length).toBe(before.guessed.length + 1);
    }

    player.played += 1;
    if (view.status === 'won') {
      const score = expectedScore(language, word, view.wrongGuesses, hints, now - startedAt);
      expect(view).toMatchObject({ score, tokensWon: tokensFor(score), xpWon: xpFor(score) });
      record.outcome = 'won';
      record.tokensWon = tokensFor(score);
      player.balance += record.tokensWon;
      player.wins += 1;
    } else {
      expect(view).toMatchObject({ status: 'lost', score: 0, tokensWon: 0, xpWon: 0 });
      if (view.lossReason === 'lives') expect(view.missed).toHaveLength(LIVES);
    }
    now += random.int(1_000, 300_000);
  }

  it('keeps every rule and every token accounted for', async () => {
    let lap = Date.now();
    for (let game = 0; game < GAMES; game += 1) {
      await playOne(game);
      if (process.env.SIM_LAPS && game % 200 === 199) {
        console.log(`games ${game - 199}-${game}: ${Date.now() - lap} ms`);
        lap = Date.now();
      }
    }
    // Later: the sweeper calls off the starts nobody finished and refunds what they took.
    now += STALE_START_MS + TIME_LIMIT_MS;
    await sweep();
    now += 1_000;
    await sweep();
    expect(unsettled).toEqual([]);

    for (const match of matches.filter((m) => m.outcome === 'abandoned')) {
      expect((await engine.queries.match(match.matchId))?.status).toBe('abandoned');
    }

    // Every transfer the games caused, from the ledger's own events.
    const events = await readAll(store);
    const transfers = events
      .filter((e) => e.type === 'TransferPosted')
      .map((e) => e.data as { matchId: string | null; reason: string; amount: number; debitAccountId: string; creditAccountId: string });
    const byMatch = new Map<string, typeof transfers>();
    for (const t of transfers) if (t.matchId) byMatch.set(t.matchId, [...(byMatch.get(t.matchId) ?? []), t]);
    for (const match of matches) {
      const moved = (byMatch.get(match.matchId) ?? [])
        .map((t) => `${t.reason}:${t.amount}:${t.debitAccountId}>${t.creditAccountId}`)
        .sort();
      const wallet = `wallet:${match.player.id}`;
      if (match.outcome === 'refused') expect(moved).toEqual([]);
      else if (match.outcome === 'abandoned')
        expect(moved.length === 0 || moved.join() === [`game_fee:9:${wallet}>house`, `refund:9:house>${wallet}`].join()).toBe(true);
      else {
        const expected = [
          `game_fee:9:${wallet}>house`,
          ...(match.tokensWon > 0 ? [`reward:${match.tokensWon}:issuance>${wallet}`] : []),
        ].sort();
        expect(moved).toEqual(expected);
      }
    }
    const known = new Set(matches.map((m) => m.matchId));
    expect(transfers.filter((t) => t.matchId && !known.has(t.matchId))).toEqual([]);

    // Every wallet is what the model says, in the ledger's read model too.
    await ledger.waitForProjection(await store.head());
    for (const player of players) {
      expect(await ledger.queries.wallet(player.id as never)).toMatchObject({ balance: player.balance, held: 0 });
      const overall = (await engine.queries.stats(player.id)).overall_stats;
      expect(overall).toMatchObject({ games_played: player.played, wins: player.wins });
    }

    const report = await auditSource({ description: 'simulation', db, store, close: async () => undefined }, { statements: false });
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);

    const finished = matches.filter((m) => m.outcome === 'won' || m.outcome === 'lost');
    const am = finished.filter((m) => m.language === 'am').length;
    console.log(
      `hangman simulation seed ${SEED}: ${finished.length} games (${am} Amharic), ${matches.filter((m) => m.outcome === 'won').length} won, ` +
        `${stats.moves} moves, ${stats.hints} hints, ${stats.timeouts + stats.idle} on time, ${stats.limitHits} over the daily limit, ` +
        `${stats.poorHits} without tokens, ${stats.abandoned} abandoned starts, ${faults.injected} faults, ${stats.retries} retries, ` +
        `${stats.duplicates} duplicates; ${transfers.length} transfers, audit ok`,
    );
    expect(finished.length).toBeGreaterThan(GAMES * 0.7);
    expect(am).toBeGreaterThan(finished.length * 0.3);
    // The heavy player meets the daily limit in a run of the default length.
    if (GAMES >= 1000) expect(stats.limitHits).toBeGreaterThan(0);
  }, 900_000);
});
