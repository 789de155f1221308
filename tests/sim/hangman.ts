/**
 * A seeded simulation of single-player Hangman through the real engine service and the real ledger. Games in
 * English and Amharic, random players, choices, moves, hints, idle players and slow ones, and faults between the
 * engine and the ledger (a request lost before it arrives, a reply lost after the tokens moved), with retried and
 * duplicated commands.
 *
 * After every step: the view never shows the word before the end, a slot is shown exactly when its key was found,
 * lives add up, and a finished game's score, tokens and XP follow the formula of docs/product-rules.md. At the end:
 * every token movement is a ledger transfer that the games account for (one fee per started game, one reward per
 * paying win, a refund per abandoned start that was charged), every wallet equals the model, and the ledger audit
 * is clean.
 */
import {
  START,
  uuidFrom,
  type CommandEnvelope,
  type CommandOutcome,
  type CommandSender,
  type Position,
  type StoredEvent,
} from '@qal/events';
import { createGameEngine, hangman } from '@qal/game-engine';
import { invariant, matches, same, simRandom, stringsOf, testServerSeed } from '@qal/game-engine/simulation';
import { createLedger, createSandboxPaymentProvider, sandboxReference, type Ledger } from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';
import type { SeedStorage } from './storage.ts';

const COST = 9;
const LIVES = 7;
const LIMIT = 20;
const TIME_LIMIT_MS = 120_000;
const STALE_START_MS = 60_000;
const WELCOME = 100;
/** One player for this many games (at least a few, at most 120): enough games each to meet the daily limit. */
const GAMES_PER_PLAYER = 16;
const MAX_PLAYERS = 120;
const MIN_PLAYERS = 3;
/** Every this many players buys tokens, so some play all day long and meet the daily limit. */
const BUYER_EVERY = 10;
const STARTED_AT = '2026-03-02T05:00:00.000Z';

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

async function readAll(storage: SeedStorage): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let after: Position = START;
  for (;;) {
    const page = await storage.store.readAll(after, 2000);
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

/** What the games went through, so a test can tell that a run reached the interesting paths. */
export interface HangmanSummary {
  readonly games: number;
  readonly finished: number;
  readonly amharic: number;
  readonly won: number;
  readonly moves: number;
  readonly hints: number;
  readonly onTime: number;
  readonly limitHits: number;
  readonly poorHits: number;
  readonly abandoned: number;
  readonly faults: number;
  readonly retries: number;
  readonly duplicates: number;
  readonly transfers: number;
}

/** `games` games of seed `seed` on `storage` (empty), with a ledger and an engine of their own. */
export async function simulateHangman(seed: number, games: number, storage: SeedStorage): Promise<HangmanSummary> {
  const { store, db } = storage;
  const random = simRandom(seed);
  const at = (what: string) => `hangman seed ${seed}: ${what}`;
  let now = Date.parse(STARTED_AT);
  const faults: Faults = { next: null, injected: 0 };
  const players: Player[] = [];
  const records: MatchRecord[] = [];
  const stats = { moves: 0, duplicates: 0, retries: 0, timeouts: 0, idle: 0, hints: 0, limitHits: 0, poorHits: 0, abandoned: 0 };
  let commandCounter = 0;
  let seeds = 0;
  /** Abandoned starts the sweeper has not called off yet. */
  let unsettled: { record: MatchRecord; day: string; requestedAt: number }[] = [];

  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  await ledger.start();
  const engine = createGameEngine({
    store,
    db,
    commands: faultyLedger(ledger, faults),
    sweepIntervalMs: 0,
    clock: () => new Date(now),
    newSeed: () => testServerSeed(`hangman-sim-${seed}-${seeds++}`),
  });

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
    const commandId = uuidFrom('sim', String(seed), String(commandCounter++));
    return { commandId, type, actorId, payload, issuedAt, correlationId: commandId };
  };

  async function wordOf(matchId: string): Promise<string> {
    const started = (await store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted');
    invariant(started, at(`match ${matchId} has no HangmanStarted`));
    return String(started.data.word);
  }

  /** The invariants every view must keep; `word` is known to the simulation only. */
  function checkView(view: View, word: string, language: Language, where: string) {
    const keys = [...word].map((c) => hangman.keyOfCharacter(language, c));
    same(view.slots.length, keys.length, `${where}: slots`);
    view.slots.forEach((slot, i) => {
      const key = keys[i];
      if (key === null) same(slot, word[i], `${where}: slot ${i} (not a letter)`);
      else same(slot, view.guessed.includes(key!) ? [...word][i] : null, `${where}: slot ${i}`);
    });
    same(view.wrongGuesses, view.missed.length, `${where}: wrong guesses`);
    same(view.livesLeft, Math.max(0, LIVES - view.missed.length), `${where}: lives left`);
    invariant(
      view.missed.every((k) => view.guessed.includes(k) && !keys.includes(k)),
      `${where}: a miss that was not guessed, or is in the word`,
    );
    if (view.status === 'playing') {
      invariant(view.word === undefined && view.score === undefined, `${where}: the word or the score shows while playing`);
      invariant(!JSON.stringify(view).includes('"word"'), `${where}: the view has a word field while playing`);
      // No value of the view is the word (its category may share the name, as "school" does).
      const { category: _category, ...rest } = view;
      invariant(!stringsOf(rest).includes(word), `${where}: the view contains the word "${word}" while playing`);
    } else {
      same(view.word, word, `${where}: the word at the end`);
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
    const matchId = uuidFrom('sim-match', String(seed), String(game));
    const where = at(`game ${game} (${matchId})`);
    const day = addisDay(now);
    const playedToday = player.plays.get(day) ?? 0;
    const payload = { matchId, userId: player.id, language, ...(category ? { category } : {}), ...(difficulty ? { difficulty } : {}) };
    const play = envelope('PlayHangman', player.id, payload);

    // Now and then the engine's start is cut between its steps and nobody comes back: the sweeper must refund it.
    if (playedToday < LIMIT && player.balance >= COST && random.chance(0.01)) {
      const charged = random.chance(0.5);
      faults.next = charged ? 'after' : 'before';
      const cut = await engine.handle(play).then(
        () => null,
        (error: unknown) => String(error),
      );
      invariant(cut?.includes('simulated'), `${where}: a start cut by a fault answered ${cut ?? 'as if nothing happened'}`);
      stats.abandoned += 1;
      // It holds its daily slot (and the fee, if the ledger took it) until the sweeper calls it off.
      player.plays.set(day, playedToday + 1);
      if (charged) player.balance -= COST;
      const record: MatchRecord = { matchId, player, language, outcome: 'abandoned', tokensWon: 0, charged };
      records.push(record);
      unsettled.push({ record, day, requestedAt: now });
      return;
    }

    const fault = random.chance(0.05) ? random.pick(['before', 'after'] as const) : null;
    const outcome = await send(play, fault);
    if (random.chance(0.03)) {
      // A duplicated delivery of the start answers the same and charges nothing more.
      const again = await engine.handle(play);
      same(again.status, outcome.status, `${where}: a duplicated start`);
      stats.duplicates += 1;
    }

    if (playedToday >= LIMIT) {
      matches(outcome, { status: 'rejected', reason: 'daily_limit_reached' }, `${where}: a start over the daily limit`);
      stats.limitHits += 1;
      return;
    }
    if (player.balance < COST) {
      matches(outcome, { status: 'rejected', reason: 'insufficient_tokens' }, `${where}: a start without the tokens`);
      stats.poorHits += 1;
      records.push({ matchId, player, language, outcome: 'refused', tokensWon: 0, charged: false });
      return;
    }
    invariant(outcome.status === 'succeeded', () => `${where}: start refused: ${outcome.status === 'rejected' ? outcome.reason : ''}`);
    player.balance -= COST;
    player.plays.set(day, playedToday + 1);
    const record: MatchRecord = { matchId, player, language, outcome: 'lost', tokensWon: 0, charged: true };
    records.push(record);

    const word = await wordOf(matchId);
    let view = outcome.data.view as View;
    checkView(view, word, language, where);
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
        invariant(summary && 'view' in summary && summary.view, `${where}: no Hangman view`);
        view = summary.view as View;
        matches(view, { status: 'lost', lossReason: 'time', score: 0 }, `${where}: a game left idle`);
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
        same(again.status, 'succeeded', `${where}: a duplicated move`);
        same(viewIn(again).guessed, viewIn(result).guessed, `${where}: a duplicated move's guesses`);
        stats.duplicates += 1;
      }
      invariant(result.status === 'succeeded', () => `${where}: move refused: ${result.status === 'rejected' ? result.reason : ''}`);
      view = result.data.view as View;
      checkView(view, word, language, where);
      if (now - startedAt >= TIME_LIMIT_MS) {
        matches(view, { status: 'lost', lossReason: 'time', guessed: before.guessed }, `${where}: a move after the time limit`);
        stats.timeouts += 1;
        break;
      }
      if (useHint) {
        hints += 1;
        stats.hints += 1;
        same(view.hintsLeft, before.hintsLeft - 1, `${where}: hints left after a hint`);
      }
      same(view.guessed.length, before.guessed.length + 1, `${where}: keys guessed after a move`);
    }

    player.played += 1;
    if (view.status === 'won') {
      const score = expectedScore(language, word, view.wrongGuesses, hints, now - startedAt);
      matches(view, { score, tokensWon: tokensFor(score), xpWon: xpFor(score) }, `${where}: a won game's score`);
      record.outcome = 'won';
      record.tokensWon = tokensFor(score);
      player.balance += record.tokensWon;
      player.wins += 1;
    } else {
      matches(view, { status: 'lost', score: 0, tokensWon: 0, xpWon: 0 }, `${where}: a lost game`);
      if (view.lossReason === 'lives') same(view.missed.length, LIVES, `${where}: misses of a game lost on lives`);
    }
    now += random.int(1_000, 300_000);
  }

  try {
    await engine.start();
    const playerCount = Math.min(MAX_PLAYERS, Math.max(MIN_PLAYERS, Math.ceil(games / GAMES_PER_PLAYER)));
    for (let i = 0; i < playerCount; i += 1) {
      const id = `sim-${seed}-${i}`;
      same((await ledger.handle(envelope('OpenWallet', 'system:sim', { userId: id }))).status, 'succeeded', at(`opening ${id}`));
      // A client seed of their own (docs/fairness.md): else the engine draws one, and a replay of the seed deals other words.
      const clientSeed = await engine.handle(envelope('SetClientSeed', id, { userId: id, clientSeed: `sim-${seed}-${i}` }));
      same(clientSeed.status, 'succeeded', at(`the client seed of ${id}`));
      const player: Player = { id, balance: WELCOME, plays: new Map(), played: 0, wins: 0 };
      if (i % BUYER_EVERY === 0) {
        const purchaseId = uuidFrom('sim-purchase', id);
        await ledger.handle(envelope('StartPurchase', id, { userId: id, purchaseId, packageId: 'tokens_500' }));
        const confirmed = await ledger.handle(
          envelope('ConfirmPurchase', 'system:sim', { purchaseId, providerReference: sandboxReference(purchaseId) }),
        );
        same(confirmed.status, 'succeeded', at(`the purchase of ${id}`));
        player.balance += 500;
      }
      players.push(player);
    }

    for (let game = 0; game < games; game += 1) await playOne(game);
    // Later: the sweeper calls off the starts nobody finished and refunds what they took.
    now += STALE_START_MS + TIME_LIMIT_MS;
    await sweep();
    now += 1_000;
    await sweep();
    same(
      unsettled.map((u) => u.record.matchId),
      [],
      at('abandoned starts the sweeper never called off'),
    );

    for (const match of records.filter((m) => m.outcome === 'abandoned'))
      same((await engine.queries.match(match.matchId))?.status, 'abandoned', at(`the abandoned start ${match.matchId}`));

    // Every transfer the games caused, from the ledger's own events.
    const events = await readAll(storage);
    const transfers = events
      .filter((e) => e.type === 'TransferPosted')
      .map((e) => e.data as { matchId: string | null; reason: string; amount: number; debitAccountId: string; creditAccountId: string });
    const byMatch = new Map<string, typeof transfers>();
    for (const t of transfers) if (t.matchId) byMatch.set(t.matchId, [...(byMatch.get(t.matchId) ?? []), t]);
    for (const match of records) {
      const moved = (byMatch.get(match.matchId) ?? [])
        .map((t) => `${t.reason}:${t.amount}:${t.debitAccountId}>${t.creditAccountId}`)
        .sort();
      const wallet = `wallet:${match.player.id}`;
      const where = at(`tokens moved for ${match.outcome} match ${match.matchId}`);
      if (match.outcome === 'refused') same(moved, [], where);
      else if (match.outcome === 'abandoned')
        invariant(moved.length === 0 || moved.join() === [`game_fee:9:${wallet}>house`, `refund:9:house>${wallet}`].join(), where);
      else {
        const expected = [
          `game_fee:9:${wallet}>house`,
          ...(match.tokensWon > 0 ? [`reward:${match.tokensWon}:issuance>${wallet}`] : []),
        ].sort();
        same(moved, expected, where);
      }
    }
    const known = new Set(records.map((m) => m.matchId));
    same(
      transfers.filter((t) => t.matchId && !known.has(t.matchId)),
      [],
      at('transfers for matches nobody played'),
    );

    // Every wallet is what the model says, in the ledger's read model too.
    await ledger.waitForProjection(await store.head());
    for (const player of players) {
      matches(await ledger.queries.wallet(player.id as never), { balance: player.balance, held: 0 }, at(`the wallet of ${player.id}`));
      const overall = (await engine.queries.stats(player.id)).overall_stats;
      matches(overall, { games_played: player.played, wins: player.wins }, at(`the stats of ${player.id}`));
    }

    const report = await auditSource({ description: 'simulation', db, store, close: async () => undefined }, { statements: false });
    same(report.violations, [], at('ledger audit violations'));
    invariant(report.ok, at('the ledger audit failed'));

    const finished = records.filter((m) => m.outcome === 'won' || m.outcome === 'lost');
    return {
      games,
      finished: finished.length,
      amharic: finished.filter((m) => m.language === 'am').length,
      won: records.filter((m) => m.outcome === 'won').length,
      moves: stats.moves,
      hints: stats.hints,
      onTime: stats.timeouts + stats.idle,
      limitHits: stats.limitHits,
      poorHits: stats.poorHits,
      abandoned: stats.abandoned,
      faults: faults.injected,
      retries: stats.retries,
      duplicates: stats.duplicates,
      transfers: transfers.length,
    };
  } finally {
    await engine.stop();
    await ledger.stop();
  }
}
