/**
 * Group commit where several processes append to one database (PostgreSQL in the distributed mode): the appends one
 * process has waiting go through the append function together, in one statement and one transaction.
 *
 * Why: an append holds its streams' locks until it commits, and a commit waits for the log to reach the disk. A
 * stream that many appends name (the house account that every game fee credits) therefore took one disk flush per
 * append, one after another; together they take one.
 */
import type { SqlExecutor } from '../sql/port.ts';
import type { GroupAnswer } from './group-commit.ts';
import type { AppendResult, StoredEvent, StreamAppend } from './port.ts';
import { appendWithFunction } from './sql-append.ts';

/** Batches of one process in the database at once: one runs while the next gathers what arrives meanwhile. */
export const SHARED_BATCHES_IN_FLIGHT = 2;

type Request = readonly StreamAppend[];

/**
 * The group commit's `commit` for a shared database. A batch's requests go in one call of the append function,
 * each appended after those before it; should that fail as a whole (one request's expected version, a retried
 * append among new ones, a lost connection), each request goes again alone and gets its own answer, as it would
 * have without the group. A request left out of the group goes alone once the group is answered: one that names a
 * stream with an expected version that an earlier request of the batch moves (it would fail the whole batch), one
 * that appends nothing at all, or one that names a stream it appends nothing to without a numbered version to check.
 */
export function sharedBatchCommit(sql: SqlExecutor) {
  const alone = (request: Request): Promise<GroupAnswer<AppendResult>> =>
    appendWithFunction(sql, request).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );

  return async (batch: readonly Request[]): Promise<GroupAnswer<AppendResult>[]> => {
    const { grouped, apart } = partition(batch);
    const answers: Promise<GroupAnswer<AppendResult>>[] = new Array<Promise<GroupAnswer<AppendResult>>>(batch.length);
    let together: Promise<unknown> = Promise.resolve();
    if (grouped.length === 1) together = answers[grouped[0]!] = alone(batch[grouped[0]!]!);
    else if (grouped.length > 1) {
      const requests = grouped.map((i) => batch[i]!);
      const all = appendWithFunction(sql, requests.flat()).then(
        (result) => split(requests, result),
        () => Promise.all(requests.map(alone)),
      );
      grouped.forEach((i, n) => (answers[i] = all.then((each) => each[n]!)));
      together = all;
    }
    // After the group, as they came after it: the stream they share with it has moved by then.
    for (const i of apart) answers[i] = together.then(() => alone(batch[i]!));
    return Promise.all(answers);
  };
}

/** Which requests of a batch go together and which alone (their indexes). */
export function partition(batch: readonly Request[]): { grouped: number[]; apart: number[] } {
  const named = new Set<string>();
  const grouped: number[] = [];
  const apart: number[] = [];
  batch.forEach((request, i) => {
    const fits =
      request.some((append) => append.events.length > 0) &&
      request.every(
        (append) =>
          (append.events.length > 0 || typeof append.expectedVersion === 'number') &&
          !(named.has(append.streamId) && pinsVersion(append.expectedVersion)),
      );
    if (!fits) return apart.push(i);
    grouped.push(i);
    for (const append of request) named.add(append.streamId);
  });
  return { grouped, apart };
}

/** An expected version that an earlier append to the same stream would make wrong. */
const pinsVersion = (expected: StreamAppend['expectedVersion']) => expected !== 'any' && expected !== 'stream_exists';

/** The group's answer cut into each request's: its own events, and its streams' versions after them. */
function split(requests: readonly Request[], result: AppendResult): GroupAnswer<AppendResult>[] {
  // Every event id of the group was stored already: each request is a retry of one that succeeded.
  if (result.outcome === 'duplicate') return requests.map(() => ({ ok: true, value: result }));
  let next = 0;
  return requests.map((request) => {
    const events: StoredEvent[] = [];
    const versions: Record<string, number> = {};
    for (const append of request) {
      for (let k = 0; k < append.events.length; k++) events.push(result.events[next++]!);
      // A version check only (partition: always a number) left its stream where it expected it.
      const version = append.events.length > 0 ? events.at(-1)!.streamPosition : (append.expectedVersion as number);
      if (version > 0) versions[append.streamId] = version;
    }
    return { ok: true, value: { outcome: 'appended', versions, events } };
  });
}
