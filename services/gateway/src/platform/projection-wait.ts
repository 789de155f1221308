import { comparePositions, type EventStore, type Position } from '@qal/events';
import { LIMITS } from '../config.ts';

/** How often the stored checkpoint is read again while a push waits for it. */
export const CHECKPOINT_POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read-your-writes on a projection another process runs (the engine's, seen from a distributed gateway): resolves
 * once the subscriber's stored checkpoint has reached `position`, rejects after `timeoutMs`. The checkpoint is
 * saved in the transaction that writes the read model, so reaching it means the rows are there.
 */
export function storedCheckpointWaiter(
  store: Pick<EventStore, 'loadCheckpoint'>,
  subscriber: string,
  pollMs = CHECKPOINT_POLL_MS,
): (position: Position, timeoutMs?: number) => Promise<void> {
  return async (position, timeoutMs = LIMITS.pushSettleTimeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoint = await store.loadCheckpoint(subscriber);
      if (checkpoint && comparePositions(checkpoint, position) >= 0) return;
      if (Date.now() >= deadline) throw new Error(`${subscriber} did not reach ${position.globalPosition} within ${timeoutMs} ms`);
      await sleep(pollMs);
    }
  };
}
