/**
 * npm run bench:ledger
 *
 * 1. Transfer commands through `ledger.handle()` (decide + append + read-your-writes wait) on PGlite as the embedded
 *    mode runs it (on disk, on its worker thread, the store its only writer), on PGlite in memory in this thread, and
 *    on PostgreSQL: one client at a time (latency), 16 at once on different wallets (throughput), 16 at once on
 *    one wallet (contention).
 * 2. Loading a wallet: its last event (what the ledger does) against folding its whole stream.
 * 3. The audit over 100,000 transfers seeded straight into the store in large batches: events/s read from the
 *    store and checked, then the same for the pure `audit()` over events in memory.
 * Results are printed and written to bench/results/ledger.json. Sizes: LEDGER_BENCH_TRANSFERS (default 100000).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accountStreamId,
  asAccountId,
  createSqlEventStore,
  openPgliteDatabase,
  openThreadedPgliteDatabase,
  openPostgresDatabase,
  parseLedgerEvent,
  chainHash,
  GENESIS_HASH,
  uuidFrom,
  walletAccountId,
  type AccountId,
  type CommandEnvelope,
  type EventStore,
  type EventToAppend,
  type SqlDatabase,
  type StoredEvent,
  type StreamAppend,
} from '@qal/events';
import {
  createLedger,
  createSandboxPaymentProvider,
  decideOpenWallet,
  decideTransfer,
  emptyAccount,
  foldAccount,
  walletFromLastEvent,
  type AccountState,
  type Ledger,
} from '@qal/ledger';
import { audit, createAuditor, readEverything } from '@qal/ledger/audit';

const AUDIT_TRANSFERS = Number(process.env.LEDGER_BENCH_TRANSFERS ?? 100_000);
const USERS = 100;
const SEQUENTIAL = 300;
const CONCURRENT = 800;
const CONCURRENCY = 16;
const HOT = 160;
const WARM_UP = 100;
const FOLD_EVENTS = 1_000;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

function stats(latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: round((latencies.length / elapsedMs) * 1000, 0),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

let commandNo = 0;
const envelope = (type: string, payload: Record<string, unknown>): CommandEnvelope => ({
  commandId: `bench-${++commandNo}`,
  type,
  actorId: 'bench',
  payload,
  issuedAt: '2026-03-01T09:00:00.000Z',
  correlationId: 'bench',
});

async function expectOk(ledger: Ledger, command: CommandEnvelope) {
  const outcome = await ledger.handle(command);
  if (outcome.status !== 'succeeded') throw new Error(`${command.type} rejected: ${outcome.reason}`);
}

/** Runs `total` operations with `concurrency` in flight; returns per-operation latencies and the elapsed time. */
async function timed(total: number, concurrency: number, op: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return stats(latencies, performance.now() - started);
}

async function transferBench(label: string, db: SqlDatabase, options: { onlyWriter?: boolean } = {}) {
  // The embedded mode's store is its PGlite database's only writer (group commit, answers from memory).
  const store = await createSqlEventStore(db, { exclusiveWriter: options.onlyWriter === true });
  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  await ledger.start();
  const run = `${label}-${Date.now()}`;
  const users = Array.from({ length: USERS }, (_, i) => `${run}-u${i}`);
  await timed(users.length, 8, async (i) => expectOk(ledger, envelope('OpenWallet', { userId: users[i] })));

  const fee = (userId: string, i: number, tag: string) =>
    envelope('Transfer', {
      transferId: uuidFrom(run, tag, String(i)),
      from: walletAccountId(userId),
      to: 'house',
      amount: 1,
      reason: 'game_fee',
    });
  // Warm up first: PGlite compiles its WebAssembly lazily and the first hundred commands are several times slower.
  await timed(WARM_UP, 4, (i) => expectOk(ledger, fee(users[i % USERS]!, i, 'warm')));
  const sequential = await timed(SEQUENTIAL, 1, (i) => expectOk(ledger, fee(users[i % USERS]!, i, 'seq')));
  // Each worker keeps to its own wallets, so concurrency measures the store, not retries on one wallet.
  // The ops in flight at any moment (i … i+15 of the users) are on different wallets.
  const concurrent = await timed(CONCURRENT, CONCURRENCY, (i) => expectOk(ledger, fee(users[i % USERS]!, i, 'par')));
  const hotUser = `${run}-hot`;
  await expectOk(ledger, envelope('OpenWallet', { userId: hotUser }));
  await seedWalletHistory(store, walletAccountId(hotUser), HOT);
  const hot = await timed(HOT, CONCURRENCY, (i) => expectOk(ledger, fee(hotUser, i, 'hot')));

  // Loading a wallet with a long history: its last event against a fold of every event.
  const longUser = users[0]!;
  const account = walletAccountId(longUser);
  await seedWalletHistory(store, account, FOLD_EVENTS);
  const lastEvent = await timed(200, 1, async () => {
    const [last] = await store.readStream(accountStreamId(account), { direction: 'backward', limit: 1 });
    walletFromLastEvent(account, last);
  });
  const fold = await timed(50, 1, async () => {
    const events = await store.readStream(accountStreamId(account));
    foldAccount(
      account,
      events.flatMap((e) => ((ev) => (ev ? [{ event: ev, streamPosition: e.streamPosition }] : []))(parseLedgerEvent(e))),
    );
  });

  await ledger.stop();
  await store.close();
  return {
    transfers: { sequential, concurrent: { ...concurrent, concurrency: CONCURRENCY }, hotWallet: { ...hot, concurrency: CONCURRENCY } },
    walletLoad: { historyEvents: FOLD_EVENTS, lastEvent, fold },
  };
}

/** Appends `count` small credits to a wallet (issuance → wallet) so its stream is long. */
async function seedWalletHistory(store: EventStore, accountId: AccountId, count: number) {
  const [last] = await store.readStream(accountStreamId(accountId), { direction: 'backward', limit: 1 });
  let state = walletFromLastEvent(accountId, last);
  for (let done = 0; done < count;) {
    const batch = new Seeder();
    batch.accounts.set(accountId, state);
    for (let i = 0; i < 250 && done < count; i += 1, done += 1)
      batch.transfer(`${accountId}-hist-${done}`, asAccountId('issuance'), accountId, 1);
    await store.append(batch.appends());
    state = batch.accounts.get(accountId)!;
  }
}

/**
 * Builds big appends from the ledger's own deciders: one StreamAppend per stream, holding every event of the
 * batch for it in order. Expected versions are `any` (the seeder is the only writer) and wallet states are kept
 * in memory, so the events are exactly what the handlers would have written.
 */
class Seeder {
  readonly accounts = new Map<string, AccountState>();
  private readonly streams = new Map<string, { streamType: string; events: EventToAppend[] }>();
  transfers = 0;

  private add(appends: readonly StreamAppend[]) {
    for (const append of appends) {
      const stream = this.streams.get(append.streamId) ?? { streamType: append.streamType, events: [] };
      stream.events.push(...append.events.map((e) => ({ ...e, metadata: { commandId: 'seed' } })));
      this.streams.set(append.streamId, stream);
    }
  }

  open(userId: string) {
    const decision = decideOpenWallet(userId, emptyAccount(walletAccountId(userId)));
    if (decision.kind !== 'accepted') throw new Error('seed: wallet open');
    this.add(decision.appends);
    const wallet = decision.wallets[walletAccountId(userId)]!;
    this.accounts.set(walletAccountId(userId), { ...emptyAccount(walletAccountId(userId), true), version: 2, balance: wallet.balance });
    this.transfers += 1;
  }

  transfer(id: string, from: AccountId, to: AccountId, amount: number): boolean {
    const decision = decideTransfer({ id, from, to, amount, reason: 'correction', matchId: null, purchaseId: null }, this.accounts);
    if (decision.kind !== 'accepted') return false;
    this.add(decision.appends);
    for (const accountId of [from, to]) {
      const state = this.accounts.get(accountId);
      if (!state) continue;
      const delta = accountId === from ? -amount : amount;
      this.accounts.set(accountId, { ...state, version: state.version + 1, balance: state.balance + delta });
    }
    this.transfers += 1;
    return true;
  }

  appends(): StreamAppend[] {
    const result = [...this.streams].map(([streamId, s]) => ({
      streamId,
      streamType: s.streamType,
      expectedVersion: 'any' as const,
      events: s.events,
    }));
    this.streams.clear();
    return result;
  }
}

/**
 * Writes seeded appends straight into the event store's tables, many streams per statement, hash-chained exactly
 * as the store does (the audit recomputes every hash, so a mistake here would show as violations). Going through
 * `store.append` costs two statements per stream, and every transfer has a stream of its own.
 */
class BulkWriter {
  private readonly streams = new Map<string, { streamType: string; version: number; hash: string }>();
  constructor(private readonly db: SqlDatabase) {}

  async adopt(store: EventStore, streamIds: readonly string[]) {
    for (const streamId of streamIds) {
      const [last] = await store.readStream(streamId, { direction: 'backward', limit: 1 });
      if (last)
        this.streams.set(streamId, { streamType: 'ledger-account', version: last.streamPosition, hash: String(last.metadata.hash) });
    }
  }

  async write(appends: readonly StreamAppend[]) {
    const rows: Record<string, unknown>[] = [];
    for (const append of appends) {
      const stream = this.streams.get(append.streamId) ?? { streamType: append.streamType, version: 0, hash: GENESIS_HASH };
      for (const event of append.events) {
        const streamPosition = stream.version + 1;
        const hash = chainHash(stream.hash, {
          streamId: append.streamId,
          streamPosition,
          eventId: event.eventId,
          type: event.type,
          data: event.data,
        });
        rows.push({
          stream_id: append.streamId,
          stream_position: streamPosition,
          event_id: event.eventId,
          type: event.type,
          data: event.data,
          metadata: { ...event.metadata, prevHash: stream.hash, hash },
        });
        stream.version = streamPosition;
        stream.hash = hash;
      }
      this.streams.set(append.streamId, stream);
    }
    const streamRows = appends.map((a) => ({ stream_id: a.streamId, ...this.streams.get(a.streamId)! }));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata)
         select e.value->>'stream_id', (e.value->>'stream_position')::bigint, (e.value->>'event_id')::uuid, e.value->>'type',
                e.value->'data', e.value->'metadata'
           from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
          order by e.ord`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `insert into eventstore.streams as s (stream_id, stream_type, version, last_hash)
         select stream_id, "streamType", version, hash from jsonb_to_recordset($1::jsonb)
                as r(stream_id text, "streamType" text, version bigint, hash text)
         on conflict (stream_id) do update set version = excluded.version, last_hash = excluded.last_hash`,
        [JSON.stringify(streamRows)],
      );
    });
  }
}

async function auditBench(label: string, db: SqlDatabase) {
  const store = await createSqlEventStore(db);
  const writer = new BulkWriter(db);
  await writer.adopt(store, ['account-issuance', 'account-house']);
  const run = `audit-${label}-${Date.now()}`;
  const seeder = new Seeder();
  const wallets = Array.from({ length: 1_000 }, (_, i) => `${run}-w${i}`);
  const seedStarted = performance.now();
  for (const userId of wallets) seeder.open(userId);
  await writer.write(seeder.appends());
  let n = 0;
  let seed = 1;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  while (seeder.transfers < AUDIT_TRANSFERS) {
    for (let i = 0; i < 1_000 && seeder.transfers < AUDIT_TRANSFERS; i += 1) {
      const from = walletAccountId(wallets[Math.floor(random() * wallets.length)]!);
      const to = random() < 0.2 ? asAccountId('house') : walletAccountId(wallets[Math.floor(random() * wallets.length)]!);
      if (from !== to) seeder.transfer(`${run}-t${n++}`, from, to, 1 + Math.floor(random() * 5));
    }
    await writer.write(seeder.appends());
  }
  const seedMs = performance.now() - seedStarted;

  const auditStarted = performance.now();
  const auditor = createAuditor({ statements: false });
  for await (const event of readEverything(store)) auditor.observe(event);
  const report = auditor.finish();
  const storeAuditMs = performance.now() - auditStarted;
  if (!report.ok) throw new Error(`seeded ledger is not clean: ${report.violations.slice(0, 3).join('; ')}`);

  // Read again, untimed, for the audit in memory: kept during the audit from the store, 100,000s of events held
  // at once would slow it with garbage collection that `npm run ledger:audit` never does.
  const kept: StoredEvent[] = [];
  for await (const event of readEverything(store)) kept.push(event);
  const pureStarted = performance.now();
  const pure = audit(kept);
  const pureMs = performance.now() - pureStarted;
  if (!pure.ok) throw new Error('pure audit disagrees');

  await store.close();
  return {
    transfers: report.totals.transfers,
    events: report.ledgerEvents,
    seed: { ms: round(seedMs, 0), eventsPerSecond: round((report.ledgerEvents / seedMs) * 1000, 0) },
    auditFromStore: { ms: round(storeAuditMs, 0), eventsPerSecond: round((report.eventsRead / storeAuditMs) * 1000, 0) },
    auditInMemory: { ms: round(pureMs, 0), eventsPerSecond: round((report.eventsRead / pureMs) * 1000, 0) },
  };
}

async function postgresDatabase(): Promise<{ db: SqlDatabase; drop: () => Promise<void> } | { skipped: string }> {
  const admin = openPostgresDatabase({ connectionString: PG_URL, maxConnections: 1 });
  const name = `qal_bench_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.close().catch(() => undefined);
    return { skipped: `PostgreSQL at ${PG_URL} is not available (${error instanceof Error ? error.message : String(error)})` };
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase({ connectionString: url.toString(), maxConnections: CONCURRENCY + 4 });
  return {
    db,
    async drop() {
      await db.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

function printTransfers(label: string, r: Awaited<ReturnType<typeof transferBench>>) {
  const t = r.transfers;
  console.log(`\n${label}: Transfer through handle()`);
  console.log(`  1 client        ${t.sequential.perSecond} transfers/s   p50 ${t.sequential.p50Ms} ms   p99 ${t.sequential.p99Ms} ms`);
  console.log(
    `  ${CONCURRENCY} clients      ${t.concurrent.perSecond} transfers/s   p50 ${t.concurrent.p50Ms} ms   p99 ${t.concurrent.p99Ms} ms`,
  );
  console.log(
    `  ${CONCURRENCY} on 1 wallet  ${t.hotWallet.perSecond} commands/s    p50 ${t.hotWallet.p50Ms} ms   p99 ${t.hotWallet.p99Ms} ms`,
  );
  const w = r.walletLoad;
  console.log(`  load a wallet with ${w.historyEvents} events: last event p50 ${w.lastEvent.p50Ms} ms, fold p50 ${w.fold.p50Ms} ms`);
}

function printAudit(label: string, r: Awaited<ReturnType<typeof auditBench>>) {
  console.log(`\n${label}: audit over ${r.transfers} transfers (${r.events} ledger events)`);
  console.log(`  seeding in batches   ${r.seed.eventsPerSecond} events/s (${r.seed.ms} ms)`);
  console.log(`  audit from store     ${r.auditFromStore.eventsPerSecond} events/s (${r.auditFromStore.ms} ms)`);
  console.log(`  audit in memory      ${r.auditInMemory.eventsPerSecond} events/s (${r.auditInMemory.ms} ms)`);
}

async function main() {
  const started = performance.now();
  const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    // Other work on the machine skews every figure: the load average is kept with them.
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageAtStart: loadavg().map((l) => round(l)),
    },
    sizes: { users: USERS, sequential: SEQUENTIAL, concurrent: CONCURRENT, concurrency: CONCURRENCY, auditTransfers: AUDIT_TRANSFERS },
  };

  // As `npm start` runs it: on disk, on a worker thread of its own, this store its only writer.
  const pgliteDir = mkdtempSync(join(tmpdir(), 'qal-bench-ledger-'));
  const embedded = await openThreadedPgliteDatabase(join(pgliteDir, 'pglite'));
  const embeddedTransfers = await transferBench('pglite-embedded', embedded, { onlyWriter: true });
  printTransfers('PGlite as embedded (on disk, worker thread, only writer)', embeddedTransfers);
  await embedded.close();
  rmSync(pgliteDir, { recursive: true, force: true });

  const pglite = await openPgliteDatabase();
  const pgliteTransfers = await transferBench('pglite', pglite);
  printTransfers('PGlite (in memory, in process)', pgliteTransfers);
  results.pglite = { transfers: pgliteTransfers, embedded: embeddedTransfers };

  const pg = await postgresDatabase();
  if ('skipped' in pg) {
    console.log(`\nPostgreSQL skipped: ${pg.skipped}`);
    results.postgres = { skipped: pg.skipped };
    const pgliteAudit = await auditBench('pglite', pglite);
    printAudit('PGlite', pgliteAudit);
    results.pglite = { transfers: pgliteTransfers, embedded: embeddedTransfers, audit: pgliteAudit };
  } else {
    try {
      const pgTransfers = await transferBench('postgres', pg.db);
      printTransfers('PostgreSQL', pgTransfers);
      // The 100,000-transfer audit runs once, on PostgreSQL, to keep the whole bench within a few minutes.
      const pgAudit = await auditBench('postgres', pg.db);
      printAudit('PostgreSQL', pgAudit);
      results.postgres = { transfers: pgTransfers, audit: pgAudit };
    } finally {
      await pg.drop();
    }
  }
  await pglite.close();

  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'ledger.json');
  mkdirSync(dirname(out), { recursive: true });
  results.totalSeconds = round((performance.now() - started) / 1000, 1);
  (results.machine as Record<string, unknown>).loadAverageAtEnd = loadavg().map((l) => round(l));
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten ${out} (${results.totalSeconds} s)`);
}

await main();
