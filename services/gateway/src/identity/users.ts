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
