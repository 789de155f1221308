/**
 * The engine's timer: what no player's command will finish. It reads the read model and acts by event time
 * (deadline, requested_at, ended_at against the clock), so a restart or a second engine process simply carries
 * on; every action it takes is idempotent.
 * - games past their deadline end as lost (a late move would also end them: this covers idle players);
 * - starts left half-done are abandoned and their fee refunded;
 * - rewards a move could not pay are paid.
 */
import { uuidFrom, type CommandEnvelope, type CommandOutcome, type SqlExecutor } from '@qal/events';
import {
  ENGINE_ACTOR,
  PLAY_REQUEST_STALE_MS,
  ROOM_IDLE_CLOSE_MS,
  ROOM_MONEY_RETRY_AFTER_MS,
  ROOM_RECONNECT_GRACE_MS,
  SWEEP_BATCH,
} from '../config.ts';
import { settleRoomMoney } from './room-money.ts';
import { roomLockKey } from './room-store.ts';
import { abandonStaleArcadeStart, refundAbandonedArcadeStart, settleArcadeReward } from './arcade.ts';
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

  const overdue = await ids(
    `select match_id from engine_matches where game = 'hangman' and status = 'playing' and deadline <= $1 order by deadline`,
    [now.toISOString()],
  );
  for (const matchId of overdue) {
    const cause = systemCause('ExpireHangman', matchId, now);
    await deps.handle({ ...cause, type: 'ExpireHangman' });
  }

  const stale = await ids(
    `select match_id from engine_matches where game = 'hangman' and status = 'requested' and requested_at <= $1 order by requested_at`,
    [new Date(now.getTime() - PLAY_REQUEST_STALE_MS).toISOString()],
  );
  for (const matchId of stale) await abandonStaleStart(deps, matchId, now);

  const unrefunded = await ids(
    `select match_id from engine_matches where game = 'hangman' and status = 'abandoned' and not fee_refunded order by requested_at`,
    [],
  );
  for (const matchId of unrefunded) await refundAbandonedStart(deps, matchId, now);

  const unpaid = await ids(
    `select match_id from engine_matches where game = 'hangman' and status = 'won' and not reward_paid and tokens_won > 0 and ended_at <= $1 order by ended_at`,
    [new Date(now.getTime() - REWARD_RETRY_AFTER_MS).toISOString()],
  );
  for (const matchId of unpaid) await settleReward(deps, matchId, now);

  const arcade = await sweepArcade(deps, now);
  return {
    expired: overdue.length + arcade.expired,
    abandoned: stale.length + arcade.abandoned,
    refunded: unrefunded.length + arcade.refunded,
    rewarded: unpaid.length + arcade.rewarded,
  };
}

/**
 * The arcade's share: a deadline passed is sent as ExpireArcade at the deadline itself (its id from the match and the
 * deadline, so a second sweep sends the same command); then starts, refunds and rewards as for Hangman.
 */
async function sweepArcade(
  deps: HandlerDeps & { readonly db: SqlExecutor; readonly handle: (command: CommandEnvelope) => Promise<CommandOutcome> },
  now: Date,
): Promise<SweepReport> {
  const rows = async (sql: string, params: readonly unknown[]) =>
    (await deps.db.query<{ match_id: string; deadline?: Date | string }>(`${sql} limit ${SWEEP_BATCH}`, params)).rows;
  const moduleOf = (matchId: string) => deps.games.arcadeOfMatch(matchId);

  const overdue = await rows(
    `select match_id, deadline from engine_matches where game <> 'hangman' and status = 'playing' and deadline <= $1 order by deadline`,
    [now.toISOString()],
  );
  for (const { match_id: matchId, deadline } of overdue) {
    const at = iso(deadline!);
    await deps.handle({
      commandId: uuidFrom('arcade-timer', matchId, at),
      type: 'ExpireArcade',
      actorId: ENGINE_ACTOR,
      payload: { matchId },
      issuedAt: at,
      correlationId: matchId,
    });
  }
  const stale = await rows(
    `select match_id from engine_matches where game <> 'hangman' and status = 'requested' and requested_at <= $1 order by requested_at`,
    [new Date(now.getTime() - PLAY_REQUEST_STALE_MS).toISOString()],
  );
  const unrefunded = await rows(
    `select match_id from engine_matches where game <> 'hangman' and status = 'abandoned' and not fee_refunded order by requested_at`,
    [],
  );
  const unpaid = await rows(
    `select match_id from engine_matches where game <> 'hangman' and status in ('won', 'lost') and not reward_paid and tokens_won > 0
      and ended_at <= $1 order by ended_at`,
    [new Date(now.getTime() - REWARD_RETRY_AFTER_MS).toISOString()],
  );
  for (const { match_id: matchId } of stale) {
    const module = moduleOf(matchId);
    if (module) await abandonStaleArcadeStart(deps, module, matchId, now);
  }
  for (const { match_id: matchId } of unrefunded) {
    const module = moduleOf(matchId);
    if (module) await refundAbandonedArcadeStart(deps, module, matchId, now);
  }
  for (const { match_id: matchId } of unpaid) {
    const module = moduleOf(matchId);
    if (module) await settleArcadeReward(deps, module, matchId, now);
  }
  return { expired: overdue.length, abandoned: stale.length, refunded: unrefunded.length, rewarded: unpaid.length };
}

// Rooms ------------------------------------------------------------------------------------------------------------

export interface RoomSweepReport {
  readonly betsExpired: number;
  readonly turnsTimedOut: number;
  readonly matchesEnded: number;
  readonly moneySettled: number;
  readonly idleRoomsClosed: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The room timers, by event time: each is sent as a command whose `issuedAt` is the deadline itself (never the
 * sweep's time) and whose id is derived from what it times out, so a second sweep, a second engine process or a
 * restart sends the same command, and the handler answers it once. Then ledger steps a crash left unfinished.
 */
export async function sweepRooms(
  deps: HandlerDeps & { readonly db: SqlExecutor; readonly handle: (command: CommandEnvelope) => Promise<CommandOutcome> },
  now: Date,
): Promise<RoomSweepReport> {
  const timer = (type: string, payload: Record<string, unknown>, at: string, ...key: string[]): CommandEnvelope => ({
    commandId: uuidFrom('room-timer', type, ...key),
    type,
    actorId: ENGINE_ACTOR,
    payload: payload as CommandEnvelope['payload'],
    issuedAt: at,
    correlationId: key[0] ?? type,
  });

  const bets = await deps.db.query<{ code: string; bet_proposal_id: string; bet_expires_at: Date | string }>(
    `select code, bet_proposal_id, bet_expires_at from engine_rooms where bet_expires_at <= $1 order by bet_expires_at limit ${SWEEP_BATCH}`,
    [now.toISOString()],
  );
  for (const row of bets.rows) {
    await deps.handle(
      timer('ExpireBet', { code: row.code, proposalId: row.bet_proposal_id }, iso(row.bet_expires_at), row.code, row.bet_proposal_id),
    );
  }

  // Turns: past their deadline, or the current player has been offline longer than the grace.
  const turns = await deps.db.query<{
    match_id: string;
    turn: number;
    turn_deadline: Date | string;
    offline_since: Date | string | null;
    turn_ms: number;
  }>(
    `select d.match_id, d.turn, d.turn_deadline, m.offline_since, d.turn_ms
       from engine_duels d
       left join engine_room_members m on m.code = d.room_code and m.user_id = d.current_player and not m.online
      where d.status = 'playing' and d.turn_deadline is not null
        and (d.turn_deadline <= $1 or m.offline_since <= $2)
      order by d.turn_deadline limit ${SWEEP_BATCH}`,
    [now.toISOString(), new Date(now.getTime() - ROOM_RECONNECT_GRACE_MS).toISOString()],
  );
  let turnsTimedOut = 0;
  for (const row of turns.rows) {
    const deadline = Date.parse(iso(row.turn_deadline));
    let at = deadline;
    if (row.offline_since)
      at = Math.min(deadline, Math.max(deadline - Number(row.turn_ms), Date.parse(iso(row.offline_since)) + ROOM_RECONNECT_GRACE_MS));
    if (at > now.getTime()) continue;
    const outcome = await deps.handle(
      timer('TimeoutTurn', { matchId: row.match_id, turn: Number(row.turn) }, new Date(at).toISOString(), row.match_id, String(row.turn)),
    );
    if (outcome.status === 'succeeded') turnsTimedOut += 1;
  }

  const ended = await deps.db.query<{ match_id: string; match_deadline: Date | string }>(
    `select match_id, match_deadline from engine_duels where status = 'playing' and match_deadline <= $1 order by match_deadline limit ${SWEEP_BATCH}`,
    [now.toISOString()],
  );
  for (const row of ended.rows)
    await deps.handle(timer('EndMatchOnTime', { matchId: row.match_id }, iso(row.match_deadline), row.match_id));

  // Waiting rooms idle for the limit: closed at the moment they became idle (their last activity plus the limit).
  const idle = await deps.db.query<{ code: string; active_at: Date | string }>(
    `select code, active_at from (
       select code, coalesce((state->>'lastActivityAt')::timestamptz, last_event_at) as active_at from engine_rooms where status = 'waiting'
     ) waiting where active_at <= $1 order by active_at limit ${SWEEP_BATCH}`,
    [new Date(now.getTime() - ROOM_IDLE_CLOSE_MS).toISOString()],
  );
  for (const row of idle.rows) {
    const at = new Date(Date.parse(iso(row.active_at)) + ROOM_IDLE_CLOSE_MS).toISOString();
    await deps.handle(timer('CloseIdleRoom', { code: row.code }, at, row.code, at));
  }

  const unsettled = await deps.db.query<{ code: string }>(
    `select code from engine_rooms where money_pending and last_event_at <= $1 order by last_event_at limit ${SWEEP_BATCH}`,
    [new Date(now.getTime() - ROOM_MONEY_RETRY_AFTER_MS).toISOString()],
  );
  for (const { code } of unsettled.rows) {
    const cause = systemCause('SettleRoomMoney', code, now);
    await deps.locks
      .run([roomLockKey(code)], () => settleRoomMoney(deps, cause, code))
      .catch((error: unknown) => deps.logger.error({ code, err: String(error) }, 'room ledger steps failed; next sweep retries'));
  }

  return {
    betsExpired: bets.rows.length,
    turnsTimedOut,
    matchesEnded: ended.rows.length,
    moneySettled: unsettled.rows.length,
    idleRoomsClosed: idle.rows.length,
  };
}
