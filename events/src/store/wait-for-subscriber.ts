import { comparePositions, type EventStore, type Position, type Subscription } from './port.ts';

/** How long one wait on the local instance lasts before the stored checkpoint is looked at again. */
const LOCAL_WAIT_SLICE_MS = 250;

/** The last read of a subscription's stored checkpoint, shared by everyone waiting on it. */
interface StoredRead {
  readonly startedAt: number;
  readonly checkpoint: Promise<Position | null>;
}
const lastStoredRead = new WeakMap<Subscription, StoredRead>();

/**
 * The subscriber's stored checkpoint as of `notBefore` or later. Many commands wait on one subscriber at once (every
 * room command under load), and each used to read the checkpoint at the end of each of its slices: thousands of
 * reads a second on the database the subscriber needs to catch up. A read that started at or after `notBefore`
 * answers the waiter as well as its own would, so each slice's waiters share one.
 */
function storedCheckpoint(store: EventStore, subscription: Subscription, subscriber: string, notBefore: number): Promise<Position | null> {
  const last = lastStoredRead.get(subscription);
  if (last && last.startedAt >= notBefore) return last.checkpoint;
  const read: StoredRead = { startedAt: Date.now(), checkpoint: store.loadCheckpoint(subscriber) };
  lastStoredRead.set(subscription, read);
  // A failed read is not shared with the waiters that come after it.
  read.checkpoint.catch(() => lastStoredRead.get(subscription) === read && lastStoredRead.delete(subscription));
  return read.checkpoint;
}

/**
 * Resolves once the named subscriber has processed `position`: read-your-writes for a service that answers only
 * after its read model shows the change. The local instance may not be the one holding the subscription's lock (a
 * second process runs it), so when it does not advance, the stored checkpoint decides.
 */
export async function waitForSubscriber(options: {
  readonly store: EventStore;
  readonly subscription: Subscription | null;
  readonly subscriber: string;
  readonly position: Position;
  readonly timeoutMs: number;
}): Promise<void> {
  const { store, subscription, subscriber, position, timeoutMs } = options;
  if (!subscription) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sliceStart = Date.now();
    try {
      await subscription.waitFor(position, Math.max(1, Math.min(LOCAL_WAIT_SLICE_MS, deadline - sliceStart)));
      return;
    } catch {
      const checkpoint = await storedCheckpoint(store, subscription, subscriber, sliceStart);
      if (checkpoint && comparePositions(checkpoint, position) >= 0) return;
      if (Date.now() >= deadline) throw new Error(`${subscriber} did not reach ${position.globalPosition} within ${timeoutMs} ms`);
    }
  }
}
