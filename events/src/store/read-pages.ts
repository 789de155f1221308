import type { EventStore, Position, StoredEvent } from './port.ts';

/**
 * The events after `after`, page by page in commit order, until a read finds none. The next page is asked for as
 * soon as a page arrives (before the caller sees it), so the database finds it while the caller works through the
 * one before; on a single-connection database the read is queued ahead of whatever the caller then sends.
 */
export async function* readPages(store: Pick<EventStore, 'readAll'>, after: Position, pageSize: number): AsyncGenerator<StoredEvent[]> {
  let next: Promise<StoredEvent[]> | null = store.readAll(after, pageSize);
  while (next) {
    const events: StoredEvent[] = await next;
    const last = events.at(-1);
    next = last ? store.readAll({ transactionId: last.transactionId, globalPosition: last.globalPosition }, pageSize) : null;
    // Awaited on the next turn; a failure while the caller still works on this page must not count as unhandled.
    next?.catch(() => undefined);
    if (last) yield events;
  }
}
