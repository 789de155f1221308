/**
 * Group commit: while batches of appends are in the database, the appends that arrive meanwhile wait and then go
 * together, in one statement and one commit. A burst of moves then costs the database one round trip and one
 * commit instead of one each (on the embedded store's single connection they would queue anyway), and nobody waits
 * when the database is idle: a lone append goes at once. Each caller gets its own answer.
 */

/** At most this many appends share one batch (the statement's JSON stays a few hundred kB at most). */
export const GROUP_COMMIT_MAX_APPENDS = 256;

export type GroupAnswer<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

interface Waiting<Q, R> {
  readonly request: Q;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

export interface GroupCommitLimits {
  /** Appends per batch. */
  readonly maxBatch?: number;
  /**
   * Batches handed to `commit` before the first of them has answered. More than one only where `commit` keeps the
   * batches in the order it was given them (the only writer's appender plans and sends them in turn), so that the
   * database is not idle while this thread takes in one batch's answers and sends the next.
   */
  readonly maxInFlight?: number;
}

/**
 * `commit` stores a batch and answers each request in order; it throws only when nothing of the batch was stored.
 * Batches are handed over in arrival order, so the database sees the appends in the order they were asked for.
 */
export function createGroupCommit<Q, R>(
  commit: (batch: readonly Q[]) => Promise<readonly GroupAnswer<R>[]>,
  { maxBatch = GROUP_COMMIT_MAX_APPENDS, maxInFlight = 1 }: GroupCommitLimits = {},
) {
  const waiting: Waiting<Q, R>[] = [];
  let inFlight = 0;

  async function run(batch: readonly Waiting<Q, R>[]) {
    try {
      const answers = await commit(batch.map((w) => w.request));
      batch.forEach((w, i) => {
        const answer = answers[i];
        if (answer?.ok) w.resolve(answer.value);
        else w.reject(answer ? answer.error : new Error('group commit: no answer for an append'));
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function pump() {
    while (waiting.length > 0 && inFlight < maxInFlight) {
      inFlight++;
      void run(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (request: Q): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ request, resolve, reject });
      pump();
    });
}
