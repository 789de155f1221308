/**
 * npm run bench:append
 *
 * The embedded store's append as the store grows: PGlite on disk on its worker thread, the store its only writer, as
 * `npm start` runs it. Appends shaped like a transfer (one event in a new stream, one in each of two streams that
 * exist) go one after the other, each its own statement. After every BENCH_APPEND_STEP appends (default 2,500) it
 * prints the mean time of an append over that step and how many streams the store holds; an append whose cost grew
 * with the store would show as a rising column. Runs until BENCH_APPEND_STREAMS new streams (default 40,000).
 * Results go to bench/results/append.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqlEventStore, newUuid, openThreadedPgliteDatabase, type StreamAppend } from '@qal/events';
import { round, wholeFromEnv } from './bench-support.ts';

const TOTAL = wholeFromEnv('BENCH_APPEND_STREAMS', 40_000, 1);
const STEP = wholeFromEnv('BENCH_APPEND_STEP', 2_500, 1);
/** The streams that every append also writes to, as the wallets of a transfer. */
const ACCOUNTS = 200;

const event = (type: string, n: number) => ({
  eventId: newUuid(),
  type,
  data: { transferId: `t-${n}`, amount: 1 + (n % 5), reason: 'correction', balanceAfter: 1_000 + n, heldAfter: 0 },
  metadata: { commandId: `c-${n}`, correlationId: `k-${n}` },
});

function transferLike(n: number): StreamAppend[] {
  const account = (i: number): StreamAppend => ({
    streamId: `account-bench-${i}`,
    streamType: 'ledger-account',
    expectedVersion: 'any',
    events: [event(i === n % ACCOUNTS ? 'AccountDebited' : 'AccountCredited', n)],
  });
  return [
    { streamId: `transfer-bench-${n}`, streamType: 'ledger-transfer', expectedVersion: 'no_stream', events: [event('TransferPosted', n)] },
    account(n % ACCOUNTS),
    account((n + 1) % ACCOUNTS),
  ];
}

const dir = await mkdtemp(join(tmpdir(), 'qal-bench-append-'));
const db = await openThreadedPgliteDatabase(join(dir, 'pglite'));
const store = await createSqlEventStore(db, { exclusiveWriter: true });
console.log(
  `append bench (embedded: PGlite on disk on its worker thread), ${cpus().length} cores, load ${loadavg()
    .map((l) => round(l, 2))
    .join(' ')}`,
);
console.log('  streams   ms per append (mean over the step)');
const steps: { streams: number; msPerAppend: number }[] = [];
try {
  for (let n = 0; n < TOTAL;) {
    const started = performance.now();
    for (const end = n + STEP; n < end; n += 1) await store.append(transferLike(n));
    const msPerAppend = round((performance.now() - started) / STEP, 3);
    const { rows } = await db.query<{ streams: string }>('select count(*)::text as streams from eventstore.streams');
    const streams = Number(rows[0]!.streams);
    steps.push({ streams, msPerAppend });
    console.log(`  ${String(streams).padStart(7)}   ${msPerAppend}`);
  }
} finally {
  await store.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', 'append.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), load: loadavg(), step: STEP, steps }, null, 2)}\n`);
console.log(`  written to ${out}`);
