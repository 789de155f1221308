/**
 * Group commit: while one batch of appends is in the database, the appends that arrive meanwhile wait and then go
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

/**
 * `commit` stores a batch and answers each request in order; it throws only when nothing of the batch was stored.
 * Batches go one at a time, in arrival order, so the database sees the appends in the order they were asked for.
 */
export function createGroupCommit<Q, R>(
  commit: (batch: readonly Q[]) => Promise<readonly GroupAnswer<R>[]>,
  maxBatch = GROUP_COMMIT_MAX_APPENDS,
) {
  const waiting: Waiting<Q, R>[] = [];
  let busy = false;

  async function drain() {
    busy = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
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
    busy = false;
  }

  return (request: Q): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ request, resolve, reject });
      if (!busy) void drain();
    });
}
