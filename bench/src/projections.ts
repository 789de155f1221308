/**
 * npm run bench:projections
 *
 * 1. Seeds PROJECTIONS_BENCH_EVENTS (default 1,000,000) events of played Hangman games (registrations, match
 *    streams with guesses and results, fee and reward transfers with their ledger legs) straight into the event
 *    store's tables in large batches, then times `rebuildLeaderboard` over all of them: events/s.
 * 2. The live lag under the rooms benchmark's load (target p99 ≤ 1 s): runs `bench:rooms` (bench/src/rooms.ts) with
 *    PROJECTIONS_BENCH_ROOMS rooms (default 500) of 4 websocket players playing duels on the embedded platform, where
 *    the live leaderboard projection runs as in `npm start`, and reads from its results the lag from each append
 *    the leaderboard counts to the projection having applied it. Prints p50/p99/max.
 * 3. With PROJECTIONS_BENCH_SYNTHETIC=1, also the lag under a synthetic load on the same database as the rebuild:
 *    simulated players append Hangman games through `store.append` (one append per step) at PROJECTIONS_BENCH_LOAD
 *    events/s (default 2,000) for PROJECTIONS_BENCH_LOAD_SECONDS (default 30).
 * Targets: rebuild ≥ 20,000 events/s, lag p99 ≤ 1 s. PostgreSQL (DATABASE_URL or the local server) is used
 * when it answers, else an in-memory PGlite. Results go to bench/results/projections.json. PROJECTIONS_BENCH_KEEP=1
 * keeps the seeded PostgreSQL database for a closer look.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSqlEventStore,
  newUuid,
  openPgliteDatabase,
  openPostgresDatabase,
  type EventStore,
  type EventToAppend,
  type JsonObject,
  type SqlDatabase,
  type StreamAppend,
} from '@qal/events';
import { createLeaderboardProjection, rebuildLeaderboard } from '@qal/leaderboard';

const TOTAL_EVENTS = Number(process.env.PROJECTIONS_BENCH_EVENTS ?? 1_000_000);
const LOAD_EVENTS_PER_SECOND = Number(process.env.PROJECTIONS_BENCH_LOAD ?? 2_000);
const LOAD_SECONDS = Number(process.env.PROJECTIONS_BENCH_LOAD_SECONDS ?? 30);
const PLAYERS = 20_000;
const LOAD_PLAYERS = 200;
const SEED_BATCH_EVENTS = 20_000;
const TARGETS = { rebuildEventsPerSecond: 20_000, lagP99Ms: 1_000 };
const LAG_ROOMS = Number(process.env.PROJECTIONS_BENCH_ROOMS ?? 500);
const SYNTHETIC = process.env.PROJECTIONS_BENCH_SYNTHETIC === '1';
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let randomState = 7;
const random = () => (randomState = (randomState * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

const ev = (type: string, data: JsonObject): EventToAppend => ({ eventId: newUuid(), type, data, metadata: { commandId: 'bench' } });

/** A transfer as the ledger writes it: the transfer record and one leg on each account. */
function transfer(from: string, to: string, amount: number, reason: string, matchId: string | null): StreamAppend[] {
  const transferId = newUuid();
  const leg = { transferId, holdId: null, amount, reason, matchId, purchaseId: null, balanceAfter: null, heldAfter: null };
  return [
    {
      streamId: `transfer-${transferId}`,
      streamType: 'ledger-transfer',
      expectedVersion: 'no_stream',
      events: [ev('TransferPosted', { transferId, debitAccountId: from, creditAccountId: to, amount, reason, matchId, purchaseId: null })],
    },
    {
      streamId: `account-${from}`,
      streamType: 'ledger-account',
      expectedVersion: 'any',
      events: [ev('AccountDebited', { ...leg, accountId: from, counterpartyId: to })],
    },
    {
      streamId: `account-${to}`,
      streamType: 'ledger-account',
      expectedVersion: 'any',
      events: [ev('AccountCredited', { ...leg, accountId: to, counterpartyId: from })],
    },
  ];
}

/** One game's appends, step by step, as the engine and the ledger make them (about 16 events). */
function gameAppends(userId: string, at: Date): StreamAppend[] {
  const matchId = newUuid();
  const stream = `match-${matchId}`;
  const startedAt = new Date(at.getTime() - 40_000).toISOString();
  const won = random() < 0.6;
  const score = won ? 150 + Math.floor(random() * 1_800) : 0;
  const one = (events: EventToAppend[]): StreamAppend => ({
    streamId: stream,
    streamType: 'hangman-match',
    expectedVersion: 'any',
    events,
  });
  const appends: StreamAppend[] = [
    one([
      ev('HangmanRequested', {
        matchId,
        playerId: userId,
        language: 'en',
        seed: 'bench',
        day: startedAt.slice(0, 10),
        requestedAt: startedAt,
        cost: 9,
      }),
    ]),
    ...transfer(`wallet:${userId}`, 'house', 9, 'game_fee', matchId),
    one([
      ev('HangmanStarted', {
        matchId,
        playerId: userId,
        language: 'en',
        category: 'animals',
        difficulty: 'medium',
        word: 'giraffe',
        seed: 'bench',
        startedAt,
        deadline: new Date(at.getTime() + 80_000).toISOString(),
        lives: 7,
        hints: 2,
      }),
    ]),
  ];
  for (let i = 0; i < 6; i += 1)
    appends.push(one([ev('LetterGuessed', { letter: pick(LETTERS), hit: random() < 0.6, revealedPositions: [i], at: at.toISOString() })]));
  if (won) {
    const tokens = Math.min(5, Math.floor(score / 100));
    appends.push(
      one([
        ev('HangmanWon', {
          at: at.toISOString(),
          elapsedMs: 40_000,
          score,
          tokensWon: tokens,
          xpWon: Math.min(10, 5 + Math.floor(score / 100)),
        }),
      ]),
    );
    if (tokens > 0) appends.push(...transfer('issuance', `wallet:${userId}`, tokens, 'reward', matchId));
  } else {
    appends.push(one([ev('HangmanLost', { at: at.toISOString(), reason: 'lives' })]));
  }
  return appends;
}

const countEvents = (appends: readonly StreamAppend[]) => appends.reduce((n, a) => n + a.events.length, 0);

/** Writes appends straight into the store's tables, many per statement (the projection does not read hashes). */
async function bulkWrite(db: SqlDatabase, appends: readonly StreamAppend[], versions: Map<string, number>) {
  const rows: JsonObject[] = [];
  for (const append of appends) {
    let version = versions.get(append.streamId) ?? 0;
    for (const event of append.events) {
      version += 1;
      rows.push({
        stream_id: append.streamId,
        stream_position: version,
        event_id: event.eventId,
        type: event.type,
        data: event.data,
        metadata: { ...event.metadata, seeded: true },
      });
    }
    versions.set(append.streamId, version);
  }
  const types = new Map(appends.map((a) => [a.streamId, a.streamType]));
  const streams = [...types].map(([id, streamType]) => ({ stream_id: id, stream_type: streamType, version: versions.get(id)! }));
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata)
       select e.value->>'stream_id', (e.value->>'stream_position')::bigint, (e.value->>'event_id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
         from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord) order by e.ord`,
      [JSON.stringify(rows)],
    );
    await tx.query(
      `insert into eventstore.streams (stream_id, stream_type, version, last_hash)
       select stream_id, stream_type, version, 'seeded' from jsonb_to_recordset($1::jsonb) as r(stream_id text, stream_type text, version bigint)
       on conflict (stream_id) do update set version = excluded.version`,
      [JSON.stringify(streams)],
    );
  });
}

async function seed(db: SqlDatabase): Promise<{ events: number; games: number; ms: number }> {
  const started = performance.now();
  const versions = new Map<string, number>();
  const players = Array.from({ length: PLAYERS }, () => newUuid());
  let events = 0;
  let games = 0;
  let batch: StreamAppend[] = [];
  let batchEvents = 0;
  const add = (appends: readonly StreamAppend[]) => {
    batch.push(...appends);
    batchEvents += countEvents(appends);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    await bulkWrite(db, batch, versions);
    events += batchEvents;
    batch = [];
    batchEvents = 0;
  };
  for (const userId of players) {
    add([
      {
        streamId: `player-${userId}`,
        streamType: 'player',
        expectedVersion: 'no_stream',
        events: [
          ev('PlayerRegistered', {
            userId,
            name: `Player ${userId.slice(0, 6)}`,
            language: 'en',
            registeredAt: '2025-01-01T00:00:00.000Z',
          }),
        ],
      },
    ]);
    if (batchEvents >= SEED_BATCH_EVENTS) await flush();
  }
  // A year of games, so every period (day, week, month, year) has many boards.
  const start = Date.parse('2025-01-01T00:00:00Z');
  const span = 365 * 86_400_000;
  while (events + batchEvents < TOTAL_EVENTS) {
    const at = new Date(start + Math.floor(random() * span));
    add(gameAppends(pick(players), at));
    games += 1;
    if (batchEvents >= SEED_BATCH_EVENTS) await flush();
  }
  await flush();
  return { events, games, ms: round(performance.now() - started) };
}

async function liveLag(db: SqlDatabase, store: EventStore) {
  const projection = createLeaderboardProjection({ store, db });
  await projection.start();
  await projection.catchUp(undefined, 600_000);
  const lags: number[] = [];
  const visible: number[] = [];
  const pending: Promise<void>[] = [];
  // How long an append takes to be readable at all (the store shows an event only once every transaction that
  // began before it has ended): the part of the lag no projection can win back. One head() poll serves all.
  const unseen = new Set<{ position: bigint; since: number }>();
  let watching = true;
  const visibility = (async () => {
    while (watching || unseen.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const head = (await store.head()).globalPosition;
      const now = performance.now();
      for (const item of unseen) {
        if (item.position <= head) {
          unseen.delete(item);
          visible.push(now - item.since);
        }
      }
    }
  })();
  const players = Array.from({ length: LOAD_PLAYERS }, () => newUuid());
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  const perPlayerInterval = (1000 * LOAD_PLAYERS) / LOAD_EVENTS_PER_SECOND;
  let appended = 0;
  const started = performance.now();

  await Promise.all(
    players.map(async (userId, i) => {
      await store.append([
        {
          streamId: `player-${userId}`,
          streamType: 'player',
          expectedVersion: 'no_stream',
          events: [ev('PlayerRegistered', { userId, name: `Load ${i}`, language: 'am', registeredAt: new Date().toISOString() })],
        },
      ]);
      let next = performance.now() + random() * perPlayerInterval;
      while (performance.now() < deadline) {
        const appends = gameAppends(userId, new Date());
        // One append per step, as the services make them: a transfer's three streams together.
        for (let k = 0; k < appends.length && performance.now() < deadline;) {
          const step = appends[k]!.streamId.startsWith('transfer-') ? appends.slice(k, k + 3) : [appends[k]!];
          k += step.length;
          const wait = next - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          next += perPlayerInterval * countEvents(step);
          const result = await store.append(step);
          if (result.outcome !== 'appended') continue;
          appended += countEvents(step);
          const last = result.events.at(-1)!;
          const done = performance.now();
          unseen.add({ position: last.globalPosition, since: done });
          pending.push(
            projection
              .catchUp({ transactionId: last.transactionId, globalPosition: last.globalPosition }, 60_000)
              .then(() => void lags.push(performance.now() - done)),
          );
        }
      }
    }),
  );
  const loadMs = performance.now() - started;
  await Promise.all(pending);
  watching = false;
  await visibility;
  await projection.stop();
  const sorted = [...lags].sort((a, b) => a - b);
  const visibleSorted = [...visible].sort((a, b) => a - b);
  return {
    seconds: round(loadMs / 1000, 1),
    appendedEvents: appended,
    eventsPerSecond: round((appended / loadMs) * 1000),
    appends: lags.length,
    lagMs: { p50: round(percentile(sorted, 50), 1), p99: round(percentile(sorted, 99), 1), max: round(sorted.at(-1) ?? 0, 1) },
    storeVisibilityMs: { p50: round(percentile(visibleSorted, 50), 1), p99: round(percentile(visibleSorted, 99), 1) },
  };
}

/** bench:rooms with `rooms` rooms in a child process; its leaderboard lag and the load it ran under. */
async function lagUnderRoomsLoad(rooms: number) {
  const dir = await mkdtemp(join(tmpdir(), 'qal-bench-projections-'));
  const out = join(dir, 'rooms.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./rooms.ts', import.meta.url)), String(rooms)], {
        env: { ...process.env, BENCH_ROOMS_OUT: out },
        stdio: 'inherit',
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`bench:rooms ${rooms} exited with ${code}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      thinkMs: number;
      results: {
        rooms: number;
        moves: number;
        movesPerSecond: number;
        leaderboardLag: { count: number; p50Ms: number; p99Ms: number; maxMs: number };
      }[];
    };
    const run = report.results[0]!;
    return { rooms: run.rooms, thinkMs: report.thinkMs, moves: run.moves, movesPerSecond: run.movesPerSecond, lagMs: run.leaderboardLag };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function openDatabase(): Promise<{ label: string; db: SqlDatabase; drop: () => Promise<void> }> {
  const admin = openPostgresDatabase({ connectionString: PG_URL, maxConnections: 1 });
  const name = `qal_bench_projections_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.close().catch(() => undefined);
    console.log(
      `PostgreSQL at ${PG_URL} is not available (${error instanceof Error ? error.message : String(error)}): using PGlite in memory`,
    );
    const db = await openPgliteDatabase();
    return { label: 'pglite', db, drop: () => db.close() };
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase({ connectionString: url.toString(), maxConnections: 48 });
  return {
    label: 'postgres',
    db,
    async drop() {
      await db.close();
      if (process.env.PROJECTIONS_BENCH_KEEP === '1') {
        console.log(`kept the database ${url.toString()} (PROJECTIONS_BENCH_KEEP=1)`);
        await admin.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function main() {
  const started = performance.now();
  const { label, db, drop } = await openDatabase();
  const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageAtStart: loadavg().map((l) => round(l, 2)),
    },
    database: label,
    targets: TARGETS,
  };
  try {
    const store = await createSqlEventStore(db);
    const seeded = await seed(db);
    console.log(
      `seeded ${seeded.events} events (${seeded.games} games, ${PLAYERS} players) in ${seeded.ms} ms (${round((seeded.events / seeded.ms) * 1000)} events/s)`,
    );
    results.seed = seeded;

    const rebuild = await rebuildLeaderboard(db, store, {
      onProgress: (n) => {
        if (n % 200_000 < 5_000) process.stdout.write(`  rebuild: ${n} events\r`);
      },
    });
    const rebuildOk = rebuild.eventsPerSecond >= TARGETS.rebuildEventsPerSecond;
    console.log(
      `rebuild over ${rebuild.events} events: ${rebuild.ms} ms, ${rebuild.eventsPerSecond} events/s (target ≥ ${TARGETS.rebuildEventsPerSecond}: ${rebuildOk ? 'met' : 'MISSED'})`,
    );
    results.rebuild = { ...rebuild, targetMet: rebuildOk };

    if (SYNTHETIC) {
      const live = await liveLag(db, store);
      console.log(
        `synthetic load: ${live.eventsPerSecond} events/s for ${live.seconds} s (${live.appends} appends): lag p50 ${live.lagMs.p50} ms, p99 ${live.lagMs.p99} ms, max ${live.lagMs.max} ms`,
      );
      console.log(
        `  of which the store's visibility (append → readable by any reader): p50 ${live.storeVisibilityMs.p50} ms, p99 ${live.storeVisibilityMs.p99} ms`,
      );
      results.synthetic = live;
    }
    await store.close();
  } finally {
    await drop();
  }
  console.log(`live lag under the rooms benchmark's load (bench:rooms ${LAG_ROOMS}):`);
  const live = await lagUnderRoomsLoad(LAG_ROOMS);
  const lagOk = live.lagMs.p99Ms <= TARGETS.lagP99Ms;
  console.log(
    `live projection lag under ${live.rooms} rooms (${live.moves} moves, ${live.movesPerSecond} moves/s, think ${live.thinkMs} ms): p50 ${live.lagMs.p50Ms} ms, p99 ${live.lagMs.p99Ms} ms, max ${live.lagMs.maxMs} ms over ${live.lagMs.count} appends (target p99 ≤ ${TARGETS.lagP99Ms} ms: ${lagOk ? 'met' : 'MISSED'})`,
  );
  console.log(
    `rebuild: ${(results.rebuild as { eventsPerSecond: number }).eventsPerSecond} events/s (target ≥ ${TARGETS.rebuildEventsPerSecond})`,
  );
  results.live = { ...live, targetMet: lagOk };
  results.totalSeconds = round((performance.now() - started) / 1000, 1);
  (results.machine as Record<string, unknown>).loadAverageAtEnd = loadavg().map((l) => round(l, 2));
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'projections.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written ${out} (${results.totalSeconds} s)`);
}

await main();
