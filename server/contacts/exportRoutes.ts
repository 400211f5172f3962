import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { contacts } from '../../src/schema';
import { sendFile } from '../documents/attachment';
import type { Db } from '../db/connection';
import { contacts as contactRecords, customers } from '../db/entityTables';
import { CONTACTS_FILE_NAME, CSV_CONTENT_TYPE, type ContactExportRow } from '../documents/contactsCsv';
import { userOwner } from '../work/heavyWork';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { entityTag } from '../openapi/entityRouteDocs';

const downloadDoc: RouteDoc = {
  tag: entityTag(contacts),
  summary: 'Every contact as CSV',
  description: `${CONTACTS_FILE_NAME}, with spreadsheet formula triggers neutralised.`,
  responses: { 200: fileDownload('The CSV file.', CSV_CONTENT_TYPE) },
  errors: [429],
};

/** The contacts as the export lists them (contactsCsvFile writes the file). */
async function contactsForExport(db: Db): Promise<ContactExportRow[]> {
  return db
    .select({
      customerName: customers.name,
      firstName: contactRecords.firstName,
      lastName: contactRecords.lastName,
      phone: contactRecords.phone,
      phoneExtension: contactRecords.phoneExtension,
      email: contactRecords.email,
    })
    .from(contactRecords)
    .innerJoin(customers, eq(customers.id, contactRecords.customerID))
    .orderBy(
      asc(sql`lower(${customers.name})`),
      asc(customers.id),
      asc(sql`lower(${contactRecords.lastName})`),
      asc(sql`lower(${contactRecords.firstName})`),
      asc(contactRecords.id),
    );
}

/** Settings › Exports › Contacts (SPEC §7): every contact as contacts_export.csv. */
export async function contactsExportRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get(`/${contacts.route}/download`, { config: { openapi: downloadDoc } }, async (request, reply) => {
    const file = await api.heavyWork.contactsCsv(userOwner(request.user), await contactsForExport(db));
    return sendFile(reply, file, CONTACTS_FILE_NAME, CSV_CONTENT_TYPE);
  });
}
