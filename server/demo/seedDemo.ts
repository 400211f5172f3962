import { count } from 'drizzle-orm';
import { contacts, customers, sites } from '../../src/schema';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { siteServices } from '../db/tables/siteServices';
import { insertRecord } from '../crud/records';
import { seedDemoEstimates } from './seedDemoEstimates';
import { recordDemoRecords } from './demoRecords';
import data from '../db/seed/data/demo.json';

const siteKey = (customer: string, site: string) => JSON.stringify([customer, site]);

/**
 * The demo company of STARTER-DATA.md (customers with their contacts, sites and assigned
 * services, and their estimates), through the same validation as the API, into an empty
 * customers table.
 */
export async function seedDemo(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(tables.customers);
  if (Number(n) > 0) return;
  const serviceTable = tables.services;
  const serviceRows = await db.select({ id: serviceTable.id, name: serviceTable.name }).from(serviceTable);
  const serviceIds = new Map(serviceRows.map((s) => [s.name, s.id]));

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const siteIds = new Map<string, number>();
    for (const { contacts: people, sites: places, ...customer } of data) {
      const customerID = await insertRecord(txDb, customers, customer);
      for (const person of people) await insertRecord(txDb, contacts, { ...person, customerID });
      for (const { services: assigned, ...place } of places) {
        const siteID = await insertRecord(txDb, sites, { ...place, customerID });
        if (!siteIds.has(siteKey(customer.name, place.name))) siteIds.set(siteKey(customer.name, place.name), siteID);
        const ids = assigned.map((name) => serviceIds.get(name)).filter((id): id is number => id !== undefined);
        if (ids.length) await tx.insert(siteServices).values(ids.map((serviceID) => ({ siteID, serviceID })));
      }
    }
    await seedDemoEstimates(txDb, (customer, site) => siteIds.get(siteKey(customer, site)));
    // Settings › Demo data removes exactly these (the tables were empty before).
    await recordDemoRecords(txDb);
  });
}
