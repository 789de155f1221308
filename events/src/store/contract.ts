import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid } from '../uuid.ts';
import type { SqlDatabase } from '../sql/port.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import { createSqlEventStore } from './sql.ts';
import {
  comparePositions,
  PartialDuplicateError,
  WrongExpectedVersionError,
  type EventStore,
  type EventToAppend,
  type Position,
  type StoredEvent,
} from './port.ts';

/** A plain connection that can hold a transaction open while the store is used elsewhere. */
export interface RawSqlClient {
  query(text: string, params?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

export interface EventStoreHarness {
  readonly store: EventStore;
  /** A new store object over the same data, as a restarted process opens it (memory: the same store). */
  reopen(): Promise<EventStore>;
  /** SQL stores: the database, so a test can see what a projection wrote through its transaction. */
  readonly db: SqlDatabase | null;
  /** Stores on a server: raw connections for the late-commit case. */
  readonly rawClient?: () => Promise<RawSqlClient>;
  close(): Promise<void>;
}

export interface EventStoreCapabilities {
  /** Several connections can hold transactions open at once (PostgreSQL), so late commits can be staged. */
  readonly concurrentTransactions?: boolean;
}

const event = (type: string, data: Record<string, string | number> = {}): EventToAppend => ({ eventId: newUuid(), type, data });
const positionOf = (e: StoredEvent): Position => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });
const ids = (events: readonly StoredEvent[]) => events.map((e) => e.eventId);

/** The embedded mode's harness: a SQL store that is its database's only writer (it answers from memory). */
export async function onlyWriterHarness(db: SqlDatabase): Promise<EventStoreHarness> {
  const store = await createSqlEventStore(db, { exclusiveWriter: true });
  return {
    store,
    db,
    reopen: () => createSqlEventStore(db, { exclusiveWriter: true }),
    async close() {
      await store.close();
      await db.close();
    },
  };
}

/** One behaviour suite for every EventStore adapter. The factory is called once per suite (PGlite starts slowly). */
export function eventStoreContract(
  name: string,
  factory: () => Promise<EventStoreHarness>,
  capabilities: EventStoreCapabilities = {},
): void {
  describe(`EventStore contract: ${name}`, { timeout: 30_000 }, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    let prefix: string;
    let n = 0;
    const streamId = (label: string) => `${prefix}-${label}-${++n}`;

    /**
     * On PostgreSQL a committed event shows in $all once every transaction that began before it has ended, in
     * any database of the server: reading $all right after an append waits for that.
     */
    const readAllIncluding = async (start: Position, eventId: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const events = await store.readAll(start, 1_000);
        if (events.some((e) => e.eventId === eventId) || Date.now() > deadline) return events;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    beforeAll(async () => {
      harness = await factory();
      store = harness.store;
      prefix = `contract-${newUuid().slice(0, 8)}`;
    }, 60_000);
    afterAll(() => harness?.close(), 60_000);

    describe('optimistic concurrency', () => {
      it('creates a stream with no_stream and refuses no_stream once it exists', async () => {
        const id = streamId('account');
        await store.append([{ streamId: id, streamType: 'account', expectedVersion: 'no_stream', events: [event('Opened')] }]);
        const again = store.append([{ streamId: id, streamType: 'account', expectedVersion: 'no_stream', events: [event('Opened')] }]);
        await expect(again).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(again).rejects.toMatchObject({ streamId: id, actual: 1 });
        expect(await store.streamVersion(id)).toBe(1);
      });

      it('appends at the exact version and refuses a stale one', async () => {
        const id = streamId('account');
        await store.append([{ streamId: id, streamType: 'account', expectedVersion: 'no_stream', events: [event('A'), event('B')] }]);
        const result = await store.append([{ streamId: id, streamType: 'account', expectedVersion: 2, events: [event('C')] }]);
        expect(result).toMatchObject({ outcome: 'appended', versions: { [id]: 3 } });
        await expect(
          store.append([{ streamId: id, streamType: 'account', expectedVersion: 2, events: [event('D')] }]),
        ).rejects.toMatchObject({
          name: 'WrongExpectedVersionError',
          expected: 2,
          actual: 3,
        });
        expect(await store.streamVersion(id)).toBe(3);
      });

      it('stream_exists needs the stream and any takes every state', async () => {
        const id = streamId('account');
        await expect(
          store.append([{ streamId: id, streamType: 'account', expectedVersion: 'stream_exists', events: [event('A')] }]),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.streamVersion(id)).toBeNull();
        await store.append([{ streamId: id, streamType: 'account', expectedVersion: 'any', events: [event('A')] }]);
        await store.append([{ streamId: id, streamType: 'account', expectedVersion: 'stream_exists', events: [event('B')] }]);
        await store.append([{ streamId: id, streamType: 'account', expectedVersion: 'any', events: [event('C')] }]);
        expect(await store.streamVersion(id)).toBe(3);
      });

      it('lets exactly one of 20 concurrent appends at one version win', async () => {
        const id = streamId('hot');
        await store.append([{ streamId: id, streamType: 'hot', expectedVersion: 'no_stream', events: [event('Opened')] }]);
        const attempts = Array.from({ length: 20 }, (_, i) =>
          store.append([{ streamId: id, streamType: 'hot', expectedVersion: 1, events: [event('Bet', { i })] }]),
        );
        const results = await Promise.allSettled(attempts);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.every((r) => r.reason instanceof WrongExpectedVersionError)).toBe(true);
        expect(await store.streamVersion(id)).toBe(2);
      });

      it('gives every version to exactly one of 20 writers that reload and retry', async () => {
        const id = streamId('hot');
        const writer = async (i: number) => {
          for (;;) {
            const version = await store.streamVersion(id);
            try {
              return await store.append([
                { streamId: id, streamType: 'hot', expectedVersion: version ?? 'no_stream', events: [event('Bet', { i })] },
              ]);
            } catch (error) {
              if (!(error instanceof WrongExpectedVersionError)) throw error;
            }
          }
        };
        await Promise.all(Array.from({ length: 20 }, (_, i) => writer(i)));
        const events = await store.readStream(id);
        expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(new Set(events.map((e) => e.data.i)).size).toBe(20);
        expectValidChain(events);
      });
    });

    describe('atomic multi-stream appends', () => {
      it('writes every stream in one transaction', async () => {
        const [a, b] = [streamId('wallet'), streamId('escrow')];
        const result = await store.append([
          { streamId: a, streamType: 'wallet', expectedVersion: 'no_stream', events: [event('Debited', { amount: 5 })] },
          { streamId: b, streamType: 'escrow', expectedVersion: 'any', events: [event('Credited', { amount: 5 })] },
        ]);
        if (result.outcome !== 'appended') throw new Error('expected an append');
        expect(result.versions).toEqual({ [a]: 1, [b]: 1 });
        expect(new Set(result.events.map((e) => e.transactionId)).size).toBe(1);
      });

      it('runs concurrent appends that name the same streams in opposite orders without deadlock', async () => {
        const [a, b] = [streamId('wallet'), streamId('house')];
        const appends = Array.from({ length: 10 }, (_, i) => {
          const pair = [
            { streamId: a, streamType: 'wallet', expectedVersion: 'any' as const, events: [event('Moved', { i })] },
            { streamId: b, streamType: 'house', expectedVersion: 'any' as const, events: [event('Moved', { i })] },
          ];
          return store.append(i % 2 ? pair.reverse() : pair);
        });
        expect((await Promise.all(appends)).every((r) => r.outcome === 'appended')).toBe(true);
        expect([await store.streamVersion(a), await store.streamVersion(b)]).toEqual([10, 10]);
        expectValidChain(await store.readStream(a));
        expectValidChain(await store.readStream(b));
      });

      it('hands out a stream that many writers append to at once in its own order (as an audit replays it)', async () => {
        const hot = streamId('zz-issuance'); // locked after each writer's own new stream, which takes the transaction's id
        const start = await store.head();
        const writer = async (w: number) => {
          for (let i = 0; i < 20; i += 1) {
            await store.append([
              { streamId: hot, streamType: 'account', expectedVersion: 'any', events: [event('Debited', { w, i })] },
              { streamId: streamId('wallet'), streamType: 'account', expectedVersion: 'no_stream', events: [event('Credited', { w, i })] },
            ]);
          }
        };
        await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
        const last = (await store.readStream(hot, { direction: 'backward', limit: 1 }))[0]!;
        const log = (await readAllIncluding(start, last.eventId)).filter((e) => e.streamId === hot);
        expect(log.map((e) => e.streamPosition)).toEqual(Array.from({ length: 16 * 20 }, (_, i) => i + 1));
      });

      it('leaves stream A untouched when stream B has the wrong version', async () => {
        const [a, b] = [streamId('wallet'), streamId('escrow')];
        await store.append([{ streamId: b, streamType: 'escrow', expectedVersion: 'no_stream', events: [event('Opened')] }]);
        const failing = store.append([
          { streamId: a, streamType: 'wallet', expectedVersion: 'no_stream', events: [event('Debited')] },
          { streamId: b, streamType: 'escrow', expectedVersion: 5, events: [event('Credited')] },
        ]);
        await expect(failing).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: b });
        expect(await store.streamVersion(a)).toBeNull();
        expect(await store.readStream(a)).toEqual([]);
        expect(await store.streamVersion(b)).toBe(1);
        await store.append([{ streamId: a, streamType: 'wallet', expectedVersion: 'no_stream', events: [event('Debited')] }]);
        expect(await store.streamVersion(a)).toBe(1);
      });

      it('checks the version of a stream it appends nothing to: the others land only while that stream is where it was', async () => {
        const [room, match] = [streamId('room'), streamId('match')];
        await store.append([
          { streamId: room, streamType: 'room', expectedVersion: 'no_stream', events: [event('Opened'), event('Joined')] },
        ]);
        const checked = await store.append([
          { streamId: match, streamType: 'match', expectedVersion: 'no_stream', events: [event('Moved')] },
          { streamId: room, streamType: 'room', expectedVersion: 2, events: [] },
        ]);
        expect(checked).toMatchObject({ outcome: 'appended', versions: { [match]: 1 } });
        await store.append([{ streamId: room, streamType: 'room', expectedVersion: 2, events: [event('Left')] }]);
        const stale = store.append([
          { streamId: match, streamType: 'match', expectedVersion: 1, events: [event('Moved')] },
          { streamId: room, streamType: 'room', expectedVersion: 2, events: [] },
        ]);
        await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: room, actual: 3 });
        expect(await store.streamVersion(match)).toBe(1);
        expect(await store.streamVersion(room)).toBe(3);
        expectValidChain(await store.readStream(room));
      });
    });

    describe('idempotent event ids', () => {
      it('answers a retried append with duplicate and changes nothing', async () => {
        const id = streamId('wallet');
        const request = [
          { streamId: id, streamType: 'wallet', expectedVersion: 'no_stream' as const, events: [event('Granted'), event('Spent')] },
        ];
        const first = await store.append(request);
        expect(await store.append(request)).toEqual({ outcome: 'duplicate' });
        expect(await store.streamVersion(id)).toBe(2);
        expect(ids(await store.readStream(id))).toEqual(first.outcome === 'appended' ? ids(first.events) : []);
      });

      it('refuses an append that mixes stored and new event ids', async () => {
        const id = streamId('wallet');
        const first = event('Granted');
        await store.append([{ streamId: id, streamType: 'wallet', expectedVersion: 'any', events: [first] }]);
        await expect(
          store.append([{ streamId: id, streamType: 'wallet', expectedVersion: 'any', events: [first, event('Spent')] }]),
        ).rejects.toBeInstanceOf(PartialDuplicateError);
        expect(await store.streamVersion(id)).toBe(1);
      });

      it('refuses event ids that are not UUIDs', async () => {
        const id = streamId('wallet');
        const bad = { eventId: 'bonus-2026-01-01', type: 'Granted', data: {} };
        await expect(store.append([{ streamId: id, streamType: 'wallet', expectedVersion: 'any', events: [bad] }])).rejects.toThrow(/UUID/);
      });

      it.each(['no_stream', 'any'] as const)('appends once when two identical appends race (%s)', async (expectedVersion) => {
        const id = streamId('wallet');
        const request = [{ streamId: id, streamType: 'wallet', expectedVersion, events: [event('Granted'), event('Spent')] }];
        const results = await Promise.all([store.append(request), store.append(request)]);
        expect(results.map((r) => r.outcome).sort()).toEqual(['appended', 'duplicate']);
        expect(await store.streamVersion(id)).toBe(2);
      });

      it('appends once when identical appends race on different streams', async () => {
        const shared = [event('Granted')];
        const results = await Promise.allSettled([
          store.append([{ streamId: streamId('left'), streamType: 'wallet', expectedVersion: 'any', events: shared }]),
          store.append([{ streamId: streamId('right'), streamType: 'wallet', expectedVersion: 'any', events: shared }]),
        ]);
        const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.outcome : 'error')).sort();
        expect(outcomes).toEqual(['appended', 'duplicate']);
      });
    });

    describe('hash chain', () => {
      it('chains every event to the one before it, across appends', async () => {
        const id = streamId('wallet');
        const first = await store.append([
          { streamId: id, streamType: 'wallet', expectedVersion: 'no_stream', events: [event('A', { v: 1 }), event('B', { v: 2 })] },
        ]);
        await store.append([{ streamId: id, streamType: 'wallet', expectedVersion: 2, events: [event('C', { v: 3 })] }]);
        const events = await store.readStream(id);
        expect(events).toHaveLength(3);
        expect(events[0]!.metadata.prevHash).toBe(GENESIS_HASH);
        expect(events[2]!.metadata.prevHash).toBe(events[1]!.metadata.hash);
        expectValidChain(events);
        if (first.outcome === 'appended')
          expect(first.events.map((e) => e.metadata.hash)).toEqual(events.slice(0, 2).map((e) => e.metadata.hash));
      });

      it('hashes non-ASCII text and data that looks like the chain fields exactly as chainHash does', async () => {
        const id = streamId('wallet');
        const tricky = {
          eventId: newUuid(),
          type: 'Named "streamPosition":1',
          data: { name: 'ሰላም ዓለም', streamPosition: 'qal:stream-position', nested: { streamPosition: 7 }, quote: '"\\', n: 1.5 },
        } as unknown as EventToAppend;
        await store.append([{ streamId: id, streamType: 'wallet', expectedVersion: 'no_stream', events: [event('A'), tricky] }]);
        const events = await store.readStream(id);
        expect(events.map((e) => e.data)).toEqual([{}, tricky.data]);
        expectValidChain(events);
      });

      it('keeps caller metadata beside the chain fields', async () => {
        const id = streamId('wallet');
        await store.append([
          { streamId: id, streamType: 'wallet', expectedVersion: 'any', events: [{ ...event('A'), metadata: { correlationId: 'c-1' } }] },
        ]);
        const [stored] = await store.readStream(id);
        expect(stored?.metadata).toMatchObject({ correlationId: 'c-1', prevHash: GENESIS_HASH });
      });
    });

    describe('reading', () => {
      it('reads a stream forward, backward, after a position and with a limit', async () => {
        const id = streamId('match');
        await store.append([
          { streamId: id, streamType: 'match', expectedVersion: 'no_stream', events: ['A', 'B', 'C', 'D', 'E'].map((t) => event(t)) },
        ]);
        const types = (events: readonly StoredEvent[]) => events.map((e) => e.type).join('');
        expect(types(await store.readStream(id))).toBe('ABCDE');
        expect(types(await store.readStream(id, { after: 2 }))).toBe('CDE');
        expect(types(await store.readStream(id, { after: 1, limit: 2 }))).toBe('BC');
        expect(types(await store.readStream(id, { direction: 'backward' }))).toBe('EDCBA');
        expect(types(await store.readStream(id, { direction: 'backward', limit: 1 }))).toBe('E');
        expect(await store.readStream(streamId('missing'))).toEqual([]);
      });

      it('returns stored events with their data, types and schema versions', async () => {
        const id = streamId('match');
        await store.append([
          {
            streamId: id,
            streamType: 'match',
            expectedVersion: 'any',
            events: [{ ...event('Guessed', { letter: 'ሀ' }), schemaVersion: 2 }],
          },
        ]);
        const [stored] = await store.readStream(id);
        expect(stored).toMatchObject({ streamId: id, streamPosition: 1, type: 'Guessed', schemaVersion: 2, data: { letter: 'ሀ' } });
        expect(stored?.recordedAt).toBeInstanceOf(Date);
        expect(typeof stored?.globalPosition).toBe('bigint');
      });

      it('reads $all in commit order, in pages, and reports the head', async () => {
        const start = await store.head();
        const [a, b] = [streamId('a'), streamId('b')];
        const appended: StoredEvent[] = [];
        for (const [id, types] of [
          [a, ['A1', 'A2']],
          [b, ['B1']],
          [a, ['A3']],
        ] as const) {
          const result = await store.append([
            { streamId: id, streamType: 'x', expectedVersion: 'any', events: types.map((t) => event(t)) },
          ]);
          if (result.outcome === 'appended') appended.push(...result.events);
        }
        const all = (await readAllIncluding(start, appended.at(-1)!.eventId)).filter((e) => e.streamId === a || e.streamId === b);
        expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
        expect(ids(all)).toEqual(ids(appended));
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!, all[i]!)).toBeLessThan(0);
        const paged: StoredEvent[] = [];
        for (let page = await store.readAll(start, 3); page.length > 0; page = await store.readAll(positionOf(page.at(-1)!), 3)) {
          expect(page.length).toBeLessThanOrEqual(3);
          paged.push(...page);
        }
        expect(ids(paged.filter((e) => e.streamId === a || e.streamId === b))).toEqual(ids(all));
        expect(comparePositions(await store.head(), positionOf(all.at(-1)!))).toBeGreaterThanOrEqual(0);
      });
    });

    if (capabilities.concurrentTransactions) {
      it('never hands out an event while an earlier-numbered transaction is still open (late commit)', async () => {
        const [c1, c2] = [await harness.rawClient!(), await harness.rawClient!()];
        const [s1, s2] = [streamId('late'), streamId('early')];
        const seen: StoredEvent[] = [];
        const start = await store.head();
        const subscription = store.subscribe({
          subscriber: `${prefix}-late-commit`,
          pollIntervalMs: 20,
          handle: async (events) => void seen.push(...events.filter((e) => e.streamId === s1 || e.streamId === s2)),
        });
        const insert = `insert into eventstore.events (stream_id, stream_position, event_id, type, data, metadata)
          values ($1, 1, $2, 'Raw', '{}', '{}') returning global_position::text as g, transaction_id::text as t`;
        try {
          await c1.query('begin');
          const t1 = (await c1.query(insert, [s1, newUuid()])).rows[0]!; // T1 takes the lower position first
          await c2.query('begin');
          const t2 = (await c2.query(insert, [s2, newUuid()])).rows[0]!;
          await c2.query('commit'); // T2 commits first
          expect(BigInt(String(t2.g))).toBeGreaterThan(BigInt(String(t1.g)));
          const t2Position = { transactionId: BigInt(String(t2.t)), globalPosition: BigInt(String(t2.g)) };

          expect((await store.readAll(start, 1000)).filter((e) => e.streamId === s2)).toEqual([]);
          expect(comparePositions(await store.head(), t2Position)).toBeLessThan(0);
          await expect(subscription.waitFor(t2Position, 500)).rejects.toThrow(/did not reach/);

          await c1.query('commit');
          const t2EventId = String(
            (await c2.query(`select event_id::text as id from eventstore.events where stream_id = $1`, [s2])).rows[0]!.id,
          );
          const after = (await readAllIncluding(start, t2EventId)).filter((e) => e.streamId === s1 || e.streamId === s2);
          expect(after.map((e) => e.streamId)).toEqual([s1, s2]);
          await subscription.waitFor(t2Position);
          expect(seen.map((e) => e.streamId)).toEqual([s1, s2]);
        } finally {
          await subscription.stop();
          await Promise.all([c1.end(), c2.end()]);
        }
      });
    }

    describe('catch-up subscriptions', () => {
      it('delivers history and live events, and waitFor resolves once they are handled', async () => {
        const id = streamId('sub');
        const seen: string[] = [];
        await store.append([{ streamId: id, streamType: 'x', expectedVersion: 'any', events: [event('Old')] }]);
        const subscription = store.subscribe({
          subscriber: `${prefix}-live`,
          handle: async (events) => void seen.push(...events.filter((e) => e.streamId === id).map((e) => e.type)),
        });
        try {
          const result = await store.append([{ streamId: id, streamType: 'x', expectedVersion: 'any', events: [event('New')] }]);
          if (result.outcome !== 'appended') throw new Error('expected an append');
          await subscription.waitFor(positionOf(result.events[0]!));
          expect(seen).toEqual(['Old', 'New']);
          expect(comparePositions(subscription.position(), positionOf(result.events[0]!))).toBeGreaterThanOrEqual(0);
          const beyond = { transactionId: result.events[0]!.transactionId + 1_000_000n, globalPosition: 0n };
          await expect(subscription.waitFor(beyond, 300)).rejects.toThrow(/did not reach/);
        } finally {
          await subscription.stop();
        }
      });

      it('resumes from its checkpoint after a restart, on a new store object', async () => {
        const id = streamId('sub');
        const subscriber = `${prefix}-resume`;
        const firstRun: string[] = [];
        const append = async (type: string) => {
          const result = await store.append([{ streamId: id, streamType: 'x', expectedVersion: 'any', events: [event(type)] }]);
          if (result.outcome !== 'appended') throw new Error('expected an append');
          return positionOf(result.events[0]!);
        };
        const first = store.subscribe({
          subscriber,
          handle: async (events) => void firstRun.push(...events.filter((e) => e.streamId === id).map((e) => e.type)),
        });
        await append('E1');
        await first.waitFor(await append('E2'));
        await first.stop();
        expect(firstRun).toEqual(['E1', 'E2']);
        expect(await store.loadCheckpoint(subscriber)).not.toBeNull();

        await append('E3');
        const last = await append('E4');
        const reopened = await harness.reopen();
        const secondRun: string[] = [];
        const second = reopened.subscribe({
          subscriber,
          handle: async (events) => void secondRun.push(...events.filter((e) => e.streamId === id).map((e) => e.type)),
        });
        try {
          await second.waitFor(last);
          expect(secondRun).toEqual(['E3', 'E4']);
        } finally {
          await second.stop();
          if (reopened !== store) await reopened.close();
        }
      });

      it('commits a projection and its checkpoint together: a failed batch leaves neither', async () => {
        const id = streamId('projection');
        const subscriber = `${prefix}-projection`;
        const table = `contract_projection_${newUuid().slice(0, 8)}`;
        if (harness.db) await harness.db.query(`create table ${table} (event_id uuid primary key)`);
        const result = await store.append([{ streamId: id, streamType: 'x', expectedVersion: 'any', events: [event('A'), event('B')] }]);
        if (result.outcome !== 'appended') throw new Error('expected an append');
        let attempts = 0;
        let failed!: () => void;
        const firstFailure = new Promise<void>((resolve) => (failed = resolve));
        const applied: string[] = [];
        const subscription = store.subscribe({
          subscriber,
          handle: async (events, { tx }) => {
            const mine = events.filter((e) => e.streamId === id);
            for (const e of mine) await tx?.query(`insert into ${table} (event_id) values ($1)`, [e.eventId]);
            if (mine.length > 0 && ++attempts === 1) throw new Error('projection crashed after writing');
            applied.push(...ids(mine));
          },
          onError: () => failed(),
        });
        try {
          await firstFailure;
          // Earlier batches (other tests' events) may have been checkpointed, but not the one that failed.
          const checkpoint = await store.loadCheckpoint(subscriber);
          expect(checkpoint === null || comparePositions(checkpoint, positionOf(result.events[0]!)) < 0).toBe(true);
          if (harness.db) expect((await harness.db.query(`select event_id from ${table}`)).rows).toEqual([]);
          await subscription.waitFor(positionOf(result.events[1]!));
          expect(applied).toEqual(ids(result.events));
          if (harness.db) {
            const { rows } = await harness.db.query<{ event_id: string }>(
              `select event_id::text as event_id from ${table} order by event_id`,
            );
            expect(rows.map((r) => r.event_id)).toEqual(ids(result.events).sort());
          }
          expect(comparePositions((await store.loadCheckpoint(subscriber))!, positionOf(result.events[1]!))).toBeGreaterThanOrEqual(0);
        } finally {
          await subscription.stop();
        }
      });

      it('runs one instance of a subscriber at a time', async () => {
        const id = streamId('single');
        const subscriber = `${prefix}-single`;
        const handled: string[] = [];
        let running = 0;
        let overlapped = false;
        const handle = async (events: readonly StoredEvent[]) => {
          running += 1;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 2));
          handled.push(...ids(events.filter((e) => e.streamId === id)));
          running -= 1;
        };
        const a = store.subscribe({ subscriber, handle, batchSize: 2, pollIntervalMs: 10 });
        const b = store.subscribe({ subscriber, handle, batchSize: 2, pollIntervalMs: 10 });
        try {
          const results = [];
          for (let i = 0; i < 6; i++)
            results.push(await store.append([{ streamId: id, streamType: 'x', expectedVersion: 'any', events: [event('E')] }]));
          const appended = results.flatMap((r) => (r.outcome === 'appended' ? r.events : []));
          const last = positionOf(appended.at(-1)!);
          for (;;) {
            const checkpoint = await store.loadCheckpoint(subscriber);
            if (checkpoint && comparePositions(checkpoint, last) >= 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect(overlapped).toBe(false);
          expect(handled).toEqual(ids(appended));
        } finally {
          await Promise.all([a.stop(), b.stop()]);
        }
      });
    });
  });
}

/** Recomputes every hash from the event's content, the way the ledger auditor does. */
function expectValidChain(events: readonly StoredEvent[]): void {
  let prev = GENESIS_HASH;
  for (const e of events) {
    expect(e.metadata.prevHash).toBe(prev);
    const hash = chainHash(prev, e);
    expect(e.metadata.hash).toBe(hash);
    prev = hash;
  }
}
