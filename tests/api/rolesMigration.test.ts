/**
 * The roles migration (issue 26's roles) on a database that already has users: its hand-written part
 * makes the lowest-id active user the administrator; everyone else is staff, and nobody's
 * password becomes one-time.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/migrate';
import { migrationsFolderBefore, migrationTag } from '../helpers/migrationsBefore';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const MIGRATION = migrationTag('_roles');

describe.each(databaseKinds())(`migration ${MIGRATION} on a database with users (%s)`, (kind) => {
  let database: TestDatabase | undefined;
  const dir = migrationsFolderBefore(MIGRATION);
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes the lowest-id active user admin and the others staff, none of them one-time', async () => {
    database = await openTestDatabase(kind, dir);
    const { db } = database;
    await db.execute(sql`
      INSERT INTO users (user_username, user_first_name, user_last_name, user_password_hash, user_active) VALUES
        ('gone', 'Gone', 'Away', 'x', false),
        ('owner', 'Olive', 'Owner', 'x', true),
        ('clerk', 'Cleo', 'Clerk', 'x', true)`);
    await migrateDatabase(database);
    const { rows } = (await db.execute(
      sql`SELECT user_username AS username, user_role AS role, user_must_change_password AS "mustChange" FROM users ORDER BY user_id`,
    )) as unknown as { rows: { username: string; role: string; mustChange: boolean }[] };
    expect(rows).toEqual([
      { username: 'gone', role: 'staff', mustChange: false },
      { username: 'owner', role: 'admin', mustChange: false },
      { username: 'clerk', role: 'staff', mustChange: false },
    ]);
  });
});
