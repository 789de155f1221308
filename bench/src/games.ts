/**
 * npm run bench:games
 *
 * The six arcade games (Codebreaker, Mines, Sum Chaser, Geo Sprint, Math Sprint, Rapid Recall) and the Codebreaker
 * race, all played at once through the HTTP API of the embedded platform (one process: gateway, engine, ledger,
 * leaderboard, event store on PGlite files in a temporary folder on a worker thread, as `npm start` runs), on the real
 * clock: the server times the timed games (Math Sprint's minute, Rapid Recall's showing, Geo Sprint's questions) and
 * its sweeper ends them. Prints, per game, the games played, moves per second and the p50/p99 latency of a move (a
 * POST /matches/:id/moves answered), with the load, and writes bench/results/games.json.
 *
 * - Players: BENCH_GAMES_PLAYERS per arcade game (default 4), each signed in through the platform's own test helper
 *   and given a sandbox purchase, starting one game after another (POST /games/<slug>/play, not counted as a move)
 *   for BENCH_GAMES_SECONDS (default 45; a game under way then is played to its end), at most the game's daily limit
 *   (15). Each game's secret is read from its start event (as only the engine may), so each move is a player's
 *   informed choice: Codebreaker a few wrong guesses then the code; Mines 1–5 safe tiles, then a cash-out or (one in
 *   six) a mine; Sum Chaser 1–3 calls, one in ten wrong; Geo Sprint ten answers, four in five right, each result's
 *   reveal skipped; Math Sprint answers (nine in ten right) until its minute is over, then the result read back once
 *   the engine ended it; Rapid Recall each round's sequence once its answer window opens, right up to the winning
 *   length, then wrong until no life is left.
 * - The race: BENCH_GAMES_RACE_ROOMS rooms (default 4) of 2, 3, 4, 2… players: create, join, ready and start (entry
 *   fee the minimum, not measured), then each racer guesses (0–4 wrong guesses, then the code) until everyone has
 *   solved it; then a new room, for the same window.
 * - Before each move a player thinks BENCH_GAMES_THINK_MS on average (default 500; each wait uniform in ½–1½×; 0 moves
 *   at once). Rapid Recall's moves wait for the server's answer window instead.
 * - The players run in this process, beside the platform (as bench:hangman's do): their HTTP clients share its event
 *   loop, so the latencies include some client work.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { matchStreamId, openThreadedPgliteDatabase, type ArcadeView, type CodeRaceView } from '@qal/events';
import { createTestPlatform, type TestPlatformOptions } from '@qal/gateway/testing';
import { round, summary, type Summary } from './bench-support.ts';

const PLAYERS = Number(process.env.BENCH_GAMES_PLAYERS ?? 4);
const RACE_ROOMS = Number(process.env.BENCH_GAMES_RACE_ROOMS ?? 4);
const THINK_MS = Number(process.env.BENCH_GAMES_THINK_MS ?? 500);
const WINDOW_S = Number(process.env.BENCH_GAMES_SECONDS ?? 45);
/** Every arcade game's daily play limit per player (the engine's rules: 15 for each). */
const DAILY_LIMIT = 15;
const RACE_ENTRY_FEE = 5;

const ARCADE_GAMES = ['codebreaker', 'mines', 'sum-chaser', 'geo-sprint', 'math-sprint', 'rapid-recall'] as const;
type ArcadeGame = (typeof ARCADE_GAMES)[number];
const RACE = 'codebreaker-race' as const;
type GameName = ArcadeGame | typeof RACE;

interface Tally {
  started: number;
  finished: number;
  won: number;
  readonly moves: number[];
  readonly starts: number[];
  /** Moves answered with a refusal (each counted in `moves` too), by code. */
  readonly refused: Map<string, number>;
  /** When this game's last move was answered (ms since the play began). */
  lastMoveAt: number;
  /** Players who stopped at the daily limit. */
  atLimit: number;
}

const tallies = new Map<GameName, Tally>(
  [...ARCADE_GAMES, RACE].map((game): [GameName, Tally] => [
    game,
    { started: 0, finished: 0, won: 0, moves: [], starts: [], refused: new Map(), lastMoveAt: 0, atLimit: 0 },
  ]),
);
const tally = (game: GameName) => tallies.get(game)!;

/** A seeded random number generator per player (mulberry32), so runs make the same choices. */
function randomFor(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomFor>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = (random: Random) => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + random.next())) : Promise.resolve());

interface Answer {
  readonly status: number;
  readonly ms: number;
  readonly body: { success: boolean; code?: string; data?: Record<string, unknown> };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-bench-games-'));
  const db = await openThreadedPgliteDatabase(join(dataDir, 'pglite'));
  // The real clock, not the test platform's standing one: the server times the timed games and its sweeper ends them.
  const clock = Object.assign(() => new Date(), { advance: () => undefined, set: () => undefined }) as NonNullable<
    TestPlatformOptions['clock']
  >;
  const t = await createTestPlatform({ db, clock, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const call = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as Answer['body'];
    return { status: response.status, ms: performance.now() - t0, body: json };
  };
  const ok = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answer = await call(token, method, path, body);
    if (!answer.body.success) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const secret = async <T>(matchId: string, type: string): Promise<T> => {
    const events = await t.platform.store.readStream(matchStreamId(matchId));
    const started = events.find((e) => e.type === type);
    if (!started) throw new Error(`${matchId} has no ${type}`);
    return started.data as T;
  };

  let began = 0;
  const elapsed = () => performance.now() - began;
  const windowOpen = () => elapsed() < WINDOW_S * 1000;

  /** A move of a game, timed; the view after it, or null when it was refused. */
  const move = async <V>(game: GameName, token: string, matchId: string, body: Record<string, unknown>): Promise<V | null> => {
    const answer = await call(token, 'POST', `/matches/${matchId}/moves`, body);
    const record = tally(game);
    record.moves.push(answer.ms);
    record.lastMoveAt = Math.max(record.lastMoveAt, elapsed());
    if (!answer.body.success) {
      const code = answer.body.code ?? String(answer.status);
      record.refused.set(code, (record.refused.get(code) ?? 0) + 1);
      return null;
    }
    return answer.body.data!.view as V;
  };
  const ended = (game: GameName, view: ArcadeView) => {
    tally(game).finished += 1;
    if (view.status === 'won') tally(game).won += 1;
  };

  /** A paid start, timed; null at the daily limit. */
  const start = async (game: ArcadeGame, token: string, options: Record<string, unknown>) => {
    const answer = await call(token, 'POST', `/games/${game}/play`, { options });
    if (answer.body.code === 'daily_limit_reached') return null;
    if (!answer.body.success) throw new Error(`${game} start: ${answer.status} ${JSON.stringify(answer.body)}`);
    tally(game).starts.push(answer.ms);
    tally(game).started += 1;
    return answer.body.data as { matchId: string; view: ArcadeView };
  };

  const arcade: Record<ArcadeGame, (token: string, random: Random) => Promise<boolean>> = {
    async codebreaker(token, random) {
      const level = (['easy', 'medium', 'hard'] as const)[random.int(3)]!;
      const started = await start('codebreaker', token, { level });
      if (!started) return false;
      const { code } = await secret<{ code: string }>(started.matchId, 'CodebreakerStarted');
      let view: ArcadeView | null = started.view;
      for (let misses = random.int(5); view?.status === 'playing'; misses--) {
        await think(random);
        let digits = code;
        while (misses > 0 && digits === code) digits = Array.from(code, () => String(random.int(10))).join('');
        view = (await move<ArcadeView>('codebreaker', token, started.matchId, { type: 'guess_code', digits })) ?? view;
      }
      ended('codebreaker', view!);
      return true;
    },
    async mines(token, random) {
      const started = await start('mines', token, { mines: 3 + random.int(3) });
      if (!started) return false;
      const { mines } = await secret<{ mines: number[] }>(started.matchId, 'MinesStarted');
      const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
      const reveals = 1 + random.int(5);
      let view: ArcadeView | null = started.view;
      for (let i = 0; i < reveals && view?.status === 'playing'; i++) {
        await think(random);
        const tile = safe.splice(random.int(safe.length), 1)[0]!;
        view = (await move<ArcadeView>('mines', token, started.matchId, { type: 'reveal', tile })) ?? view;
      }
      if (view?.status === 'playing') {
        await think(random);
        const last = random.chance(1 / 6) ? { type: 'reveal', tile: mines[0] } : { type: 'cash_out' };
        view = (await move<ArcadeView>('mines', token, started.matchId, last)) ?? view;
      }
      ended('mines', view!);
      return true;
    },
    async 'sum-chaser'(token, random) {
      const started = await start('sum-chaser', token, {});
      if (!started) return false;
      const { digits } = await secret<{ digits: number[] }>(started.matchId, 'SumChaserStarted');
      const calls = 1 + random.int(3);
      let view: ArcadeView | null = started.view;
      let sum = 0;
      for (let i = 0; i < calls && view?.status === 'playing'; i++) {
        await think(random);
        sum += digits[i]!;
        const { line } = view.play as { line: number };
        const right = sum > line ? 'over' : 'under';
        const call = random.chance(0.1) ? (right === 'over' ? 'under' : 'over') : right;
        view = (await move<ArcadeView>('sum-chaser', token, started.matchId, { type: 'predict', call })) ?? view;
      }
      if (view?.status === 'playing') {
        await think(random);
        view = (await move<ArcadeView>('sum-chaser', token, started.matchId, { type: 'cash_out' })) ?? view;
      }
      ended('sum-chaser', view!);
      return true;
    },
    async 'geo-sprint'(token, random) {
      const started = await start('geo-sprint', token, {});
      if (!started) return false;
      const { questions } = await secret<{ questions: { answer: number }[] }>(started.matchId, 'GeoSprintStarted');
      let view: ArcadeView = started.view;
      for (let question = 0; question < questions.length && view.status === 'playing'; question++) {
        if ((view.play as { current: unknown }).current === null) {
          await think(random);
          view = (await move<ArcadeView>('geo-sprint', token, started.matchId, { type: 'next_question' })) ?? view;
        }
        await think(random);
        const answer = questions[question]!.answer;
        const choice = random.chance(0.8) ? answer : (answer + 1 + random.int(3)) % 4;
        view = (await move<ArcadeView>('geo-sprint', token, started.matchId, { type: 'answer', question, choice })) ?? view;
      }
      ended('geo-sprint', view);
      return true;
    },
    async 'math-sprint'(token, random) {
      const started = await start('math-sprint', token, { level: (['easy', 'medium', 'hard'] as const)[random.int(3)] });
      if (!started) return false;
      const { matchId } = started;
      const { problems } = await secret<{ problems: { answer: number }[] }>(matchId, 'MathSprintStarted');
      const deadline = Date.parse(started.view.deadline!);
      let view: ArcadeView = started.view;
      for (;;) {
        await think(random);
        const current = (view.play as { current: { index: number } | null }).current;
        // the countdown is over: the player stops and waits for the result
        if (view.status !== 'playing' || !current || Date.now() >= deadline - 200) break;
        const value = problems[current.index]!.answer + (random.chance(0.9) ? 0 : 1);
        view = (await move<ArcadeView>('math-sprint', token, matchId, { type: 'math_answer', problem: current.index, value })) ?? view;
      }
      // the engine's sweeper ends it at its deadline (every answered problem ends it at once)
      while (view.status === 'playing') {
        await sleep(500);
        view = (await ok(token, 'GET', `/matches/${matchId}`)).body.data!.view as ArcadeView;
      }
      ended('math-sprint', view);
      return true;
    },
    async 'rapid-recall'(token, random) {
      const started = await start('rapid-recall', token, { kind: (['colour', 'digit', 'fidel', 'mixed'] as const)[random.int(4)] });
      if (!started) return false;
      const { sequences } = await secret<{ sequences: string[][] }>(started.matchId, 'RapidRecallStarted');
      let view: ArcadeView = started.view;
      while (view.status === 'playing') {
        const play = view.play as { round: number; length: number; longest: number; winLength: number; inputOpensAt: string };
        // watch the sequence, then answer a moment after the window opens
        await sleep(Math.max(0, Date.parse(play.inputOpensAt) - Date.now()) + 100 + random.int(400));
        const items = sequences[play.round - 1]!.slice(0, play.length);
        const answer = play.longest < play.winLength ? items : [items[1]!, ...items.slice(1)];
        view =
          (await move<ArcadeView>('rapid-recall', token, started.matchId, { type: 'recall', round: play.round, items: answer })) ??
          ((await ok(token, 'GET', `/matches/${started.matchId}`)).body.data!.view as ArcadeView);
      }
      ended('rapid-recall', view);
      return true;
    },
  };

  /** One race in a new room of `players` (the first hosts): set up, then raced until everyone solved the code. */
  const race = async (players: readonly { token: string }[], random: Random) => {
    const [host, ...guests] = players;
    const created = await ok(host!.token, 'POST', '/rooms', {
      roomName: 'Bench race',
      game: 'codebreaker',
      maxPlayers: players.length,
      gameDuration: 'normal',
      entryFee: RACE_ENTRY_FEE,
    });
    const { code: roomCode } = created.body.data!.room as { code: string };
    for (const guest of guests) await ok(guest.token, 'POST', `/rooms/${roomCode}/join`, {});
    for (const player of players) await ok(player.token, 'POST', `/rooms/${roomCode}/ready`);
    let started: Answer | null = null;
    for (let attempt = 0; !started?.body.success; attempt++) {
      if (attempt > 0) await sleep(50);
      if (attempt > 100) throw new Error(`race start: ${JSON.stringify(started?.body)}`);
      started = await call(host!.token, 'POST', `/rooms/${roomCode}/start`);
    }
    tally(RACE).starts.push(started.ms);
    tally(RACE).started += 1;
    const matchId = String(started.body.data!.matchId);
    const { code } = await secret<{ code: string }>(matchId, 'CodeRaceStarted');
    await Promise.all(
      players.map(async ({ token }) => {
        for (let misses = random.int(5); ; misses--) {
          await think(random);
          let digits = code;
          while (misses > 0 && digits === code) digits = Array.from(code, () => String(random.int(10))).join('');
          const view = await move<CodeRaceView>(RACE, token, matchId, { type: 'guess_code', digits });
          if (!view || digits === code) return;
        }
      }),
    );
    for (let view: CodeRaceView | null = null; view?.status !== 'finished'; await sleep(100))
      view = (await ok(host!.token, 'GET', `/matches/${matchId}`)).body.data!.view as CodeRaceView;
    tally(RACE).finished += 1;
  };

  try {
    const raceSizes = Array.from({ length: RACE_ROOMS }, (_, i) => 2 + (i % 3));
    const count = PLAYERS * ARCADE_GAMES.length + raceSizes.reduce((a, b) => a + b, 0);
    const users: { token: string }[] = [];
    for (let i = 0; i < count; i++) users.push({ token: (await t.signIn()).token });
    // tokens for every game the window allows: a sandbox purchase each
    for (const { token } of users) {
      const purchase = await ok(token, 'POST', '/wallet/purchases', { package: 'tokens_250' });
      await ok(token, 'POST', `/payments/sandbox/${String(purchase.body.data!.purchaseId)}/confirm`);
    }
    const arcadePlayers = ARCADE_GAMES.flatMap((game, g) =>
      Array.from({ length: PLAYERS }, (_, i) => ({ game, token: users[g * PLAYERS + i]!.token, seed: g * 1_000 + i })),
    );
    let next = arcadePlayers.length;
    const rooms = raceSizes.map((size, r) => ({ players: users.slice(next, (next += size)), seed: 100_000 + r }));

    began = performance.now();
    await Promise.all([
      ...arcadePlayers.map(async ({ game, token, seed }) => {
        const random = randomFor(seed);
        // players start at different moments, as people do
        await sleep(random.int(1_000));
        for (let played = 0; windowOpen(); played++) {
          if (played === DAILY_LIMIT || !(await arcade[game](token, random))) {
            tally(game).atLimit += 1;
            return;
          }
        }
      }),
      ...rooms.map(async ({ players, seed }) => {
        const random = randomFor(seed);
        await sleep(random.int(1_000));
        while (windowOpen()) await race(players, random);
      }),
    ]);
    const playedMs = elapsed();

    const rows = [...tallies].map(([game, record]) => ({
      game,
      players: game === RACE ? raceSizes.reduce((a, b) => a + b, 0) : PLAYERS,
      started: record.started,
      finished: record.finished,
      won: record.finished > 0 && game !== RACE ? record.won : null,
      moves: summary(record.moves),
      movesPerSecond: round((record.moves.length / Math.max(1, record.lastMoveAt)) * 1000, 1),
      starts: summary(record.starts),
      refused: Object.fromEntries(record.refused),
      playersAtDailyLimit: record.atLimit,
    }));
    const allMoves = [...tallies.values()].flatMap((r) => r.moves);
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadavg: loadavg().map((l) => round(l, 2)) },
      load: {
        playersPerArcadeGame: PLAYERS,
        raceRooms: raceSizes,
        thinkMsMean: THINK_MS,
        windowSeconds: WINDOW_S,
        players: count,
      },
      playedMs: round(playedMs, 0),
      total: { moves: summary(allMoves), movesPerSecond: round((allMoves.length / playedMs) * 1000, 1) },
      games: rows,
    };

    const pad = (text: string | number, width: number) => String(text).padStart(width);
    console.log('games bench (embedded, PGlite on a worker thread, on disk; the real clock): every game at once over HTTP');
    console.log(
      `  load: ${PLAYERS} players per arcade game (${PLAYERS * ARCADE_GAMES.length}) and ${RACE_ROOMS} race rooms of ${raceSizes.join(', ')} players ` +
        `(${count} players in all); each move after a think time of ${THINK_MS} ms on average (uniform ½–1½×; Rapid Recall waits for its ` +
        `answer window instead); new games started for ${WINDOW_S} s, at most ${DAILY_LIMIT} per player and game (the daily limit), those under way ` +
        `played to their end (BENCH_GAMES_PLAYERS, BENCH_GAMES_RACE_ROOMS, BENCH_GAMES_THINK_MS, BENCH_GAMES_SECONDS)`,
    );
    console.log(
      `  machine: ${result.machine.cpus} cpus, load average ${result.machine.loadavg.join(' ')}; played for ${(playedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  ${'game'.padEnd(17)}${pad('games', 6)}${pad('won', 5)}${pad('moves', 7)}${pad('moves/s', 9)}${pad('move p50', 10)}${pad('p99 ms', 8)}${pad('start p50', 11)}${pad('p99 ms', 8)}  refused moves`,
    );
    const line = (
      game: string,
      r: { finished: number; won: number | null; moves: Summary; movesPerSecond: number; starts: Summary },
      refused: string,
    ) =>
      console.log(
        `  ${game.padEnd(17)}${pad(r.finished, 6)}${pad(r.won ?? '-', 5)}${pad(r.moves.count, 7)}${pad(r.movesPerSecond, 9)}${pad(r.moves.p50Ms, 10)}${pad(r.moves.p99Ms, 8)}` +
          `${pad(r.starts.count ? r.starts.p50Ms : '-', 11)}${pad(r.starts.count ? r.starts.p99Ms : '-', 8)}  ${refused}`,
      );
    for (const row of rows)
      line(
        row.game,
        row,
        Object.entries(row.refused)
          .map(([code, n]) => `${n}× ${code}`)
          .join(', ') || '0',
      );
    line(
      'all',
      {
        finished: rows.reduce((n, r) => n + r.finished, 0),
        won: null,
        moves: result.total.moves,
        movesPerSecond: result.total.movesPerSecond,
        starts: summary([...tallies.values()].flatMap((r) => r.starts)),
      },
      '',
    );
    console.log(
      `  (games: ended, a race counted once; moves/s over each game's own span, from the start of play to its last move; start: the paid start, ` +
        `the race's room start; ${rows.reduce((n, r) => n + r.playersAtDailyLimit, 0)} players stopped at the daily limit)`,
    );
    const out = join(dirname(fileURLToPath(import.meta.url)), '../results/games.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  written to ${out}`);
  } finally {
    await t.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
