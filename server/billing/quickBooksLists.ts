import { asc, eq, inArray, sql } from 'drizzle-orm';
import { quickBooksCustomersCsv, quickBooksProductsCsv } from '../../src/domain/quickBooksExport';
import type { Db } from '../db/connection';
import { agreements, contacts, customers } from '../db/entityTables';
import { agreementLines } from '../db/tables/agreements';

/** The customers with agreements, in QuickBooks Online's customer import layout, with their first contact's email and phone. */
export async function quickBooksCustomersFile(db: Db): Promise<string> {
  const withAgreements = db.selectDistinct({ id: agreements.customerID }).from(agreements);
  const firstContact = sql`(select min(${contacts.id}) from ${contacts} where ${contacts.customerID} = ${customers.id})`;
  const rows = await db
    .select({
      displayName: customers.name,
      street: sql<string>`concat_ws(' ', nullif(${customers.address1}, ''), nullif(${customers.address2}, ''))`,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      email: contacts.email,
      phone: contacts.phone,
    })
    .from(customers)
    .leftJoin(contacts, eq(contacts.id, firstContact))
    .where(inArray(customers.id, withAgreements))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
  return quickBooksCustomersCsv(rows.map((row) => ({ ...row, country: 'US' })));
}

/** The agreement lines' names as services, each once, at its newest per-visit price (or none). */
export async function quickBooksProductsFile(db: Db): Promise<string> {
  const rows = await db
    .selectDistinctOn([sql`lower(${agreementLines.name})`], { name: agreementLines.name, rate: agreementLines.visitPrice })
    .from(agreementLines)
    .orderBy(sql`lower(${agreementLines.name})`, sql`${agreementLines.id} desc`);
  return quickBooksProductsCsv(rows.map((row) => ({ name: row.name, description: row.name, rate: row.rate ?? 0 })));
}
