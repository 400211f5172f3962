import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../server/db/migrate';

type Journal = { entries: { tag: string }[] };

const readJournal = (folder: string) => JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The journal tag of the migration named `…<suffix>` (its number can change when branches merge). */
export function migrationTag(suffix: string): string {
  const entry = readJournal(migrationsFolder).entries.find((e) => e.tag.endsWith(suffix));
  if (!entry) throw new Error(`No migration is named …${suffix}.`);
  return entry.tag;
}

/**
 * A copy of the migrations folder as it was before `tag`: that migration and the later ones
 * removed from the journal and the folder. The caller removes the copy.
 */
export function migrationsFolderBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'yardstick-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journal = readJournal(dir);
  if (!journal.entries.some((e) => e.tag === tag)) throw new Error(`The journal has no migration ${tag}.`);
  for (const entry of journal.entries.filter((e) => e.tag >= tag)) rmSync(join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}
