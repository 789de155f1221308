/**
 * Limits on guessing a private room's password. Every wrong password is one row (room, player, IP address, time),
 * as wrong sign-in codes are (identity_otp_verify_failures); past a limit within the window, a join with a password
 * is refused here, before the engine spends a password check on it. Rows older than the window are purged with
 * the identity leftovers (identity/housekeeping.ts).
 *
 * Concurrent joins may overshoot a limit by what is in flight, as the sign-in limit may.
 */
import type { SqlDatabase } from '@qal/events';
import type { Clock } from '../clock.ts';
import { LIMITS } from '../config.ts';
import { reject } from '../http/errors.ts';

export interface PasswordAttempt {
  readonly code: string;
  readonly userId: string;
  /** Null when unknown (a join sent over the websocket): then only the limit per room and player applies. */
  readonly ip: string | null;
}

/** The wrong passwords within the window, most recent first, at most as many as the limit. */
export interface WrongPasswords {
  readonly roomAndPlayer: readonly Date[];
  readonly ip: readonly Date[];
}

export type AttemptDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSec: number };

/** Pure: whether one more password may be tried, or how long until the oldest counted wrong one leaves the window. */
export function decidePasswordAttempt(wrong: WrongPasswords, now: Date): AttemptDecision {
  const windowMs = LIMITS.roomPasswordWindowSec * 1000;
  const waits: number[] = [];
  const over = (dates: readonly Date[], max: number) => {
    const inWindow = dates.filter((d) => now.getTime() - d.getTime() < windowMs).sort((a, b) => b.getTime() - a.getTime());
    if (inWindow.length >= max) waits.push(inWindow[max - 1]!.getTime() + windowMs - now.getTime());
  };
  over(wrong.roomAndPlayer, LIMITS.roomPasswordMaxWrongPerRoomAndPlayer);
  over(wrong.ip, LIMITS.roomPasswordMaxWrongPerIp);
  if (waits.length === 0) return { ok: true };
  return { ok: false, retryAfterSec: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createPasswordAttempts(deps: { readonly db: SqlDatabase; readonly clock: Clock }) {
  const { db, clock } = deps;

  async function recent(where: string, params: readonly unknown[], limit: number, since: Date): Promise<Date[]> {
    const { rows } = await db.query<{ created_at: Date | string }>(
      `select created_at from identity_room_password_failures where ${where} and created_at > $${params.length + 1}
        order by created_at desc limit $${params.length + 2}`,
      [...params, since, limit],
    );
    return rows.map((r) => toDate(r.created_at));
  }

  return {
    /** Throws `too_many_password_attempts` (with retryAfterSec) once a limit is reached. */
    async refuseOverLimit(attempt: PasswordAttempt): Promise<void> {
      const now = clock();
      const since = new Date(now.getTime() - LIMITS.roomPasswordWindowSec * 1000);
      const [roomAndPlayer, ip] = await Promise.all([
        recent('room_code = $1 and user_id = $2', [attempt.code, attempt.userId], LIMITS.roomPasswordMaxWrongPerRoomAndPlayer, since),
        attempt.ip === null ? Promise.resolve([]) : recent('ip = $1', [attempt.ip], LIMITS.roomPasswordMaxWrongPerIp, since),
      ]);
      const decision = decidePasswordAttempt({ roomAndPlayer, ip }, now);
      if (!decision.ok) reject('too_many_password_attempts', { retryAfterSec: decision.retryAfterSec });
    },

    async recordWrong(attempt: PasswordAttempt): Promise<void> {
      await db.query(`insert into identity_room_password_failures (room_code, user_id, ip, created_at) values ($1, $2, $3, $4)`, [
        attempt.code,
        attempt.userId,
        attempt.ip,
        clock(),
      ]);
    },
  };
}

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
