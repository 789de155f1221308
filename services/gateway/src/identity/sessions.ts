import { createHash, randomBytes } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '@qal/events';
import { LIMITS } from '../config.ts';
import type { Clock } from '../clock.ts';
import { toUserRecord, type UserRecord, type UserRow } from './users.ts';

/**
 * Opaque session tokens: 32 random bytes, only their SHA-256 stored, 30 days. Refresh rotates (the old token
 * is revoked in the same statement that checks it, so two refreshes of one token give one new token) and keeps
 * the time of the sign-in: no token lives past LIMITS.sessionMaxAgeSec after it, however often it was refreshed.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const USER_COLUMNS_OF_U = 'u.id, u.phone, u.name, u.username, u.email, u.avatar, u.language, u.created_at, u.registration_published_at';

export function createSessions(db: SqlDatabase, clock: Clock) {
  /** Told the hash of every token this process revokes (sign-out, refresh), so its open sockets close at once. */
  const revokedListeners = new Set<(tokenHash: string) => void>();
  const revokedHash = (tokenHash: string) => revokedListeners.forEach((listener) => listener(tokenHash));
  const revoked = (token: string) => revokedHash(hashToken(token));
  function onRevoked(listener: (tokenHash: string) => void): () => void {
    revokedListeners.add(listener);
    return () => revokedListeners.delete(listener);
  }

  /** A new token; `signedInAt` is the sign-in it descends from (a refresh passes the old token's). */
  async function open(tx: SqlExecutor, userId: string, now: Date, signedInAt: Date = now): Promise<string> {
    const token = randomBytes(LIMITS.sessionTokenBytes).toString('base64url');
    const expiresAt = Math.min(now.getTime() + LIMITS.sessionTtlSec * 1000, signedInAt.getTime() + LIMITS.sessionMaxAgeSec * 1000);
    await tx.query(
      `insert into identity_sessions (token_hash, user_id, created_at, expires_at, signed_in_at) values ($1, $2, $3, $4, $5)`,
      [hashToken(token), userId, now, new Date(expiresAt), signedInAt],
    );
    return token;
  }

  /** The signed-in user of a token and when its session ends (a socket closes then), or null as `authenticate`. */
  async function session(token: string | null | undefined): Promise<{ user: UserRecord; expiresAt: Date } | null> {
    if (!token || token.length > 200) return null;
    const { rows } = await db.query<UserRow & { expires_at: Date | string }>(
      `select ${USER_COLUMNS_OF_U}, s.expires_at from identity_sessions s join identity_users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
      [hashToken(token), clock()],
    );
    const row = rows[0];
    if (!row) return null;
    return { user: toUserRecord(row), expiresAt: row.expires_at instanceof Date ? row.expires_at : new Date(row.expires_at) };
  }

  /** The signed-in user of a token, or null for a missing, unknown, expired or revoked one. */
  async function authenticate(token: string | null | undefined): Promise<UserRecord | null> {
    return (await session(token))?.user ?? null;
  }

  async function refresh(token: string): Promise<{ userId: string; token: string } | null> {
    const now = clock();
    const rotated = await db.transaction(async (tx) => {
      const signedInAfter = new Date(now.getTime() - LIMITS.sessionMaxAgeSec * 1000);
      const revoked = await tx.query<{ user_id: string; signed_in_at: Date | string }>(
        `update identity_sessions set revoked_at = $2
          where token_hash = $1 and revoked_at is null and expires_at > $2 and signed_in_at > $3
          returning user_id, signed_in_at`,
        [hashToken(token), now, signedInAfter],
      );
      const row = revoked.rows[0];
      if (!row) return null;
      const signedInAt = row.signed_in_at instanceof Date ? row.signed_in_at : new Date(row.signed_in_at);
      return { userId: row.user_id, token: await open(tx, row.user_id, now, signedInAt) };
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

  /**
   * Sign out everywhere: revokes every live session of the player and announces each token's hash, so their
   * sockets close at once on every gateway (the announcements are per token). Answers how many were revoked.
   */
  async function revokeAll(userId: string): Promise<number> {
    const now = clock();
    const { rows } = await db.query<{ token_hash: string }>(
      `update identity_sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and expires_at > $2 returning token_hash`,
      [userId, now],
    );
    rows.forEach((row) => revokedHash(row.token_hash));
    return rows.length;
  }

  return { open, session, authenticate, refresh, revoke, revokeAll, onRevoked };
}

export type SessionService = ReturnType<typeof createSessions>;
