import { newUuid, playerStreamId, PLAYER_STREAM_TYPE, uuidFrom, type EventStore, type JsonObject, type SqlDatabase } from '@qal/events';
import type { Clock } from '../clock.ts';
import { reject } from '../http/errors.ts';
import type { Lang } from '../http/rejections.ts';
import { removeAvatar, renderAvatar, saveAvatar } from './avatar.ts';
import { isValidUsername } from './username.ts';
import { findUserById, toUserRecord, USER_COLUMNS, type UserRecord, type UserRow } from './users.ts';

export interface ProfilePatch {
  readonly name?: string;
  /** null clears it. */
  readonly username?: string | null;
  readonly email?: string | null;
  readonly language?: Lang;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';

/** Profile changes: the gateway's row first, then a ProfileChanged event for the other services. */
export function createProfiles(deps: {
  db: SqlDatabase;
  store: EventStore;
  clock: Clock;
  storageDir: string;
  /** The row changed (before its event is appended): for what remembers profiles in this process. */
  onChanged?: (userId: string) => void;
}) {
  const { db, store, clock } = deps;

  async function publishChange(userId: string, changes: JsonObject, at: Date, eventId = newUuid()): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    deps.onChanged?.(userId);
    await store.append([
      {
        streamId: playerStreamId(userId),
        streamType: PLAYER_STREAM_TYPE,
        expectedVersion: 'any',
        events: [{ eventId, type: 'ProfileChanged', data: { userId, ...changes, changedAt: at.toISOString() } }],
      },
    ]);
  }

  async function usernameAvailable(username: string, exceptUserId?: string): Promise<boolean> {
    if (!isValidUsername(username)) reject('invalid_username');
    const { rows } = await db.query<{ id: string }>(`select id from identity_users where lower(username) = lower($1)`, [username]);
    return rows.every((r) => r.id === exceptUserId);
  }

  async function update(userId: string, patch: ProfilePatch): Promise<UserRecord> {
    const before = await findUserById(db, userId);
    if (!before) reject('unauthorized');
    if (patch.username && !(await usernameAvailable(patch.username, userId))) reject('username_taken');
    const now = clock();
    let row: UserRow | undefined;
    try {
      const result = await db.query<UserRow>(
        `update identity_users set
            name = coalesce($2, name),
            username = case when $3::boolean then $4 else username end,
            email = case when $5::boolean then $6 else email end,
            language = coalesce($7, language),
            updated_at = $8
          where id = $1 returning ${USER_COLUMNS}`,
        [
          userId,
          patch.name ?? null,
          patch.username !== undefined,
          patch.username ?? null,
          patch.email !== undefined,
          patch.email ?? null,
          patch.language ?? null,
          now,
        ],
      );
      row = result.rows[0];
    } catch (error) {
      if (isUniqueViolation(error)) reject('username_taken');
      throw error;
    }
    const after = toUserRecord(row!);
    const changes: JsonObject = {};
    if (after.name !== before!.name) changes.name = after.name;
    if (after.username !== before!.username) changes.username = after.username;
    if (after.language !== before!.language) changes.language = after.language;
    await publishChange(userId, changes, now);
    return after;
  }

  async function setAvatar(userId: string, upload: Buffer): Promise<UserRecord> {
    const webp = await renderAvatar(upload);
    const url = await saveAvatar(deps.storageDir, userId, webp);
    const now = clock();
    const { rows } = await db.query<UserRow & { previous: string | null }>(
      `update identity_users u set avatar = $2, updated_at = $3
         from (select avatar as previous from identity_users where id = $1) p
        where u.id = $1 returning ${USER_COLUMNS}, p.previous`,
      [userId, url, now],
    );
    const row = rows[0];
    if (!row) reject('unauthorized');
    // The same picture uploaded twice has the same file name: only a different old file is removed.
    if (row!.previous && row!.previous !== url) await removeAvatar(deps.storageDir, row!.previous);
    await publishChange(userId, { avatar: url }, now, uuidFrom('avatar', userId, url, now.toISOString()));
    return toUserRecord(row!);
  }

  return { update, usernameAvailable, setAvatar, publishChange };
}

export type Profiles = ReturnType<typeof createProfiles>;
