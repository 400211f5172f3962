/**
 * The roles migration (issue 26's roles) on a database that already has users: its hand-written part
 * makes the lowest-id active user the administrator; everyone else is staff, and nobody's
 * password becomes one-time.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../../server/db/migrate';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

const MIGRATION = journalTag('_roles');

function journalTag(suffix: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.find((e) => e.tag.endsWith(suffix))!.tag;
}

/** The migrations folder as it was before MIGRATION. */
function folderBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'yardstick-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  for (const entry of journal.entries.filter((e) => e.tag >= MIGRATION)) rmSync(join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.tag < MIGRATION);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(databaseKinds())(`migration ${MIGRATION} on a database with users (%s)`, (kind) => {
  let database: TestDatabase | undefined;
  const dir = folderBefore();
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
