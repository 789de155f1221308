import type { SqlExecutor } from '@qal/events';
import { LIMITS } from '../config.ts';

/** Deletes one-time codes and sessions that can no longer matter (long expired), so the tables stay small. */
export async function purgeIdentityLeftovers(db: SqlExecutor, now: Date): Promise<{ challenges: number; sessions: number }> {
  const before = new Date(now.getTime() - LIMITS.identityRetentionSec * 1000);
  const challenges = await db.query(`delete from identity_otp_challenges where created_at < $1`, [before]);
  const sessions = await db.query(`delete from identity_sessions where expires_at < $1 or revoked_at < $1`, [before]);
  const failures = new Date(now.getTime() - LIMITS.otpWindowSec * 1000);
  await db.query(`delete from identity_otp_verify_failures where created_at < $1`, [failures]);
  const roomPasswords = new Date(now.getTime() - LIMITS.roomPasswordWindowSec * 1000);
  await db.query(`delete from identity_room_password_failures where created_at < $1`, [roomPasswords]);
  const answers = new Date(now.getTime() - LIMITS.idempotencyRetentionSec * 1000);
  await db.query(`delete from identity_idempotency where created_at < $1`, [answers]);
  return { challenges: challenges.rowCount, sessions: sessions.rowCount };
}
