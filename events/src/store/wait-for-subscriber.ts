import { comparePositions, type EventStore, type Position, type Subscription } from './port.ts';

/** How long one wait on the local instance lasts before the stored checkpoint is looked at again. */
const LOCAL_WAIT_SLICE_MS = 250;

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
    try {
      await subscription.waitFor(position, Math.max(1, Math.min(LOCAL_WAIT_SLICE_MS, deadline - Date.now())));
      return;
    } catch {
      const checkpoint = await store.loadCheckpoint(subscriber);
      if (checkpoint && comparePositions(checkpoint, position) >= 0) return;
      if (Date.now() >= deadline) throw new Error(`${subscriber} did not reach ${position.globalPosition} within ${timeoutMs} ms`);
    }
  }
}
