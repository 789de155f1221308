/**
 * npm run bench:sockets
 *
 * How many signed-in idle websockets one embedded platform process holds, and what each costs. The platform runs
 * in this process as `npm start` runs it (gateway, engine, ledger, leaderboard, event store on PGlite files on a
 * worker thread, in a temporary folder); BENCH_SOCKETS sockets (default 20,000) are opened from child processes
 * (sockets-clients.ts, at most BENCH_SOCKETS_PER_PROCESS each, default 5,000), never from this one. Each socket
 * signs in, follows its user's wallet channel (`user:<id>`) and its room's channel (`room:<code>`), then idles.
 *
 * - Users: a player may have LIMITS.wsMaxSocketsPerUser (10) sockets open on one gateway, so N sockets take N / 10
 *   users (BENCH_SOCKETS_PER_USER), signed in through the platform's own test helper (send-otp, the code from the
 *   in-memory SMS outbox, verify-otp). Rooms: ROOM_LIMITS.maxPlayers (8) users each (BENCH_SOCKETS_ROOM_PLAYERS),
 *   created and joined over HTTP before any socket opens, so a room channel has up to 80 followers.
 * - Open files: every socket is a descriptor of this process. A process cannot raise its own limit, so when the soft
 *   limit is below the hard one this script runs itself again through `bash -c 'ulimit -n <hard>; exec node …'`,
 *   and starts its clients the same way. Past its limit the server could not accept, and the database could not
 *   open a file: sockets beyond the limit less the descriptors already open less BENCH_SOCKETS_FD_RESERVE (100)
 *   are not attempted, and are reported as such. Under a hard limit of 20,000 one process cannot hold 20,000 sockets
 *   at all: its listening socket, standard streams and database files take descriptors too.
 * - Memory: RSS (VmRSS of /proc/self/status: every thread, PGlite's too) and V8's heap used, each after full
 *   collections, just before the first socket opens and once all are open and the presence pushes of the opening
 *   are over; per socket = the difference / sockets held. Target: ≤ 20 KB per socket. The second half's sockets are
 *   also counted alone (without what the first ones paid once).
 * - The platform is the compiled one (`npm run build:server`, then `--conditions=qal-compiled`), as `npm start` runs it:
 *   through tsx, which keeps function names (esbuild's keepNames), every named closure gets a property dictionary of
 *   its own, about 0.3 KB, and a socket's route and subscriptions make about 15 of them (3 KB of heap per socket that
 *   no server in production holds). This script itself still runs through tsx.
 * - Pushes: one room command (a player's ready toggle: a `room` push on `room:<code>`) in one room, then one in
 *   every room at once, so that every socket receives one push; the time from the command to the last socket that
 *   received it (the clients stamp each push with performance.timeOrigin + now, comparable across processes).
 *
 * Prints a table and writes bench/results/sockets-<timestamp>.json. Other knobs: BENCH_SOCKETS_CONCURRENCY (sockets
 * being opened at once over all the clients, default 100), BENCH_SOCKETS_SIGNIN_CONCURRENCY (default 32),
 * BENCH_SOCKETS_HEAP_SNAPSHOT=<dir> (heap snapshots of this process before the first socket and once all are open,
 * to compare what the sockets keep; writing them moves the memory figures of that run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openThreadedPgliteDatabase } from '@qal/events';
import { createTestPlatform, type TestPlatform } from '@qal/gateway/testing';
import { pool, round, wholeFromEnv as whole } from './bench-support.ts';
import { addCounts, parseOpenFilesLimit, pushFigures, socketCapacity, socketLayout, type PushFigures } from './sockets-figures.ts';
import type { ClientsMessage, Counted, Hello, ParentMessage, SocketPlan } from './sockets-protocol.ts';

const TARGET_SOCKETS = 20_000;
const TARGET_BYTES_PER_SOCKET = 20 * 1024;
const KB = 1024;
const MB = 1024 * 1024;
/** Set in the environment of this script run again under a raised open-files limit, so it does not loop. */
const RAISED_ENV = 'BENCH_SOCKETS_NOFILE_RAISED';
/** A socket not open and subscribed this long after it was started counts as failed (a busy 2-core machine). */
const OPEN_TIMEOUT_MS = 120_000;
/** How long the clients wait for a timed push before reporting the sockets it did not reach. */
const PUSH_TIMEOUT_MS = 60_000;
/** The room pushes of the opening (presence) are over once no socket received one for this long. */
const QUIET_MS = 3_000;
const QUIET_MAX_MS = 180_000;
const PRINT_EVERY_MS = 10_000;
const MEMORY_STILL_READINGS = 5;
const MEMORY_STILL_BYTES = 2 * MB;
const MEMORY_SETTLE_MAX_MS = 90_000;

const SOCKETS = whole('BENCH_SOCKETS', TARGET_SOCKETS, 1);
/** LIMITS.wsMaxSocketsPerUser (services/gateway/src/config.ts): the 11th socket of a player is refused. */
const PER_USER = whole('BENCH_SOCKETS_PER_USER', 10, 1);
/** ROOM_LIMITS.maxPlayers (services/gateway/src/config.ts). */
const ROOM_PLAYERS = whole('BENCH_SOCKETS_ROOM_PLAYERS', 8, 2);
const PER_PROCESS = whole('BENCH_SOCKETS_PER_PROCESS', 5_000, 1);
const CONCURRENCY = whole('BENCH_SOCKETS_CONCURRENCY', 100, 1);
const SIGNIN_CONCURRENCY = whole('BENCH_SOCKETS_SIGNIN_CONCURRENCY', 32, 1);
const SETUP_CONCURRENCY = 25;
const FD_RESERVE = whole('BENCH_SOCKETS_FD_RESERVE', 100, 0);
const HEAP_SNAPSHOT_DIR = process.env.BENCH_SOCKETS_HEAP_SNAPSHOT || null;

const load = () => loadavg().map((l) => round(l, 2));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochNow = () => performance.timeOrigin + performance.now();
const thousands = (n: number) => n.toLocaleString('en-US');

function openFilesLimit() {
  try {
    return parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}
const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** Runs this script again under `ulimit -n <hard>`; resolves with its exit code. */
function rerunWithRaisedLimit(): Promise<number> {
  const child = spawn(
    'bash',
    ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, [RAISED_ENV]: '1' },
    },
  );
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** Full collections (gc exposed at run time: the npm script gives node no flag). */
const collect: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();
/** VmRSS, and its anonymous and file-backed parts (code, libraries), of /proc/self/status. */
function rss() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * KB;
  return { rssBytes: field('VmRSS'), rssAnonBytes: field('RssAnon'), rssFileBytes: field('RssFile') };
}

/**
 * This process's memory once it stands still: RSS wanders by a hundred megabytes for a while after work (the
 * database worker's heap, freed pages given back), so it is read after a full collection every second until the
 * last MEMORY_STILL_READINGS readings lie within MEMORY_STILL_BYTES (or MEMORY_SETTLE_MAX_MS passed).
 */
async function memory() {
  const started = performance.now();
  const readings: number[] = [];
  let last: ReturnType<typeof rss>;
  for (;;) {
    collect();
    last = rss();
    readings.push(last.rssBytes);
    const recent = readings.slice(-MEMORY_STILL_READINGS);
    const still = recent.length === MEMORY_STILL_READINGS && Math.max(...recent) - Math.min(...recent) <= MEMORY_STILL_BYTES;
    if (still || performance.now() - started > MEMORY_SETTLE_MAX_MS) break;
    await sleep(1_000);
  }
  const usage = process.memoryUsage();
  return {
    ...last,
    heapTotalBytes: usage.heapTotal,
    heapUsedBytes: usage.heapUsed,
    externalBytes: usage.external,
    arrayBuffersBytes: usage.arrayBuffers,
    settleSeconds: round((performance.now() - started) / 1000),
  };
}

const describeMemory = (m: Awaited<ReturnType<typeof memory>>) =>
  `RSS ${(m.rssBytes / MB).toFixed(1)} MB (anonymous ${(m.rssAnonBytes / MB).toFixed(1)}, files ${(m.rssFileBytes / MB).toFixed(1)}), heap used ${(m.heapUsedBytes / MB).toFixed(1)} of ${(m.heapTotalBytes / MB).toFixed(1)} MB, still after ${m.settleSeconds} s`;

/** One clients process: messages of a kind as promises, its progress as it opens. */
class Clients {
  readonly hello: Promise<Hello>;
  progress = { held: 0, failed: 0 };
  private exited: Error | null = null;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: ClientsMessage) => {
      if (message.type === 'progress') this.progress = { held: message.held, failed: message.failed };
    });
    child.on('exit', (code, signal) => (this.exited = new Error(`clients process ${child.pid} exited (${signal ?? code})`)));
    this.hello = this.next('hello');
  }

  static start(file: string): Clients {
    const child = spawn('bash', ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...process.execArgv, file], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Clients(child);
  }

  next<T extends ClientsMessage['type']>(type: T): Promise<Extract<ClientsMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(this.exited);
      const onMessage = (message: ClientsMessage) => {
        if (message.type !== type) return;
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(message as Extract<ClientsMessage, { type: T }>);
      };
      const onExit = () => {
        this.child.off('message', onMessage);
        reject(this.exited ?? new Error(`clients process ${this.child.pid} exited`));
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
    });
  }

  ask<T extends ClientsMessage['type']>(message: ParentMessage, answer: T) {
    const answered = this.next(answer);
    this.child.send(message);
    return answered;
  }
}

/** A POST of the API as a user (in-process, as the test helper signs in); its data, or a thrown error. */
async function post<T>(t: TestPlatform, url: string, token: string, payload?: object): Promise<T> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: T }>().data;
}

interface User {
  readonly userId: string;
  readonly token: string;
}

async function signIn(t: TestPlatform, count: number): Promise<User[]> {
  const users: User[] = new Array(count);
  await pool(users, SIGNIN_CONCURRENCY, async (_, i) => {
    const { token, user } = await t.signIn(undefined, { name: `Socket ${i + 1}` });
    users[i] = { userId: user.id, token };
  });
  return users;
}

/** Room r: its host creates it, the others join by code; resolves with the codes by room index. */
async function createRooms(t: TestPlatform, users: readonly User[], layout: ReturnType<typeof socketLayout>): Promise<string[]> {
  const codes: string[] = new Array(layout.rooms);
  await pool(codes, SETUP_CONCURRENCY, async (_, r) => {
    const [host, ...others] = layout.membersOf(r).map((u) => users[u]!);
    const { room } = await post<{ room: { code: string } }>(t, '/rooms', host!.token, {
      roomName: `Sockets ${r + 1}`,
      game: 'hangman',
      maxPlayers: ROOM_PLAYERS,
      gameDuration: 'normal',
      language: 'en',
    });
    for (const user of others) await post(t, `/rooms/${room.code}/join`, user.token, {});
    codes[r] = room.code;
  });
  return codes;
}

/** Asks every clients process how many room pushes it received, until the count stands still for QUIET_MS. */
async function waitQuiet(clients: readonly Clients[]): Promise<Counted[]> {
  const count = () => Promise.all(clients.map((c) => c.ask({ type: 'count' }, 'counted')));
  const started = performance.now();
  let counts = await count();
  let total = counts.reduce((sum, c) => sum + c.roomPushes, 0);
  let stillSince = performance.now();
  while (performance.now() - stillSince < QUIET_MS && performance.now() - started < QUIET_MAX_MS) {
    await sleep(500);
    counts = await count();
    const now = counts.reduce((sum, c) => sum + c.roomPushes, 0);
    if (now !== total) {
      total = now;
      stillSince = performance.now();
    }
  }
  return counts;
}

/**
 * One ready toggle in each of `rooms` (all at once) by the given member; resolves with the push figures: every
 * socket following those rooms must receive a `room` push newer than what it held.
 */
async function timePush(
  t: TestPlatform,
  clients: readonly Clients[],
  toggles: readonly { code: string; user: User }[],
  ready: Set<string>,
  codes: readonly string[] | null,
): Promise<PushFigures & { expected: number; refused: string[] }> {
  const armed = await Promise.all(clients.map((c) => c.ask({ type: 'arm', codes, timeoutMs: PUSH_TIMEOUT_MS }, 'armed')));
  const received = Promise.all(clients.map((c) => c.next('received')));
  const sentAt = new Map<string, number>();
  const refused: string[] = [];
  await Promise.all(
    toggles.map(async ({ code, user }) => {
      const action = ready.has(user.userId) ? 'unready' : 'ready';
      sentAt.set(code, epochNow());
      try {
        await post(t, `/rooms/${code}/${action}`, user.token);
        if (action === 'ready') ready.add(user.userId);
        else ready.delete(user.userId);
      } catch (error) {
        refused.push(`${code}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  const reports = await received;
  const at: Record<string, number[]> = {};
  for (const report of reports) for (const [code, times] of Object.entries(report.at)) (at[code] ??= []).push(...times);
  const missing = reports.reduce((sum, r) => sum + r.missing, 0);
  return { ...pushFigures(sentAt, at, missing), expected: armed.reduce((sum, a) => sum + a.waiting, 0), refused };
}

/** BENCH_SOCKETS_HEAP_SNAPSHOT: a heap snapshot of this process named `name` (blocks for a while). */
function snapshot(name: string) {
  if (!HEAP_SNAPSHOT_DIR) return;
  mkdirSync(HEAP_SNAPSHOT_DIR, { recursive: true });
  console.log(`  heap snapshot written to ${writeHeapSnapshot(join(HEAP_SNAPSHOT_DIR, `${name}.heapsnapshot`))}`);
}

/** Opens `plans` over the clients processes (a contiguous share each); resolves with what they held and how long it took. */
async function openWave(clients: readonly Clients[], base: string, plans: readonly SocketPlan[]) {
  const started = performance.now();
  const share = Math.ceil(plans.length / clients.length);
  const printer = setInterval(() => {
    const held = clients.reduce((sum, c) => sum + c.progress.held, 0);
    const failed = clients.reduce((sum, c) => sum + c.progress.failed, 0);
    console.log(
      `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${thousands(held)} held, ${failed} failed; load ${load().join(' ')}`,
    );
  }, PRINT_EVERY_MS);
  const opened = await Promise.all(
    clients.map((c, k) =>
      c.ask(
        {
          type: 'open',
          base,
          plans: plans.slice(k * share, (k + 1) * share),
          concurrency: Math.max(1, Math.ceil(CONCURRENCY / clients.length)),
          timeoutMs: OPEN_TIMEOUT_MS,
        },
        'opened',
      ),
    ),
  ).finally(() => clearInterval(printer));
  const ms = performance.now() - started;
  const held = opened.reduce((sum, o) => sum + o.held, 0);
  console.log(
    `  ${thousands(held)} of ${thousands(plans.length)} held in ${(ms / 1000).toFixed(1)} s (${round(held / (ms / 1000))} sockets/s)`,
  );
  return { held, ms, failures: opened.reduce<Record<string, number>>((all, o) => addCounts(all, o.failures), {}) };
}

async function main() {
  const limit = openFilesLimit();
  if (limit && limit.soft < limit.hard && !process.env[RAISED_ENV]) {
    console.log(`sockets bench: open files limit ${limit.soft} (hard ${limit.hard}): running again under ulimit -n ${limit.hard}`);
    process.exitCode = await rerunWithRaisedLimit();
    return;
  }
  const layout = socketLayout(SOCKETS, PER_USER, ROOM_PLAYERS);
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-bench-sockets-'));
  const began = performance.now();
  const db = await openThreadedPgliteDatabase(join(dataDir, 'pglite'));
  const t = await createTestPlatform({ db, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const acceptErrors: Record<string, number> = {};
  t.app.server.on('error', (error: NodeJS.ErrnoException) => addCounts(acceptErrors, { [error.code ?? error.message]: 1 }));
  console.log(
    `sockets bench (embedded, PGlite on disk on a worker thread), ${cpus().length} cores, load ${load().join(' ')}; platform up in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  ${thousands(SOCKETS)} sockets: ${thousands(layout.users)} users × up to ${PER_USER} sockets, ${thousands(layout.rooms)} rooms of up to ${ROOM_PLAYERS} players; open files (this process) ${limit ? `${limit.soft}, hard ${limit.hard}` : 'unknown'}`,
  );

  const clientsFile = fileURLToPath(new URL('./sockets-clients.ts', import.meta.url));
  let clients: Clients[] = [];
  try {
    const signInStarted = performance.now();
    const users = await signIn(t, layout.users);
    const signInS = (performance.now() - signInStarted) / 1000;
    console.log(
      `  ${thousands(users.length)} users signed in in ${signInS.toFixed(1)} s (${((signInS * 1000) / users.length).toFixed(1)} ms each, ${SIGNIN_CONCURRENCY} at once); load ${load().join(' ')}`,
    );
    const roomsStarted = performance.now();
    const codes = await createRooms(t, users, layout);
    console.log(`  ${thousands(codes.length)} rooms created and joined in ${((performance.now() - roomsStarted) / 1000).toFixed(1)} s`);

    // Every descriptor the platform holds now stays; the sockets get what is left of the limit, less a reserve.
    const processes = Math.max(1, Math.ceil(SOCKETS / PER_PROCESS));
    clients = Array.from({ length: processes }, () => Clients.start(clientsFile));
    const hellos = await Promise.all(clients.map((c) => c.hello));
    const descriptorsBefore = openDescriptors();
    const capacity = socketCapacity(limit, descriptorsBefore, FD_RESERVE);
    const attempted = Math.min(SOCKETS, capacity);
    console.log(
      `  ${processes} clients processes (open files ${hellos.map((h) => (h.openFiles ? `${h.openFiles.soft}/${h.openFiles.hard}` : '?')).join(', ')}); this process has ${descriptorsBefore} descriptors open, room for ${Number.isFinite(capacity) ? thousands(capacity) : 'any number of'} sockets (keeping ${FD_RESERVE})`,
    );
    if (attempted < SOCKETS)
      console.log(
        `  NOT ATTEMPTED: ${thousands(SOCKETS - attempted)} sockets: past this process's open-files limit (${limit?.soft}); raise the hard limit (ulimit -Hn, systemd LimitNOFILE, docker --ulimit nofile) to hold them`,
      );

    const plans: SocketPlan[] = Array.from({ length: attempted }, (_, i) => {
      const u = layout.userOf(i);
      return { ...users[u]!, code: codes[layout.roomOf(u)]! };
    });
    const before = await memory();
    snapshot('sockets-0');
    console.log(`  before: ${describeMemory(before)}; opening ${thousands(attempted)} sockets, ${CONCURRENCY} at once`);

    // In two halves, memory read after each: the second half's cost is that of a socket alone, without what the
    // first sockets paid once (code compiled, caches filled).
    const half = Math.ceil(attempted / 2);
    const first = await openWave(clients, base, plans.slice(0, half));
    await waitQuiet(clients);
    const middle = await memory();
    console.log(`  half-way: ${describeMemory(middle)}`);
    const second = await openWave(clients, base, plans.slice(half));
    const held = first.held + second.held;
    const openMs = first.ms + second.ms;
    const failures = addCounts({ ...first.failures }, second.failures);
    const descriptorsOpen = openDescriptors();
    console.log(`  ${thousands(held)} held; ${descriptorsOpen} descriptors open; waiting for the presence pushes to end`);
    const settled = await waitQuiet(clients);
    const after = await memory();
    const perSocket = (from: number, to: number, sockets = held) => (sockets > 0 ? (to - from) / sockets : 0);
    const rssPerSocket = perSocket(before.rssBytes, after.rssBytes);
    const heapPerSocket = perSocket(before.heapUsedBytes, after.heapUsedBytes);
    const externalPerSocket = perSocket(before.externalBytes, after.externalBytes);
    const secondHalf = {
      sockets: second.held,
      rssBytesPerSocket: Math.round(perSocket(middle.rssBytes, after.rssBytes, second.held)),
      heapUsedBytesPerSocket: Math.round(perSocket(middle.heapUsedBytes, after.heapUsedBytes, second.held)),
    };
    console.log(
      `  after: ${describeMemory(after)} (${thousands(settled.reduce((s, c) => s + c.roomPushes, 0))} room pushes since the opening began)`,
    );
    snapshot(`sockets-${held}`);

    // One room's toggle by its host, then one in every room by its last member: a push to every socket.
    const ready = new Set<string>();
    const memberOf = (r: number, which: 'host' | 'last') => {
      const members = layout.membersOf(r);
      return users[which === 'host' ? members[0]! : members.at(-1)!]!;
    };
    const oneRoom = await timePush(t, clients, [{ code: codes[0]!, user: memberOf(0, 'host') }], ready, [codes[0]!]);
    await waitQuiet(clients);
    const everyRoom = await timePush(
      t,
      clients,
      codes.map((code, r) => ({ code, user: memberOf(r, 'last') })),
      ready,
      null,
    );
    const final = await waitQuiet(clients);
    const stillOpen = final.reduce((sum, c) => sum + c.open, 0);
    const dropped = final.reduce<Record<string, number>>((all, c) => addCounts(all, c.dropped), {});

    // Verdicts only where the run can give one: a smaller N cannot show 20,000 held, and RSS that fell shows nothing.
    const heldMet = SOCKETS >= TARGET_SOCKETS ? held >= TARGET_SOCKETS : null;
    const memoryMet = rssPerSocket > 0 ? rssPerSocket <= TARGET_BYTES_PER_SOCKET : null;
    const verdict = (met: boolean | null, otherwise: string) => (met === null ? otherwise : met ? 'met' : 'NOT met');
    const kb = (bytes: number) => (bytes / KB).toFixed(1);
    const pushLine = (label: string, p: typeof oneRoom) =>
      `  ${label.padEnd(34)} ${thousands(p.received)}/${thousands(p.expected)} sockets; last after ${p.lastMs} ms (per socket p50 ${p.perSocket.p50Ms}, p99 ${p.perSocket.p99Ms}, max ${p.perSocket.maxMs} ms; first to last socket of a room p50 ${p.roomSpread.p50Ms}, max ${p.roomSpread.maxMs} ms)${p.missing ? `; ${p.missing} never came` : ''}${p.refused.length ? `; ${p.refused.length} commands refused: ${p.refused.slice(0, 2).join('; ')}` : ''}`;
    console.log('');
    console.log(
      `  sockets held                       ${thousands(held)} of ${thousands(SOCKETS)} (target ${thousands(TARGET_SOCKETS)}: ${verdict(heldMet, 'not asked')})${SOCKETS > attempted ? `; ${thousands(SOCKETS - attempted)} not attempted (open-files limit)` : ''}`,
    );
    if (Object.keys(failures).length > 0) console.log(`  failed                             ${JSON.stringify(failures)}`);
    if (Object.keys(acceptErrors).length > 0) console.log(`  server accept errors               ${JSON.stringify(acceptErrors)}`);
    console.log(
      `  still open at the end              ${thousands(stillOpen)}${Object.keys(dropped).length ? ` (closed by close code: ${JSON.stringify(dropped)})` : ''}`,
    );
    console.log(`  server RSS before → after          ${(before.rssBytes / MB).toFixed(1)} → ${(after.rssBytes / MB).toFixed(1)} MB`);
    console.log(
      `  RSS per socket                     ${kb(rssPerSocket)} KB (target ≤ ${TARGET_BYTES_PER_SOCKET / KB} KB: ${verdict(memoryMet, 'RSS fell: see the heap')})`,
    );
    console.log(`  heap used per socket               ${kb(heapPerSocket)} KB (external ${kb(externalPerSocket)} KB)`);
    console.log(
      `  second half alone (${thousands(secondHalf.sockets)})${' '.repeat(Math.max(1, 15 - thousands(secondHalf.sockets).length))}RSS ${kb(secondHalf.rssBytesPerSocket)} KB, heap used ${kb(secondHalf.heapUsedBytesPerSocket)} KB per socket`,
    );
    console.log(`  time to open                       ${(openMs / 1000).toFixed(1)} s (${round(held / (openMs / 1000))} sockets/s)`);
    console.log(pushLine(`push to one room`, oneRoom));
    console.log(pushLine(`push to every room (${codes.length})`, everyRoom));

    const at = new Date().toISOString();
    const out = join(dirname(fileURLToPath(import.meta.url)), `../results/sockets-${at.replace(/[:.]/g, '-')}.json`);
    mkdirSync(dirname(out), { recursive: true });
    const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown' };
    const result = {
      at,
      machine,
      loadavg: load(),
      target: { sockets: TARGET_SOCKETS, bytesPerSocket: TARGET_BYTES_PER_SOCKET },
      asked: SOCKETS,
      attempted,
      held,
      heldMet,
      memoryMet,
      failures,
      acceptErrors,
      stillOpen,
      dropped,
      layout: { users: layout.users, perUser: PER_USER, rooms: layout.rooms, roomPlayers: ROOM_PLAYERS, processes },
      openFiles: { server: limit, clients: hellos.map((h) => h.openFiles), descriptorsBefore, descriptorsOpen, reserve: FD_RESERVE },
      signInSeconds: round(signInS),
      signInMsEach: round((signInS * 1000) / users.length),
      openSeconds: round(openMs / 1000, 2),
      socketsPerSecond: round(held / (openMs / 1000)),
      memory: {
        before,
        middle,
        after,
        rssBytesPerSocket: Math.round(rssPerSocket),
        heapUsedBytesPerSocket: Math.round(heapPerSocket),
        externalBytesPerSocket: Math.round(externalPerSocket),
        secondHalf,
      },
      push: { oneRoom, everyRoom },
    };
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  written to ${out}`);
  } finally {
    await Promise.all(clients.map((c) => c.ask({ type: 'close' }, 'closed').catch(() => undefined)));
    for (const c of clients) if (c.child.connected) c.child.disconnect();
    await t.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
