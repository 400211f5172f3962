import { describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { defineEntity, estimates, lookup, reference, sites, string } from '../../src/schema';
import { estimates as estimatesTable, sites as sitesTable } from '../../server/db/entityTables';
import { ownSearchFields } from '../../server/db/tableFromEntity';
import { copyRoutines, copyStatements, lookupCopies } from '../../server/db/lookupCopies';

describe('copied lookups', () => {
  it('refuses a searched lookup that is not copied (its search would read every joined row)', () => {
    const declare = (copy: boolean) =>
      defineEntity({
        name: 'visits',
        table: 'visits',
        route: 'visits',
        prefix: 'visit',
        listKey: 'visits',
        singular: 'visit',
        plural: 'visits',
        fields: {
          siteID: reference('Site', { entity: 'sites', onDelete: 'cascade' }),
          note: string('Note', { sortable: true }),
          siteName: lookup('Site', 'siteID', 'name', { search: true, copy }),
        },
        defaultSort: { key: 'visit_note', direction: 'ASC' },
      });
    expect(() => declare(false)).toThrow('visits.siteName: a searched lookup is copied (copy: true)');
    expect(() => declare(true)).not.toThrow();
  });

  it('get a column typed like the field they copy, in the search text when searched, indexed as declared', () => {
    const column = (table: typeof estimatesTable, name: string) => getTableConfig(table).columns.find((c) => c.name === name);
    expect(column(estimatesTable, 'estimate_customer_name')?.getSQLType()).toBe('varchar(250)');
    expect(column(estimatesTable, 'estimate_customer_name')?.notNull).toBe(false);
    expect(ownSearchFields(estimates).map((f) => f.name)).toEqual(['number', 'customerName', 'projectName']);
    // A site's copy is searched by the sites list (issue 20, defect 9) and by the operations view (its own indexes).
    expect(ownSearchFields(sites).map((f) => f.name)).toEqual(['name', 'customerName', 'address1', 'city', 'zip']);
    const siteIndexes = getTableConfig(sitesTable).indexes.map((i) => i.config.name);
    expect(siteIndexes).toEqual(expect.arrayContaining(['sites_site_customer_name_trgm', 'sites_site_customer_name_lower_idx']));
    expect([...sites.sortKeys.keys()]).not.toContain('site_customer_name');
    expect(sites.sortKeys.get('customer_name')).toBe('customerName');
  });

  it('are kept by a trigger reading the source on write and one spreading a change of it', () => {
    const [estimateCopy] = lookupCopies().filter((c) => c.table === 'estimates');
    const { read, spread } = copyRoutines(estimateCopy);
    const statements = copyStatements(estimateCopy).join('\n');
    expect(statements).toContain(
      `CREATE OR REPLACE TRIGGER "${read}" BEFORE INSERT OR UPDATE OF "customer_id", "estimate_customer_name" ON "estimates"`,
    );
    expect(statements).toContain(
      'NEW."estimate_customer_name" := (SELECT "customer_name" FROM "customers" WHERE "customer_id" = NEW."customer_id")',
    );
    expect(statements).toContain(`CREATE OR REPLACE TRIGGER "${spread}" AFTER UPDATE OF "customer_name" ON "customers"`);
    expect(statements).toContain(
      'UPDATE "estimates" SET "estimate_customer_name" = NEW."customer_name" WHERE "customer_id" = NEW."customer_id"',
    );
    expect([read, spread].every((n) => n.length <= 63)).toBe(true);
  });
});
