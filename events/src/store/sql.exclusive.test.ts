import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite.ts';
import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import { newUuid } from '../uuid.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import { eventStoreContract, onlyWriterHarness } from './contract.ts';
import { START, type EventStore, type StoredEvent } from './port.ts';
import { createSqlEventStore } from './sql.ts';

// The embedded mode's store (the only writer of its PGlite database) must keep every promise of the port.
eventStoreContract('PGlite, only writer (answers from memory)', async () => onlyWriterHarness(await openPgliteDatabase()));

const event = (type: string) => ({ eventId: newUuid(), type, data: { n: 1 } });
const append = async (store: EventStore, streamId: string, type = 'E') => {
  const result = await store.append([{ streamId, streamType: 'x', expectedVersion: 'any', events: [event(type)] }]);
  if (result.outcome !== 'appended') throw new Error('expected an append');
  return result.events[0]!;
};
const at = (e: StoredEvent) => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });
const strip = (events: readonly StoredEvent[]) => events.map((e) => ({ ...e, recordedAt: e.recordedAt.getTime() }));

describe('SQL event store, only writer', { timeout: 60_000 }, () => {
  it('commits appends that arrive together in one batch, answering each caller on its own', async () => {
    const db = await openPgliteDatabase();
    const store = await createSqlEventStore(db, { exclusiveWriter: true });
    const statements: string[] = [];
    const watch = (sql: SqlExecutor): SqlExecutor => ({ query: (text, params) => (statements.push(text), sql.query(text, params)) });
    const watched: SqlDatabase = { ...db, ...watch(db), transaction: (work) => db.transaction((tx) => work(watch(tx))) };
    const batched = await createSqlEventStore(watched, { exclusiveWriter: true, migrate: false });
    try {
      await append(store, 'taken');
      const retried = { eventId: newUuid(), type: 'E', data: { n: 2 } };
      await store.append([{ streamId: 'retried', streamType: 'x', expectedVersion: 'no_stream', events: [retried] }]);
      const asks = [
        ...Array.from({ length: 8 }, (_, i) => ({ streamId: `s-${i % 3}`, expectedVersion: 'any' as const, events: [event(`A${i}`)] })),
        { streamId: 'taken', expectedVersion: 'no_stream' as const, events: [event('Late')] },
        { streamId: 'retried', expectedVersion: 'no_stream' as const, events: [retried] },
        { streamId: 'fresh', expectedVersion: 'no_stream' as const, events: [event('F1'), event('F2')] },
      ];
      const answers = await Promise.allSettled(asks.map((a) => batched.append([{ ...a, streamType: 'x' }])));
      // Fewer writes to the events table than callers: appends that waited together went together.
      expect(statements.filter((s) => /append_events|insert into eventstore\.events/.test(s)).length).toBeLessThan(asks.length);
      expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.outcome : (a.reason as Error).name))).toEqual([
        ...Array<string>(8).fill('appended'),
        'WrongExpectedVersionError',
        'duplicate',
        'appended',
      ]);
      // Each stream holds exactly what its callers were told, in order, its hash chain whole.
      expect((await store.readStream('taken')).map((e) => e.type)).toEqual(['E']);
      expect((await store.readStream('fresh')).map((e) => [e.type, e.streamPosition])).toEqual([
        ['F1', 1],
        ['F2', 2],
      ]);
      expect((await store.readStream('s-0')).map((e) => e.type)).toEqual(['A0', 'A3', 'A6']);
      for (const stream of ['s-1', 'fresh']) {
        let prevHash = GENESIS_HASH;
        for (const e of await store.readStream(stream)) {
          expect(e.metadata.prevHash).toBe(prevHash);
          expect(e.metadata.hash).toBe(chainHash(prevHash, e));
          prevHash = e.metadata.hash as string;
        }
      }
      // The batching store's memory agrees with the database.
      expect(strip(await batched.readStream('s-2'))).toEqual(strip(await store.readStream('s-2')));
    } finally {
      await batched.close();
      await store.close();
      await db.close();
    }
  });

  it('appends to streams it has written, and creates new ones, in one statement, holding no transaction open', async () => {
    const db = await openPgliteDatabase();
    const statements: string[] = [];
    let transactions = 0;
    const watch = (sql: SqlExecutor): SqlExecutor => ({ query: (text, params) => (statements.push(text), sql.query(text, params)) });
    const watched: SqlDatabase = { ...db, ...watch(db), transaction: (work) => (transactions++, db.transaction((tx) => work(watch(tx)))) };
    const store = await createSqlEventStore(watched, { exclusiveWriter: true });
    try {
      await append(store, 'wallet-1', 'Opened');
      statements.length = 0;
      transactions = 0;
      const moved = await append(store, 'wallet-1', 'Credited');
      expect({ statements: statements.length, transactions }).toEqual({ statements: 1, transactions: 0 });
      expect(moved.streamPosition).toBe(2);
      // A retry of it is still told it is a duplicate, and a stale expected version is still refused.
      const retry = { eventId: newUuid(), type: 'Debited', data: { n: 1 } };
      const once = () => store.append([{ streamId: 'wallet-1', streamType: 'x', expectedVersion: 2, events: [retry] }]);
      expect((await once()).outcome).toBe('appended');
      expect((await once()).outcome).toBe('duplicate');
      await expect(store.append([{ streamId: 'wallet-1', streamType: 'x', expectedVersion: 2, events: [event('Late')] }])).rejects.toThrow(
        /expected version 2, actual 3/,
      );
      expect((await store.readStream('wallet-1')).map((e) => e.type)).toEqual(['Opened', 'Credited', 'Debited']);
      // A stream it has not seen, which the append expects to create, is not looked up first.
      statements.length = 0;
      const opened = await store.append([
        { streamId: 'wallet-2', streamType: 'x', expectedVersion: 'no_stream', events: [event('Opened')] },
      ]);
      expect({ outcome: opened.outcome, statements: statements.length }).toEqual({ outcome: 'appended', statements: 1 });
    } finally {
      await store.close();
      await db.close();
    }
  });

  it('sends the next batch while the one before is still in the database, answering each in order', async () => {
    const db = await openPgliteDatabase();
    const steps: string[] = [];
    let inserts = 0;
    const watched: SqlDatabase = {
      ...db,
      async query(text, params) {
        if (!text.includes('insert into eventstore.events')) return db.query(text, params);
        const n = ++inserts;
        steps.push(`sent ${n}`);
        const result = await db.query(text, params);
        steps.push(`stored ${n}`);
        return result as never;
      },
    };
    const store = await createSqlEventStore(watched, { exclusiveWriter: true });
    try {
      const appended = await Promise.all(['A', 'B', 'C'].map((type) => append(store, 'game-1', type)));
      expect(steps.slice(0, 2)).toEqual(['sent 1', 'sent 2']);
      expect(appended.map((e) => [e.type, e.streamPosition])).toEqual([
        ['A', 1],
        ['B', 2],
        ['C', 3],
      ]);
      expect((await store.readAll(START, 10)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    } finally {
      await store.close();
      await db.close();
    }
  });

  it('refuses a batch planned behind one that failed, and stores its appends without a gap', async () => {
    const db = await openPgliteDatabase();
    const other = await createSqlEventStore(db);
    const store = await createSqlEventStore(db, { exclusiveWriter: true, migrate: false });
    try {
      // An id the only writer has not seen is in the table already: the first batch fails as a whole on it.
      const stored = await append(other, 'elsewhere');
      const first = store.append([
        { streamId: 'game-1', streamType: 'x', expectedVersion: 'any', events: [{ ...event('A'), eventId: stored.eventId }] },
      ]);
      // Planned on the heads the first batch would have moved, while it is still in the database.
      const second = store.append([{ streamId: 'game-1', streamType: 'x', expectedVersion: 'any', events: [event('B')] }]);
      expect((await first).outcome).toBe('duplicate');
      const result = await second;
      expect(result.outcome === 'appended' && result.events.map((e) => [e.type, e.streamPosition])).toEqual([['B', 1]]);
      const game = await store.readStream('game-1');
      expect(game.map((e) => [e.type, e.streamPosition, e.metadata.prevHash])).toEqual([['B', 1, GENESIS_HASH]]);
      expect(strip(game)).toEqual(strip(await other.readStream('game-1')));
      expect((await store.append([{ streamId: 'game-1', streamType: 'x', expectedVersion: 1, events: [event('C')] }])).outcome).toBe(
        'appended',
      );
      expect((await other.readStream('game-1')).map((e) => e.streamPosition)).toEqual([1, 2]);
    } finally {
      await store.close();
      await other.close();
      await db.close();
    }
  });

  it('answers stream and $all reads from memory exactly as the database does', async () => {
    const db = await openPgliteDatabase();
    const fromDatabase = await createSqlEventStore(db);
    // Events from before the store opened (a restart): read from the database, then remembered.
    await append(fromDatabase, 'game-1', 'Old');
    const store = await createSqlEventStore(db, { exclusiveWriter: true, migrate: false });
    try {
      const streams = ['game-1', 'game-2', 'room-1'];
      for (let i = 0; i < 60; i++) await append(store, streams[i % 3]!, `E${i}`);
      for (const id of [...streams, 'never-written']) {
        for (const after of [0, 3, 19, 20, 21, 40]) {
          expect(strip(await store.readStream(id, { after }))).toEqual(strip(await fromDatabase.readStream(id, { after })));
          for (const options of [
            { limit: 1 },
            { limit: 5 },
            { direction: 'backward' as const },
            { direction: 'backward' as const, limit: 1 },
          ]) {
            const read = { ...options, after };
            expect(strip(await store.readStream(id, read))).toEqual(strip(await fromDatabase.readStream(id, read)));
          }
        }
        expect(await store.streamVersion(id)).toBe(await fromDatabase.streamVersion(id));
      }
      const all = await fromDatabase.readAll(START, 1_000);
      for (const from of [START, at(all[0]!), at(all[30]!), at(all.at(-1)!)]) {
        expect(strip(await store.readAll(from, 7))).toEqual(strip(await fromDatabase.readAll(from, 7)));
      }
      expect(await store.head()).toEqual(await fromDatabase.head());
    } finally {
      await store.close();
      await fromDatabase.close();
      await db.close();
    }
  });

  it('moves a subscriber past batches it does not accept without calling it, and resumes correctly after a restart', async () => {
    const db = await openPgliteDatabase();
    let store = await createSqlEventStore(db, { exclusiveWriter: true });
    try {
      const seen: string[] = [];
      const options = {
        subscriber: 'only-wanted',
        accepts: (e: StoredEvent) => e.type === 'Wanted',
        handle: async (events: readonly StoredEvent[]) =>
          void seen.push(...events.filter((e) => e.type === 'Wanted').map((e) => e.streamId)),
      };
      let subscription = store.subscribe(options);
      const handlerCalls = { count: 0 };
      const counted = store.subscribe({ ...options, subscriber: 'counted', handle: async () => void (handlerCalls.count += 1) });
      await append(store, 'a', 'Wanted');
      let last = await append(store, 'b', 'Other');
      await subscription.waitFor(at(last));
      await counted.waitFor(at(last));
      const callsBefore = handlerCalls.count;
      for (let i = 0; i < 20; i++) last = await append(store, `other-${i}`, 'Other');
      await counted.waitFor(at(last));
      await subscription.waitFor(at(last));
      expect(handlerCalls.count).toBe(callsBefore);
      // Where it is shows at once, though its stored checkpoint may follow later.
      expect(await store.loadCheckpoint('only-wanted')).toEqual(at(last));

      await subscription.stop();
      await counted.stop();
      await store.close();
      store = await createSqlEventStore(db, { exclusiveWriter: true, migrate: false });
      const wanted = await append(store, 'c', 'Wanted');
      subscription = store.subscribe(options);
      await subscription.waitFor(at(wanted));
      expect(seen).toEqual(['a', 'c']);
      await subscription.stop();
    } finally {
      await store.close();
      await db.close();
    }
  });

  it('answers as the database does for what it no longer holds, when large events outgrow its memory', async () => {
    const db = await openPgliteDatabase();
    const fromDatabase = await createSqlEventStore(db);
    // Room for a few deals only, in the streams' tails and in the log.
    const store = await createSqlEventStore(db, {
      exclusiveWriter: true,
      migrate: false,
      recentLimits: { streamsBytes: 30_000, logBytes: 20_000 },
    });
    try {
      const deal = (game: number, n: number) => ({
        eventId: newUuid(),
        type: 'Dealt',
        data: { game, n, hands: Array.from({ length: 4 }, (_, seat) => Array.from({ length: 52 }, (_, card) => `${seat}:${card}`)) },
      });
      const games = Array.from({ length: 12 }, (_, i) => `crazy-${i}`);
      for (let round = 0; round < 3; round++)
        for (const [i, game] of games.entries())
          await store.append([{ streamId: game, streamType: 'crazy', expectedVersion: 'any', events: [deal(i, round)] }]);
      for (const game of games) {
        for (const after of [0, 1, 2, 3]) {
          expect(strip(await store.readStream(game, { after }))).toEqual(strip(await fromDatabase.readStream(game, { after })));
        }
        expect(await store.streamVersion(game)).toBe(3);
      }
      const all = await fromDatabase.readAll(START, 1_000);
      expect(all).toHaveLength(36);
      for (const from of [START, at(all[5]!), at(all[30]!), at(all.at(-2)!)]) {
        expect(strip(await store.readAll(from, 50))).toEqual(strip(await fromDatabase.readAll(from, 50)));
      }
    } finally {
      await store.close();
      await fromDatabase.close();
      await db.close();
    }
  });
});
