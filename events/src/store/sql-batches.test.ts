import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../sql/port.ts';
import { sharedWriterDatabases } from '../testing/sql-databases.ts';
import { readCheckpoint, saveCheckpoint } from './sql-rows.ts';
import type { EventStore, StoredEvent, SubscribeOptions } from './port.ts';
import { createSqlEventStore } from './sql.ts';

const databases = await sharedWriterDatabases();

const at = (e: StoredEvent) => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });
async function append(store: EventStore, streamId: string, type: string): Promise<StoredEvent> {
  const result = await store.append([
    { streamId, streamType: 'x', expectedVersion: 'any', events: [{ eventId: randomUUID(), type, data: {} }] },
  ]);
  if (result.outcome !== 'appended') throw new Error('expected an append');
  return result.events[0]!;
}
const wantedOnly = (seen: string[]): Omit<SubscribeOptions, 'subscriber'> => ({
  accepts: (e) => e.type === 'Wanted',
  handle: async (events) => void seen.push(...events.filter((e) => e.type === 'Wanted').map((e) => e.streamId)),
  pollIntervalMs: 20,
});

// Opening a database and migrating it takes seconds on PGlite, more while other suites run.
describe.each(databases)('subscriptions of a store other processes append to, on %s', { timeout: 30_000 }, (_name, open) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  async function openDatabase(): Promise<SqlDatabase> {
    const { db, drop } = await open();
    close = drop;
    return db;
  }

  it('moves a subscriber past batches it does not accept without calling it, and resumes correctly after a restart', async () => {
    const db = await openDatabase();
    let store = await createSqlEventStore(db);
    const seen: string[] = [];
    let subscription = store.subscribe({ subscriber: 'only-wanted', ...wantedOnly(seen) });
    let calls = 0;
    const counted = store.subscribe({ subscriber: 'counted', ...wantedOnly([]), handle: async () => void (calls += 1) });
    await append(store, 'a', 'Wanted');
    let last = await append(store, 'b', 'Other');
    await Promise.all([subscription.waitFor(at(last)), counted.waitFor(at(last))]);
    const callsBefore = calls;
    for (let i = 0; i < 20; i++) last = await append(store, `other-${i}`, 'Other');
    await Promise.all([subscription.waitFor(at(last)), counted.waitFor(at(last))]);
    expect(calls).toBe(callsBefore);
    // Where it is shows at once; the stored checkpoint follows, at the latest when the store closes.
    expect(await store.loadCheckpoint('only-wanted')).toEqual(at(last));
    await Promise.all([subscription.stop(), counted.stop()]);
    await store.close();
    expect(await readCheckpoint(db, 'only-wanted')).toEqual(at(last));

    store = await createSqlEventStore(db, { migrate: false });
    const wanted = await append(store, 'c', 'Wanted');
    subscription = store.subscribe({ subscriber: 'only-wanted', ...wantedOnly(seen) });
    await subscription.waitFor(at(wanted));
    expect(seen).toEqual(['a', 'c']);
    await subscription.stop();
    await store.close();
  });

  it('never moves a stored checkpoint back: an instance that skipped saves late, after another handled further', async () => {
    const db = await openDatabase();
    const store = await createSqlEventStore(db);
    const skippedTo = await append(store, 'a', 'Other');
    const handledTo = await append(store, 'b', 'Wanted');
    await saveCheckpoint(db, 'late-save', at(handledTo));
    await saveCheckpoint(db, 'late-save', at(skippedTo));
    expect(await readCheckpoint(db, 'late-save')).toEqual(at(handledTo));
    await store.close();
  });

  it('hands each accepted event to one of two instances, once and in order, and both follow to the end', async () => {
    const db = await openDatabase();
    const stores = [await createSqlEventStore(db), await createSqlEventStore(db, { migrate: false })];
    const seen: string[] = [];
    const subscriptions = stores.map((store) => store.subscribe({ subscriber: 'shared', ...wantedOnly(seen), batchSize: 3 }));
    const wanted: string[] = [];
    let last: StoredEvent | undefined;
    for (let i = 0; i <= 30; i++) {
      const type = i % 3 === 0 ? 'Wanted' : 'Other';
      last = await append(stores[i % 2]!, `s-${i}`, type);
      if (type === 'Wanted') wanted.push(`s-${i}`);
    }
    await Promise.all(subscriptions.map((subscription) => subscription.waitFor(at(last!))));
    expect(seen).toEqual(wanted);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await Promise.all(stores.map((store) => store.close()));
  });

  it('lets a standby instance take over the batches once the working one stops', async () => {
    const db = await openDatabase();
    const stores = [await createSqlEventStore(db), await createSqlEventStore(db, { migrate: false })];
    const { seenBy, subscriptions } = relayLike(stores);
    let last: StoredEvent | undefined;
    for (let i = 0; i < 10; i++) last = await append(stores[0]!, `before-${i}`, 'E');
    await Promise.all(subscriptions.map((subscription) => subscription.waitFor(at(last!))));
    const working = seenBy[0]!.includes('before-9') ? 0 : 1;
    const standby = 1 - working;
    await subscriptions[working]!.stop();
    for (let i = 0; i < 5; i++) last = await append(stores[0]!, `after-${i}`, 'E');
    await subscriptions[standby]!.waitFor(at(last!), 5_000);
    expect(seenBy[standby]!.filter((id) => id.startsWith('after-'))).toEqual(['after-0', 'after-1', 'after-2', 'after-3', 'after-4']);
    expect([...seenBy[0]!, ...seenBy[1]!].filter((id) => id.startsWith('before-')).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `before-${i}`).sort(),
    );
    await subscriptions[standby]!.stop();
    await Promise.all(stores.map((store) => store.close()));
  });

  it('hands the batches over to a preferred instance that found another already working', async () => {
    const db = await openDatabase();
    const stores = [await createSqlEventStore(db), await createSqlEventStore(db, { migrate: false })];
    const seenBy: string[][] = [[], []];
    // The preferred instance looks rarely unless its own store wakes it: the other takes the early appends.
    const subscriptions = stores.map((store, i) =>
      store.subscribe({
        subscriber: 'relay-like',
        pollIntervalMs: i === 1 ? 200 : 20,
        preferred: i === 1,
        handle: async (events) => void seenBy[i]!.push(...events.map((e) => e.streamId)),
      }),
    );
    let last = await append(stores[0]!, 'first', 'E');
    for (let i = 0; i < 5; i++) last = await append(stores[0]!, `early-${i}`, 'E');
    // The preferred instance follows the other's checkpoint, so it has seen that one working.
    await Promise.all(subscriptions.map((subscription) => subscription.waitFor(at(last))));
    const late = Array.from({ length: 30 }, (_, i) => `late-${i}`);
    for (const id of late) last = await append(stores[1]!, id, 'E');
    await Promise.all(subscriptions.map((subscription) => subscription.waitFor(at(last))));
    expect(seenBy[1]!.slice(-10)).toEqual(late.slice(-10));
    expect([...seenBy[0]!, ...seenBy[1]!].sort()).toEqual(['first', ...Array.from({ length: 5 }, (_, i) => `early-${i}`), ...late].sort());
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await Promise.all(stores.map((store) => store.close()));
  });

  it('leaves a standby instance reading the log only now and then, however often it is woken', async () => {
    const db = await openDatabase();
    const looks = [0, 0];
    const stores = [
      await createSqlEventStore(countingLooks(db, () => (looks[0]! += 1))),
      await createSqlEventStore(
        countingLooks(db, () => (looks[1]! += 1)),
        { migrate: false },
      ),
    ];
    const { seenBy, subscriptions } = relayLike(stores);
    let last = await append(stores[0]!, 'first', 'E');
    await Promise.all(subscriptions.map((subscription) => subscription.waitFor(at(last))));
    const working = seenBy[0]!.includes('first') ? 0 : 1;
    const standby = 1 - working;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Appends through the standby's store wake it at once, every one of them.
    looks[standby] = 0;
    const started = Date.now();
    for (let i = 0; i < 60; i++) last = await append(stores[standby]!, `woken-${i}`, 'E');
    await subscriptions[working]!.waitFor(at(last));
    const elapsed = Date.now() - started;
    expect(seenBy[working]!.filter((id) => id.startsWith('woken-'))).toHaveLength(60);
    expect(seenBy[standby]!.filter((id) => id.startsWith('woken-'))).toEqual([]);
    // At most one look per recheck interval (250 ms), however many wake-ups and polls came between.
    expect(looks[standby]).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await Promise.all(stores.map((store) => store.close()));
  });
});

/** One subscriber on each store, like the relay (every event is the handler's); what each instance was handed. */
function relayLike(stores: readonly EventStore[]) {
  const seenBy = stores.map((): string[] => []);
  const subscriptions = stores.map((store, i) =>
    store.subscribe({
      subscriber: 'relay-like',
      pollIntervalMs: 20,
      handle: async (events) => void seenBy[i]!.push(...events.map((e) => e.streamId)),
    }),
  );
  return { seenBy, subscriptions };
}

/** The database, counting the statements with which a subscription looks at its checkpoint and what follows it. */
function countingLooks(db: SqlDatabase, looked: () => void): SqlDatabase {
  const counting = (inner: SqlDatabase): SqlDatabase =>
    new Proxy(inner, {
      get(target, key) {
        if (key === 'query')
          return (text: string, params?: readonly unknown[]) => {
            if (text.includes('checkpoint_transaction')) looked();
            return target.query(text, params);
          };
        if (key === 'inLane' && target.inLane)
          return (lane: Parameters<NonNullable<SqlDatabase['inLane']>>[0]) => counting(target.inLane!(lane));
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return counting(db);
}
