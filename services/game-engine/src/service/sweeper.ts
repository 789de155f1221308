/**
 * The engine's timer: what no player's command will finish. It reads the read model and acts by event time
 * (deadline, requested_at, ended_at against the clock), so a restart or a second engine process simply carries
 * on; every action it takes is idempotent.
 * - games past their deadline end as lost (a late move would also end them: this covers idle players);
 * - starts left half-done are abandoned and their fee refunded;
 * - rewards a move could not pay are paid.
 */
import type { CommandEnvelope, CommandOutcome, SqlExecutor } from '@qal/events';
import { PLAY_REQUEST_STALE_MS, SWEEP_BATCH } from '../config.ts';
import { abandonStaleStart, refundAbandonedStart, settleReward, systemCause } from './handlers.ts';
import type { HandlerDeps } from './shell.ts';

/** A reward still unpaid this long after the win is retried (the winning move normally pays it at once). */
const REWARD_RETRY_AFTER_MS = 10_000;

export interface SweepReport {
  readonly expired: number;
  readonly abandoned: number;
  readonly refunded: number;
  readonly rewarded: number;
}

export async function sweep(
  deps: HandlerDeps & { readonly db: SqlExecutor; readonly handle: (command: CommandEnvelope) => Promise<CommandOutcome> },
  now: Date,
): Promise<SweepReport> {
  const ids = async (sql: string, params: readonly unknown[]) =>
    (await deps.db.query<{ match_id: string }>(`${sql} limit ${SWEEP_BATCH}`, params)).rows.map((r) => r.match_id);

  const overdue = await ids(`select match_id from engine_matches where status = 'playing' and deadline <= $1 order by deadline`, [now.toISOString()]);
  for (const matchId of overdue) {
    const cause = systemCause('ExpireHangman', matchId, now);
    await deps.handle({ ...cause, type: 'ExpireHangman' });
  }

  const stale = await ids(`select match_id from engine_matches where status = 'requested' and requested_at <= $1 order by requested_at`, [
    new Date(now.getTime() - PLAY_REQUEST_STALE_MS).toISOString(),
  ]);
  for (const matchId of stale) await abandonStaleStart(deps, matchId, now);

  const unrefunded = await ids(`select match_id from engine_matches where status = 'abandoned' and not fee_refunded order by requested_at`, []);
  for (const matchId of unrefunded) await refundAbandonedStart(deps, matchId, now);

  const unpaid = await ids(
    `select match_id from engine_matches where status = 'won' and not reward_paid and tokens_won > 0 and ended_at <= $1 order by ended_at`,
    [new Date(now.getTime() - REWARD_RETRY_AFTER_MS).toISOString()],
  );
  for (const matchId of unpaid) await settleReward(deps, matchId, now);

  return { expired: overdue.length, abandoned: stale.length, refunded: unrefunded.length, rewarded: unpaid.length };
}
