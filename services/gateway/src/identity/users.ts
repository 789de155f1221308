import type { SqlExecutor } from '@qal/events';
import type { Lang } from '../http/rejections.ts';

/** A row of identity_users as the gateway uses it. */
export interface UserRecord {
  readonly id: string;
  readonly phone: string;
  readonly name: string;
  readonly username: string | null;
  readonly email: string | null;
  readonly avatar: string | null;
  readonly language: Lang;
  readonly createdAt: Date;
  readonly registrationPublishedAt: Date | null;
}

interface UserRow {
  id: string;
  phone: string;
  name: string;
  username: string | null;
  email: string | null;
  avatar: string | null;
  language: string;
  created_at: Date | string;
  registration_published_at: Date | string | null;
}

export const USER_COLUMNS = 'id, phone, name, username, email, avatar, language, created_at, registration_published_at';

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    language: row.language === 'am' ? 'am' : 'en',
    createdAt: toDate(row.created_at),
    registrationPublishedAt: row.registration_published_at === null ? null : toDate(row.registration_published_at),
  };
}

export async function findUserById(db: SqlExecutor, id: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from identity_users where id = $1`, [id]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export async function findUserByPhone(db: SqlExecutor, phone: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from identity_users where phone = $1`, [phone]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export type { UserRow };

/** A username (case-insensitive, an optional leading @ ignored), or null: how a host invites a player. */
export async function findUserByUsername(db: SqlExecutor, username: string): Promise<UserRecord | null> {
  const name = username.trim().replace(/^@/, '');
  if (name === '') return null;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from identity_users where lower(username) = lower($1)`, [name]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

/** What other players may see of a user: never the phone, the email or anything of the session. */
export interface PublicUser {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
  readonly avatar: string | null;
}

/** A user id as the table writes it out (lower-case): only such ids can name a user. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The public part of several users at once (ids that are not users are simply absent). */
export async function findPublicUsers(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, PublicUser>> {
  const unique = [...new Set(ids)].filter((id) => USER_ID.test(id));
  if (unique.length === 0) return new Map();
  // By the key itself (a room view names its players on every push): comparing the ids as text read every row.
  const { rows } = await db.query<{ id: string; name: string; username: string | null; avatar: string | null }>(
    `select id::text as id, name, username, avatar from identity_users where id = any($1::uuid[])`,
    [unique],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, username: row.username, avatar: row.avatar }]));
}
