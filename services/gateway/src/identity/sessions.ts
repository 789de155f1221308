import { createHash, randomBytes } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '@qal/events';
import { LIMITS } from '../config.ts';
import type { Clock } from '../clock.ts';
import { toUserRecord, type UserRecord, type UserRow } from './users.ts';

/**
 * Opaque session tokens: 32 random bytes, only their SHA-256 stored, 30 days. Refresh rotates (the old token
 * is revoked in the same statement that checks it, so two refreshes of one token give one new token).
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const USER_COLUMNS_OF_U = 'u.id, u.phone, u.name, u.username, u.email, u.avatar, u.language, u.created_at, u.registration_published_at';

export function createSessions(db: SqlDatabase, clock: Clock) {
  /** Told the hash of every token this process revokes (sign-out, refresh), so its open sockets close at once. */
  const revokedListeners = new Set<(tokenHash: string) => void>();
  const revoked = (token: string) => revokedListeners.forEach((listener) => listener(hashToken(token)));
  function onRevoked(listener: (tokenHash: string) => void): () => void {
    revokedListeners.add(listener);
    return () => revokedListeners.delete(listener);
  }

  async function open(tx: SqlExecutor, userId: string, now: Date): Promise<string> {
    const token = randomBytes(LIMITS.sessionTokenBytes).toString('base64url');
    await tx.query(`insert into identity_sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)`, [
      hashToken(token),
      userId,
      now,
      new Date(now.getTime() + LIMITS.sessionTtlSec * 1000),
    ]);
    return token;
  }

  /** The signed-in user of a token, or null for a missing, unknown, expired or revoked one. */
  async function authenticate(token: string | null | undefined): Promise<UserRecord | null> {
    if (!token || token.length > 200) return null;
    const { rows } = await db.query<UserRow>(
      `select ${USER_COLUMNS_OF_U} from identity_sessions s join identity_users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
      [hashToken(token), clock()],
    );
    return rows[0] ? toUserRecord(rows[0]) : null;
  }

  async function refresh(token: string): Promise<{ userId: string; token: string } | null> {
    const now = clock();
    const rotated = await db.transaction(async (tx) => {
      const revoked = await tx.query<{ user_id: string }>(
        `update identity_sessions set revoked_at = $2
          where token_hash = $1 and revoked_at is null and expires_at > $2 returning user_id`,
        [hashToken(token), now],
      );
      const userId = revoked.rows[0]?.user_id;
      if (!userId) return null;
      return { userId, token: await open(tx, userId, now) };
    });
    if (rotated) revoked(token);
    return rotated;
  }

  async function revoke(token: string): Promise<boolean> {
    const now = clock();
    const { rowCount } = await db.query(`update identity_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null`, [
      hashToken(token),
      now,
    ]);
    if (rowCount > 0) revoked(token);
    return rowCount > 0;
  }

  return { open, authenticate, refresh, revoke, onRevoked };
}

export type SessionService = ReturnType<typeof createSessions>;
