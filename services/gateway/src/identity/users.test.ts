import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid, openPgliteDatabase, type SqlDatabase } from '@qal/events';
import { migrateIdentity } from './migrations.ts';
import { findPublicUsers } from './users.ts';

let db: SqlDatabase;
const abebe = newUuid();

beforeAll(async () => {
  db = await openPgliteDatabase();
  await migrateIdentity(db);
  await db.query(
    `insert into identity_users (id, phone, name, language, created_at, updated_at) values ($1, '+251911000001', 'Abebe', 'am', now(), now())`,
    [abebe],
  );
});
afterAll(async () => db?.close());

describe('public users', () => {
  it('finds users by id, and answers ids that cannot name a user with nothing rather than an error', async () => {
    const found = await findPublicUsers(db, [abebe, abebe.toUpperCase(), 'not-a-user', '', newUuid()]);
    expect([...found.values()]).toEqual([{ id: abebe, name: 'Abebe', username: null, avatar: null }]);
  });
});
