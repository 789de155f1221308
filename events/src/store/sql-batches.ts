/**
 * How a SQL store's subscribers take their batches: each that the handler accepts in one transaction with the
 * subscriber's lock and its new checkpoint, from the database or (an only writer's subscriber that keeps up) from the
 * recent log in memory; each of nothing it accepts without a transaction.
 */
import { createKeyedLock, type KeyedLock } from '../keyed-lock.ts';
import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import {
  comparePositions,
  START,
  type Position,
  type StoredEvent,
  type SubscribeOptions,
  type SubscriptionHandlerContext,
} from './port.ts';
import type { RecentEvents } from './recent-events.ts';
import {
  readAllAfterCheckpoint,
  readAllRows,
  readCheckpointAndAfter,
  saveCheckpoint,
  SUBSCRIBER_TURN_REFUSED,
  takeSubscriberTurn,
} from './sql-rows.ts';
import type { SubscriptionSource, TakenBatch } from './subscription.ts';

/**
 * A subscriber whose handler accepts none of a batch's events moves on in memory; its stored checkpoint follows at
 * most this much later (a restart re-reads those events, which the handler ignores again).
 */
const SKIPPED_CHECKPOINT_SAVE_MS = 1_000;

/**
 * How long after another instance last moved a subscriber's stored checkpoint this one leaves it the batches: the
 * longest a batch waits when that instance stops (another poll follows).
 */
const STANDBY_MS = 1_000;
/**
 * How often a standby instance looks at the log and the working instance's checkpoint: every wake-up would cost it a
 * read per append signal to learn only that the other is still working. Bounds how much later than STANDBY_MS it
 * takes over.
 */
const STANDBY_RECHECK_MS = 250;

type BatchHandler = (events: readonly StoredEvent[], context: SubscriptionHandlerContext) => Promise<void>;
/** The advisory lock (`hashtext` of this key) that lets one instance at a time take a subscriber's next batch. */
export const subscriberLockKey = (subscriber: string) => `qal-subscriber:${subscriber}`;
const positionOf = (event: StoredEvent): Position => ({ transactionId: event.transactionId, globalPosition: event.globalPosition });

/** The next batch after the stored checkpoint, handled and checkpointed in `tx`: null when another instance holds the lock or nothing is new. */
export async function processBatchFromDatabase(
  tx: SqlExecutor,
  subscriber: string,
  batchSize: number,
  handle: BatchHandler,
): Promise<TakenBatch | null> {
  // One instance per subscriber at a time: the others find the lock taken and wait for their next turn.
  const { rows } = await tx.query<{ acquired: boolean }>(`select pg_try_advisory_xact_lock(hashtext($1)) as acquired`, [
    subscriberLockKey(subscriber),
  ]);
  if (!rows[0]?.acquired) return null;
  // Read before writing anything: this transaction must not hold an id while it takes its snapshot.
  // (After the lock, in a statement of its own: a statement's snapshot is taken when it starts.)
  const batch = await readAllAfterCheckpoint(tx, subscriber, batchSize);
  const last = batch.at(-1);
  if (!last) return null;
  await handle(batch, { tx });
  const position = positionOf(last);
  await saveCheckpoint(tx, subscriber, position);
  return { position, events: batch.length };
}

/**
 * Where subscribers that skipped batches (no event their handler accepts) are, ahead of their stored checkpoints,
 * and when each was last saved; `flush` saves the ones behind.
 */
function skippedCheckpoints(db: SqlExecutor) {
  const ahead = new Map<string, { position: Position; savedAt: number; saved: boolean }>();
  return {
    position: (subscriber: string) => ahead.get(subscriber)?.position,
    /** A batch was handled and its checkpoint saved with it. */
    handled(subscriber: string, position: Position) {
      ahead.set(subscriber, { position, savedAt: Date.now(), saved: true });
    },
    /** A batch was skipped: saves the checkpoint when the last save is old enough. */
    async skippedTo(subscriber: string, position: Position) {
      const savedAt = ahead.get(subscriber)?.savedAt ?? 0;
      const due = Date.now() - savedAt >= SKIPPED_CHECKPOINT_SAVE_MS;
      ahead.set(subscriber, { position, savedAt: due ? Date.now() : savedAt, saved: due });
      if (due) await saveCheckpoint(db, subscriber, position);
    },
    async flush() {
      for (const [subscriber, entry] of ahead) if (!entry.saved) await saveCheckpoint(db, subscriber, entry.position);
      ahead.clear();
    },
  };
}

/** What a store's subscriptions share, per subscriber. */
export interface StoreSubscribers {
  readonly skipped: ReturnType<typeof skippedCheckpoints>;
  /** Two subscriptions of one subscriber take their batches one after the other. */
  readonly turns: KeyedLock;
  /** The subscription whose handler wrote the subscriber's last committed batch (a token of each). */
  readonly lastHandledBy: Map<string, object>;
}

export function storeSubscribers(db: SqlExecutor): StoreSubscribers {
  return { skipped: skippedCheckpoints(db), turns: createKeyedLock(), lastHandledBy: new Map() };
}

/** Where a source finds the events after a subscriber's position: undefined when it cannot say (the database decides). */
type ReadAfter = (subscriber: string, known: Position, limit: number) => Promise<readonly StoredEvent[] | undefined>;

/**
 * Subscriptions of a store that is the only writer: a subscriber that keeps up reads its batches from the recent
 * log in memory, and its handler is told it is the only instance (`onlyInstance`) while no other subscription's
 * handler wrote since its own. A subscriber behind the log, or one whose stored checkpoint another instance moved
 * on, reads from the database.
 */
export function fromMemorySource(
  db: SqlDatabase,
  shared: StoreSubscribers,
  recent: RecentEvents,
  accepts: ((event: StoredEvent) => boolean) | undefined,
  loadCheckpoint: (subscriber: string) => Promise<Position | null>,
  onAppend: SubscriptionSource['onAppend'],
): SubscriptionSource {
  const at = new Map<string, Position>();
  const readAfter: ReadAfter = async (_subscriber, known, limit) => recent.allAfter(known, limit);
  return {
    ...batchesAfterPosition({ db, shared, at, readAfter, accepts, onlyWriter: true }),
    loadCheckpoint: startingAt(at, loadCheckpoint),
    async peek(subscriber) {
      const known = at.get(subscriber);
      const next = known ? recent.allAfter(known, 1) : undefined;
      return { checkpoint: null, more: next === undefined || next.length > 0 };
    },
    onAppend,
  };
}

/**
 * Subscriptions of a store that other processes append to as well (PostgreSQL): each wake-up reads the stored
 * checkpoint and the events after this instance's position in one statement, outside any transaction, so a batch of
 * nothing the handler accepts costs that one read. A subscriber that accepts every event (the relay, which several
 * processes run and one at a time works) reads only whether one follows, and its batch once it holds the lock. A
 * standby instance follows the stored checkpoint of the one doing the work; a preferred one never stands by, so it
 * takes the work over from the others.
 */
export function fromDatabaseSource(
  db: SqlDatabase,
  shared: StoreSubscribers,
  subscription: Pick<SubscribeOptions, 'accepts' | 'preferred'>,
  loadCheckpoint: (subscriber: string) => Promise<Position | null>,
  onAppend: SubscriptionSource['onAppend'],
): SubscriptionSource {
  const { accepts, preferred = false } = subscription;
  const at = new Map<string, Position>();
  // When a peek last found another instance's checkpoint ahead of this one: that instance is doing the work.
  const othersActiveAt = new Map<string, number>();
  // When a peek last read, so a standby instance reads at most once per STANDBY_RECHECK_MS.
  const lookedAt = new Map<string, number>();
  // What the last peek read, for the batch that follows it.
  const peeked = new Map<string, { readonly from: Position; readonly events: readonly StoredEvent[] }>();
  // A subscriber that takes every batch reads it after taking its lock (so standby instances read nothing).
  const readAfter: ReadAfter = async (subscriber, known, limit) => {
    if (!accepts) return undefined;
    const last = peeked.get(subscriber);
    peeked.delete(subscriber);
    if (last && comparePositions(last.from, known) === 0 && last.events.length > 0) return last.events.slice(0, limit);
    return readAllRows(db, known, limit);
  };
  return {
    ...batchesAfterPosition({ db, shared, at, readAfter, accepts, onlyWriter: false }),
    loadCheckpoint: startingAt(at, loadCheckpoint),
    async peek(subscriber, batchSize) {
      // Standing by, a wake-up is the working instance's to follow: this one looks again only now and then.
      const now = Date.now();
      const othersAt = othersActiveAt.get(subscriber) ?? -Infinity;
      if (!preferred && now - othersAt < STANDBY_MS && now - (lookedAt.get(subscriber) ?? -Infinity) < STANDBY_RECHECK_MS)
        return { checkpoint: null, more: false, standingBy: true };
      lookedAt.set(subscriber, now);
      let from = at.get(subscriber) ?? START;
      const limit = accepts ? batchSize : 1;
      const { checkpoint, events } = await readCheckpointAndAfter(db, subscriber, from, limit);
      let after = events;
      if (checkpoint && comparePositions(checkpoint, from) > 0) {
        // Another instance handled these: they are behind this one now.
        from = checkpoint;
        at.set(subscriber, from);
        after = events.filter((event) => comparePositions(positionOf(event), from) > 0);
        othersActiveAt.set(subscriber, Date.now());
      }
      peeked.set(subscriber, { from, events: after });
      const waiting = after.length > 0 || events.length === limit;
      // While another instance works, racing it for each batch's lock would cost both a transaction per wake-up:
      // this one leaves it the batches its handler takes (skipping the others costs nothing) until that
      // instance's checkpoint has stood still for a while.
      const standingBy = !preferred && Date.now() - (othersActiveAt.get(subscriber) ?? -Infinity) < STANDBY_MS;
      const wouldHandle = !accepts || after.length === 0 || after.some(accepts);
      if (waiting && standingBy && wouldHandle) return { checkpoint, more: false, standingBy: true };
      return { checkpoint, more: waiting };
    },
    onAppend,
  };
}

/** Loads a subscriber's checkpoint, and starts the source's position there. */
function startingAt(at: Map<string, Position>, loadCheckpoint: (subscriber: string) => Promise<Position | null>) {
  return async (subscriber: string) => {
    const position = await loadCheckpoint(subscriber);
    at.set(subscriber, position ?? START);
    return position;
  };
}

/**
 * A source's batches after the position it keeps in memory (`at`): a batch of nothing the handler accepts moves it
 * on without a transaction (its checkpoint saved at most SKIPPED_CHECKPOINT_SAVE_MS later); any other runs in one
 * transaction with the subscriber's turn (its lock, and a check that no other instance got further) and the
 * checkpoint. Batches of one subscriber take turns, so that no handler runs before another's batch is committed.
 */
function batchesAfterPosition(options: {
  readonly db: SqlDatabase;
  readonly shared: StoreSubscribers;
  readonly at: Map<string, Position>;
  readonly readAfter: ReadAfter;
  readonly accepts: ((event: StoredEvent) => boolean) | undefined;
  readonly onlyWriter: boolean;
}): Pick<SubscriptionSource, 'processBatch'> {
  const { db, shared, at, readAfter, accepts, onlyWriter } = options;
  const { skipped, turns, lastHandledBy } = shared;
  const self = {};
  return { processBatch: (subscriber, batchSize, handle) => turns.run([subscriber], () => processBatch(subscriber, batchSize, handle)) };

  async function processBatch(subscriber: string, batchSize: number, handle: BatchHandler): Promise<TakenBatch | null> {
    const known = at.get(subscriber);
    const batch = known ? await readAfter(subscriber, known, batchSize) : undefined;
    const moved = (taken: TakenBatch | null) => {
      if (taken) at.set(subscriber, taken.position);
      return taken;
    };
    // Another subscription of this subscriber in this store got further: its handler must not see these events again.
    const handledHere = skipped.position(subscriber);
    const overtaken = known && handledHere && comparePositions(handledHere, known) > 0;
    const handled = (taken: TakenBatch | null) => {
      if (taken) {
        skipped.handled(subscriber, taken.position);
        lastHandledBy.set(subscriber, self);
      }
      return moved(taken);
    };
    if (!batch || !known || overtaken) {
      return handled(await db.transaction((tx) => processBatchFromDatabase(tx, subscriber, batchSize, handle)));
    }
    const last = batch.at(-1);
    if (!last) return null;
    if (accepts && !batch.some(accepts)) {
      await skipped.skippedTo(subscriber, positionOf(last));
      return moved({ position: positionOf(last), events: batch.length });
    }
    const onlyInstance = onlyWriter && lastHandledBy.get(subscriber) === self;
    // The turn, the handler's statements, the checkpoint and the commit, sent without waiting for the turn's answer
    // where the transaction can (its refusal then fails the commit): a batch that reads nothing takes one round trip.
    const taken = await db
      .transaction(async (tx) => {
        await takeSubscriberTurn(tx, subscriberLockKey(subscriber), subscriber, known);
        await handle(batch, onlyInstance ? { tx, onlyInstance: true } : { tx });
        await saveCheckpoint(tx, subscriber, positionOf(last));
        return { position: positionOf(last), events: batch.length };
      })
      .catch((error: unknown) => {
        const refused = turnRefused(error);
        if (refused === 'taken') return null;
        // The stored checkpoint is past this store's: another instance got there first.
        if (refused === 'ahead') return db.transaction((tx) => processBatchFromDatabase(tx, subscriber, batchSize, handle));
        throw error;
      });
    return handled(taken);
  }
}

/** Which of its refusals `takeSubscriberTurn` threw, if it was one. */
function turnRefused(error: unknown): 'taken' | 'ahead' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === SUBSCRIBER_TURN_REFUSED.taken) return 'taken';
  if (code === SUBSCRIBER_TURN_REFUSED.ahead) return 'ahead';
  return null;
}
