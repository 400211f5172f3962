import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { agreements as agreementEntity } from '../../src/schema';
import { entityTag } from '../../src/schema/actions/defineAction';
import { SCAN_MAX_BYTES, signedOnPaperMessages } from '../../src/schema/actions/agreements';
import { getRecord } from '../crud/records';
import { parseId } from '../crud/registerEntityRoutes';
import { sendFile } from '../documents/attachment';
import { agreementScans } from '../db/tables/agreements';
import { HttpError, notFound } from '../errors';
import { idParams } from '../openapi/commonSchemas';
import { fileDownload, rawBody, type RouteDoc } from '../openapi/routeDoc';
import { z } from 'zod';

const SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const EXTENSIONS: Record<(typeof SCAN_TYPES)[number], string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** What the file is by its first bytes (never by what the request claims). */
function scanType(bytes: Buffer): (typeof SCAN_TYPES)[number] | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

const TAG = entityTag(agreementEntity);
const docs = {
  put: {
    tag: TAG,
    summary: 'Attach the signed scan',
    description: 'The signed paper (PDF, JPEG or PNG, at most 10 MB) as the body; replaces one attached before.',
    params: idParams,
    body: rawBody('The file.', ...SCAN_TYPES),
    responses: { 200: z.object({ contentType: z.string(), bytes: z.number().int(), sha256: z.string() }) },
  },
  get: {
    tag: TAG,
    summary: 'The signed scan',
    params: idParams,
    responses: { 200: fileDownload('The file as uploaded (404 when none is).', ...SCAN_TYPES) },
  },
} satisfies Record<string, RouteDoc>;

const refused = (message: string) => new HttpError(400, message, { scan: message });

/** The signed scan of an agreement marked signed on paper (issue 40): the file itself as the body. */
export async function agreementScanRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  // The file whatever type the request claims (a browser may call a scan anything): its bytes decide.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SCAN_MAX_BYTES }, (_request, body, done) => done(null, body));

  api.put<{ Params: { id: string } }>(
    '/agreements/:id/scan',
    { config: { openapi: docs.put }, bodyLimit: SCAN_MAX_BYTES },
    async (request) => {
      const agreement = await getRecord(db, agreementEntity, parseId(request.params.id));
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || !bytes.length) throw refused(signedOnPaperMessages.scanType);
      const contentType = scanType(bytes);
      if (!contentType) throw refused(signedOnPaperMessages.scanType);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const row = { contentType, bytes, sha256, uploadedAt: new Date(api.deps.now()), uploadedBy: request.user?.id ?? null };
      await db
        .insert(agreementScans)
        .values({ agreementID: agreement.id as number, ...row })
        .onConflictDoUpdate({ target: agreementScans.agreementID, set: row });
      return { contentType, bytes: bytes.length, sha256 };
    },
  );

  api.get<{ Params: { id: string } }>('/agreements/:id/scan', { config: { openapi: docs.get } }, async (request, reply) => {
    const agreement = await getRecord(db, agreementEntity, parseId(request.params.id));
    const [scan] = await db
      .select()
      .from(agreementScans)
      .where(eq(agreementScans.agreementID, agreement.id as number));
    if (!scan) throw notFound('This agreement has no signed scan.');
    const type = scan.contentType as (typeof SCAN_TYPES)[number];
    return sendFile(reply, scan.bytes, `agreement-${agreement.number}-signed.${EXTENSIONS[type] ?? 'bin'}`, type);
  });
}
