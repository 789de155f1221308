import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedWriterDatabases } from '../testing/sql-databases.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import { WrongExpectedVersionError, type EventStore, type StreamAppend } from './port.ts';
import { createSqlEventStore } from './sql.ts';
import { partition } from './sql-append-group.ts';

const append = (streamId: string, expectedVersion: StreamAppend['expectedVersion'], events = 1): StreamAppend => ({
  streamId,
  streamType: 'account',
  expectedVersion,
  events: Array.from({ length: events }, () => ({ eventId: randomUUID(), type: 'Credited', data: { amount: 1 } })),
});

describe('which appends of a batch go together', () => {
  it('keeps apart an append whose expected version an earlier one in the batch moves, and one that appends nothing', () => {
    const batch = [
      [append('house', 'any'), append('wallet-a', 3)],
      [append('house', 'any'), append('wallet-b', 'no_stream')],
      [append('wallet-a', 3)],
      [append('wallet-b', 'stream_exists')],
      [append('wallet-c', 'any', 0)],
      [append('wallet-c', 'no_stream')],
    ];
    expect(partition(batch)).toEqual({ grouped: [0, 1, 3, 5], apart: [2, 4] });
  });

  it('takes in a version check beside an append, but not one without a numbered version or on a stream moved before it', () => {
    const batch = [
      [append('match-a', 4), append('room-a', 9, 0)],
      [append('match-b', 4), append('room-b', 'any', 0)],
      [append('room-a', 'any')],
      [append('match-c', 2), append('room-a', 9, 0)],
      [append('room-d', 2, 0)],
    ];
    expect(partition(batch)).toEqual({ grouped: [0, 2], apart: [1, 3, 4] });
  });
});

const databases = await sharedWriterDatabases();

// Opening a database and migrating it takes seconds on PGlite, more while other suites run.
describe.each(databases)('group commit on %s', { timeout: 30_000 }, (_name, open) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  async function openStore(): Promise<EventStore> {
    const { db, drop } = await open();
    const store = await createSqlEventStore(db);
    close = async () => {
      await store.close();
      await drop();
    };
    return store;
  }

  async function expectChainIntact(store: EventStore, streamId: string) {
    let prevHash = GENESIS_HASH;
    for (const event of await store.readStream(streamId)) {
      expect(event.metadata.prevHash).toBe(prevHash);
      prevHash = chainHash(prevHash, event);
      expect(event.metadata.hash).toBe(prevHash);
    }
  }

  it('commits appends that arrive together in one transaction, each answered with its own events, one shared stream in turn', async () => {
    const store = await openStore();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => store.append([append('house', 'any'), append(`wallet-${i}`, 'no_stream', 2)])),
    );
    const transactions = new Set<bigint>();
    results.forEach((result, i) => {
      if (result.outcome !== 'appended') throw new Error('not appended');
      expect(result.events.map((e) => e.streamId)).toEqual(['house', `wallet-${i}`, `wallet-${i}`]);
      expect(result.versions[`wallet-${i}`]).toBe(2);
      expect(result.versions.house).toBe(result.events[0]!.streamPosition);
      for (const event of result.events) transactions.add(event.transactionId);
    });
    expect(transactions.size).toBeLessThan(16);
    expect(results.map((r) => (r.outcome === 'appended' ? (r.versions.house ?? 0) : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    await expectChainIntact(store, 'house');
  });

  it('answers each append of a batch as alone when one of them fails: a wrong version, a retry, a race for a new stream', async () => {
    const store = await openStore();
    await store.append([append('wallet-done', 'no_stream')]);
    const done = append('wallet-retried', 'no_stream');
    await store.append([done]);
    // The first two go at once, one batch each; the rest arrive while they are in the database and wait together.
    const [, , stale, retried, first, second, fresh] = await Promise.allSettled([
      store.append([append('busy-1', 'no_stream')]),
      store.append([append('busy-2', 'no_stream')]),
      store.append([append('house', 'any'), append('wallet-done', 0)]),
      store.append([done]),
      store.append([append('wallet-new', 'no_stream')]),
      store.append([append('wallet-new', 'no_stream')]),
      store.append([append('house', 'any'), append('wallet-fresh', 'no_stream')]),
    ]);
    expect(stale.status === 'rejected' && stale.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(retried.status === 'fulfilled' && retried.value.outcome).toBe('duplicate');
    // Of two appends that both create one stream, the one that came first wins.
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && second.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(fresh.status === 'fulfilled' && fresh.value.outcome).toBe('appended');
    expect(await store.streamVersion('house')).toBe(1);
    expect(await store.streamVersion('wallet-new')).toBe(1);
    await expectChainIntact(store, 'house');
  });

  it('checks a version beside an append in the batch: the append lands only where the other stream is where it expected', async () => {
    const store = await openStore();
    await store.append([append('room-1', 'no_stream', 3)]);
    const [, , held, beside, moved] = await Promise.allSettled([
      store.append([append('busy-1', 'no_stream')]),
      store.append([append('busy-2', 'no_stream')]),
      store.append([append('match-1', 'no_stream'), append('room-1', 3, 0)]),
      store.append([append('house', 'any')]),
      store.append([append('match-2', 'no_stream'), append('room-1', 2, 0)]),
    ]);
    expect(held.status === 'fulfilled' && held.value).toMatchObject({ outcome: 'appended', versions: { 'match-1': 1, 'room-1': 3 } });
    expect(beside.status === 'fulfilled' && beside.value).toMatchObject({ outcome: 'appended', versions: { house: 1 } });
    expect(moved.status === 'rejected' && moved.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.streamVersion('match-1')).toBe(1);
    expect(await store.streamVersion('match-2')).toBeNull();
    expect(await store.streamVersion('room-1')).toBe(3);
  });
});
