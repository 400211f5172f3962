import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { seedTerms } from '../../server/db/seed/terms';
import { sanitizeRichText } from '../../server/richText';
import { termsConditions as table } from '../../server/db/entityTables';
import data from '../../server/db/seed/data/terms.json';
import { openTestDatabase, databaseKinds, type TestDatabase } from '../helpers/testDatabase';

describe.each(databaseKinds())('starter terms and conditions on %s', (kind) => {
  let database: TestDatabase;
  const load = () => database.db.select().from(table).orderBy(asc(table.order));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('loads the terms in their order, payment and acceptance always included', async () => {
    await seedTerms(database.db);
    const rows = await load();
    expect(rows.map((t) => [t.order, t.name, t.isAuto])).toEqual([
      [1, 'Payment Terms', 1],
      [2, 'Acceptance', 1],
      [3, 'Plant Warranty', 0],
      [4, 'Utilities', 0],
      [5, 'Snow Services', 0],
      [6, 'Changes to Scope', 0],
    ]);
    expect(rows[0].content).toContain('<strong>net 30 days</strong>');
  });

  it('stores the content as the sanitiser leaves it (the data file needs no cleaning)', async () => {
    const rows = await load();
    for (const term of data.termsConditions) {
      const stored = rows.find((r) => r.name === term.name)!;
      expect(stored.content).toBe(sanitizeRichText(term.content));
      expect(sanitizeRichText(term.content)).toBe(term.content.replace(/<br>/g, '<br />'));
    }
  });

  it('a second start changes nothing', async () => {
    const first = await load();
    await seedTerms(database.db);
    expect(await load()).toEqual(first);
  });
});
