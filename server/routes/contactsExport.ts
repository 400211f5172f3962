import type { FastifyInstance } from 'fastify';
import { contacts } from '../../src/schema';
import { sendFile } from '../documents/attachment';
import { CONTACTS_FILE_NAME, contactsCsv, CSV_CONTENT_TYPE } from '../documents/contactsCsv';

/** Settings › Exports › Contacts (SPEC §7): every contact as contacts_export.csv. */
export async function contactsExportRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get(`/${contacts.route}/download`, async (_request, reply) =>
    sendFile(reply, await contactsCsv(db), CONTACTS_FILE_NAME, CSV_CONTENT_TYPE),
  );
}
