import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { seedDatabase } from '../../server/seed';
import * as tables from '../../server/db/entityTables';
import { companyProfile } from '../../server/db/tables/company';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import data from '../../server/db/seed/data/demo.json';

interface Status {
  present: boolean;
  counts: Record<string, number>;
  companyAsSeeded: boolean;
  blockers: { entity: string; id: number; name: string; reason: string }[];
}

describe.each(databaseKinds())('removing the demo company (issue 25) on %s', (kind) => {
  let api: TestApi;
  const status = async () => (await api.get('/api/demoData')).body as Status;
  const rows = async (table: PgTable) => Number((await api.database.db.select({ n: count() }).from(table))[0].n);

  beforeAll(async () => {
    api = await createTestApi(kind);
    // A customer of the office's own, before the demo arrives: it stays.
    expect(
      (
        await api.post('/api/customers', {
          name: 'Real Customer LLC',
          type: 1,
          address1: '1 Main St',
          city: 'Trenton',
          state: 'NJ',
          zip: '08608',
        })
      ).status,
    ).toBe(201);
  });
  afterAll(() => api?.close());

  it('knows nothing of a demo before one is seeded', async () => {
    expect(await status()).toMatchObject({ present: false, companyAsSeeded: false, blockers: [] });
  });

  it('counts what the seed made, names what real records were added under it, and removes exactly the demo once they are gone', async () => {
    // The demo seed runs on an empty customers table: empty it for the seed, then bring the real customer back.
    const [real] = await api.database.db.select().from(tables.customers);
    await api.database.db.delete(tables.customers);
    await seedDatabase(api.database.db, { demo: true });
    await api.database.db.insert(tables.customers).values(real);

    const seeded = await status();
    expect(seeded.present).toBe(true);
    expect(seeded.companyAsSeeded).toBe(true);
    expect(seeded.blockers).toEqual([]);
    expect(seeded.counts.customers).toBe(data.length);
    expect(seeded.counts.contacts).toBe(data.reduce((n, c) => n + c.contacts.length, 0));
    expect(seeded.counts.estimates).toBeGreaterThan(0);

    // A real contact under a demo customer keeps the demo: named, with why.
    const [demoCustomer] = (await api.get(`/api/customers?searchTerm=${encodeURIComponent(data[0].name)}`)).body.customers;
    const contact = await api.post(`/api/customers/${demoCustomer.id}/contacts`, {
      firstName: 'Pat',
      lastName: 'Real',
      email: 'pat@real.example',
    });
    expect(contact.status).toBe(201);
    const blocked = await status();
    expect(blocked.blockers).toEqual([
      { entity: 'contacts', id: contact.body.id, name: 'Pat Real', reason: "added to the demo's customers since" },
    ]);
    const refused = await api.del('/api/demoData');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Pat Real');
    expect((await status()).counts).toEqual(blocked.counts);

    expect((await api.del(`/api/contacts/${contact.body.id}`)).status).toBe(204);
    const removed = await api.del('/api/demoData');
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toEqual(seeded.counts);
    expect(await status()).toMatchObject({ present: false, companyAsSeeded: false, blockers: [] });
    // The office's own customer, the catalogue and the services stay; the demo letterhead went.
    expect(await rows(tables.customers)).toBe(1);
    expect(await rows(tables.sites)).toBe(0);
    expect(await rows(tables.estimates)).toBe(0);
    expect(await rows(tables.items)).toBeGreaterThan(0);
    expect(await api.database.db.select().from(companyProfile)).toEqual([]);
  });

  it('refuses while a demo record was changed since it was seeded, and keeps a letterhead the office has made its own', async () => {
    await api.database.db.delete(tables.customers);
    await seedDatabase(api.database.db, { demo: true });
    const [site] = (await api.get('/api/sites?limit=1')).body.sites;
    const edit = await api.put(`/api/sites/${site.id}`, { ...site, name: `${site.name} (ours now)` });
    expect(edit.status).toBe(200);
    const company = (await api.get('/api/company')).body;
    expect((await api.put('/api/company', { ...company, logo: undefined, name: 'Our Own Landscaping' })).status).toBe(200);

    const blocked = await status();
    expect(blocked.companyAsSeeded).toBe(false);
    expect(blocked.blockers).toEqual([
      { entity: 'sites', id: site.id, name: `${site.name} (ours now)`, reason: 'changed since it was seeded' },
    ]);
    const refused = await api.del('/api/demoData');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('(ours now)');
    expect((await status()).counts.sites).toBe(blocked.counts.sites);
  });
});
