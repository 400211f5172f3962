import type { FastifyInstance } from 'fastify';
import { contacts } from '../../src/schema';
import { sendFile } from '../documents/attachment';
import { CONTACTS_FILE_NAME, contactsForExport, CSV_CONTENT_TYPE } from '../documents/contactsCsv';
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

/** Settings › Exports › Contacts (SPEC §7): every contact as contacts_export.csv. */
export async function contactsExportRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get(`/${contacts.route}/download`, { config: { openapi: downloadDoc } }, async (request, reply) => {
    const file = await api.heavyWork.contactsCsv(userOwner(request.user), await contactsForExport(db));
    return sendFile(reply, file, CONTACTS_FILE_NAME, CSV_CONTENT_TYPE);
  });
}
